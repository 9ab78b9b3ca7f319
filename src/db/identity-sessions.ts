// Identity verification sessions (identity_sessions): started by us, completed by the provider, used once.

/** What a completed verification recorded about the person (adult: 0 or 1). */
export interface IdentitySessionRow {
  name: string;
  birthday: string;
  gender: 'M' | 'F';
  phone: string;
  adult: number;
  /** The person's CI (NICE's, or the dev form's keyed hash); null when the provider gave none. */
  ci: string | null;
}

export async function insertIdentitySession(db: D1Database, s: { id: string; purpose: string; provider: string; loginId: string | null; providerRef?: string; providerKey?: string }): Promise<void> {
  await db
    .prepare('INSERT INTO identity_sessions (id, purpose, provider, login_id, provider_ref, provider_key) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(s.id, s.purpose, s.provider, s.loginId, s.providerRef ?? null, s.providerKey ?? null)
    .run();
}

/** An open session the provider's answer names (by its own request id), started within `ttlS` seconds. */
export function findOpenSessionByRef(db: D1Database, providerRef: string, ttlS: number): Promise<{ id: string; purpose: string; loginId: string | null; providerKey: string } | null> {
  return db
    .prepare(
      `SELECT id, purpose, login_id AS loginId, provider_key AS providerKey FROM identity_sessions
       WHERE provider_ref = ? AND provider_key IS NOT NULL AND completed_at IS NULL AND created_at > unixepoch() - ?`,
    )
    .bind(providerRef, ttlS)
    .first();
}

/** Close a session whose verification the provider reported as failed (no authKey); false when it was not open. */
export async function failIdentitySession(db: D1Database, sessionId: string): Promise<boolean> {
  return (await db.prepare('UPDATE identity_sessions SET completed_at = unixepoch() WHERE id = ? AND completed_at IS NULL RETURNING id').bind(sessionId).first()) !== null;
}

/** Record the result on a session started within `ttlS` seconds and not completed yet; false otherwise. */
export async function completeIdentitySession(db: D1Database, sessionId: string, authKey: string, result: IdentitySessionRow, ttlS: number): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE identity_sessions SET auth_key = ?, name = ?, birthday = ?, gender = ?, phone = ?, adult = ?, ci = ?, completed_at = unixepoch()
       WHERE id = ? AND completed_at IS NULL AND created_at > unixepoch() - ? RETURNING id`,
    )
    .bind(authKey, result.name, result.birthday, result.gender, result.phone, result.adult, result.ci, sessionId, ttlS)
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
       RETURNING name, birthday, gender, phone, adult, ci`,
    )
    .bind(authKey, purpose, ttlS, loginId, loginId)
    .first<IdentitySessionRow>();
}

/**
 * The result an authKey holds, without using it: still unused, for `purpose`, within `ttlS` seconds of
 * completion. Lets a caller decide whether to spend it (linking by identity spends it only on a match).
 */
export function peekIdentitySession(db: D1Database, authKey: string, purpose: string, ttlS: number): Promise<IdentitySessionRow | null> {
  return db
    .prepare(
      `SELECT name, birthday, gender, phone, adult, ci FROM identity_sessions
       WHERE auth_key = ? AND purpose = ? AND used_at IS NULL AND completed_at > unixepoch() - ?`,
    )
    .bind(authKey, purpose, ttlS)
    .first<IdentitySessionRow>();
}
