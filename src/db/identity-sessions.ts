// Identity verification sessions (identity_sessions): started by us, completed by the provider, used once.

/** What a completed verification recorded about the person (adult: 0 or 1). */
export interface IdentitySessionRow {
  name: string;
  birthday: string;
  gender: 'M' | 'F';
  phone: string;
  adult: number;
}

export async function insertIdentitySession(db: D1Database, s: { id: string; purpose: string; provider: string; loginId: string | null }): Promise<void> {
  await db.prepare('INSERT INTO identity_sessions (id, purpose, provider, login_id) VALUES (?, ?, ?, ?)').bind(s.id, s.purpose, s.provider, s.loginId).run();
}

/** Record the result on a session started within `ttlS` seconds and not completed yet; false otherwise. */
export async function completeIdentitySession(db: D1Database, sessionId: string, authKey: string, result: IdentitySessionRow, ttlS: number): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE identity_sessions SET auth_key = ?, name = ?, birthday = ?, gender = ?, phone = ?, adult = ?, completed_at = unixepoch()
       WHERE id = ? AND completed_at IS NULL AND created_at > unixepoch() - ? RETURNING id`,
    )
    .bind(authKey, result.name, result.birthday, result.gender, result.phone, result.adult, sessionId, ttlS)
    .first();
  return row !== null;
}

/**
 * Use an authKey once: only for the purpose it was started for, within `ttlS` seconds of completion, and
 * (loginId given) for that login ID. The recorded result, or null.
 */
export function consumeIdentitySession(db: D1Database, authKey: string, purpose: string, ttlS: number, loginId: string | null): Promise<IdentitySessionRow | null> {
  return db
    .prepare(
      `UPDATE identity_sessions SET used_at = unixepoch()
       WHERE auth_key = ? AND purpose = ? AND used_at IS NULL AND completed_at > unixepoch() - ? AND (? IS NULL OR login_id = ? COLLATE NOCASE)
       RETURNING name, birthday, gender, phone, adult`,
    )
    .bind(authKey, purpose, ttlS, loginId, loginId)
    .first<IdentitySessionRow>();
}
