// Phone codes (phone_verifications): one row per phone, keyed "<country code>:<digits>".

/**
 * Store a new code unless one was sent within `lockMs`: the upsert only replaces a row older than the
 * lock, and SQLite runs it atomically, so of any number of simultaneous sends exactly one wins (true).
 */
export async function claimPhoneCode(db: D1Database, phoneKey: string, codeHash: string, now: number, lockMs: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO phone_verifications (phone_key, code_hash, sent_at, attempts) VALUES (?1, ?2, ?3, 0)
       ON CONFLICT(phone_key) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at, attempts = 0,
         verified_token = NULL, verified_at = NULL
       WHERE phone_verifications.sent_at <= ?3 - ?4
       RETURNING phone_key`,
    )
    .bind(phoneKey, codeHash, now, lockMs)
    .first();
  return row !== null;
}

/** Withdraw the code sent at `sentAt` (its SMS failed), so the phone may ask again at once. */
export async function deletePhoneCode(db: D1Database, phoneKey: string, sentAt: number): Promise<void> {
  await db.prepare('DELETE FROM phone_verifications WHERE phone_key = ? AND sent_at = ?').bind(phoneKey, sentAt).run();
}

/** Spend one check on the phone's code; its hash while tries remain and it was sent after `sentAfter`, else null. */
export async function takeCodeAttempt(db: D1Database, phoneKey: string, maxAttempts: number, sentAfter: number): Promise<string | null> {
  const row = await db
    .prepare('UPDATE phone_verifications SET attempts = attempts + 1 WHERE phone_key = ? AND attempts < ? AND sent_at > ? RETURNING code_hash AS codeHash')
    .bind(phoneKey, maxAttempts, sentAfter)
    .first<{ codeHash: string }>();
  return row?.codeHash ?? null;
}

export async function setPhoneVerifiedToken(db: D1Database, phoneKey: string, tokenHash: string, now: number): Promise<void> {
  await db.prepare('UPDATE phone_verifications SET verified_token = ?, verified_at = ? WHERE phone_key = ?').bind(tokenHash, now, phoneKey).run();
}

/** Use the verification token once: true when it matched and was verified after `verifiedAfter`. */
export async function consumePhoneVerifiedToken(db: D1Database, phoneKey: string, tokenHash: string, verifiedAfter: number): Promise<boolean> {
  const result = await db.prepare('UPDATE phone_verifications SET verified_token = NULL WHERE phone_key = ? AND verified_token = ? AND verified_at > ?').bind(phoneKey, tokenHash, verifiedAfter).run();
  return result.meta.changes === 1;
}
