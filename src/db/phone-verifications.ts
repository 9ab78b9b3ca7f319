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

/** The phone's digits as an expression of phone_key, the one its index (phone_verifications_digits) is on. */
const DIGITS = "substr(phone_key, instr(phone_key, ':') + 1)";

/**
 * Use the verification token once; the phone key it was for when it matched and was verified after `verifiedAfter`,
 * else null. Without `phoneKey` the phone's digits find it (the token names one row of them).
 */
export async function consumePhoneVerifiedToken(db: D1Database, phone: { phoneKey: string } | { digits: string }, tokenHash: string, verifiedAfter: number): Promise<string | null> {
  const [where, value] = 'phoneKey' in phone ? ['phone_key = ?', phone.phoneKey] : [`${DIGITS} = ?`, phone.digits];
  const row = await db
    .prepare(`UPDATE phone_verifications SET verified_token = NULL WHERE ${where} AND verified_token = ? AND verified_at > ? RETURNING phone_key AS phoneKey`)
    .bind(value, tokenHash, verifiedAfter)
    .first<{ phoneKey: string }>();
  return row?.phoneKey ?? null;
}

/** The phone key a code was last sent to for these digits (any country) after `sentAfter`, or null. */
export async function latestPhoneKeyOf(db: D1Database, digits: string, sentAfter: number): Promise<string | null> {
  const row = await db
    .prepare(`SELECT phone_key AS phoneKey FROM phone_verifications WHERE ${DIGITS} = ? AND sent_at > ? ORDER BY sent_at DESC LIMIT 1`)
    .bind(digits, sentAfter)
    .first<{ phoneKey: string }>();
  return row?.phoneKey ?? null;
}
