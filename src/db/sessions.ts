export interface RefreshRow {
  tokenHash: string;
  familyId: string;
  memberId: number;
  expiresAt: number;
  familyExpiresAt: number;
  usedAt: number | null;
  replacedBy: string | null;
  revokedAt: number | null;
}

export function insertRefreshStatement(db: D1Database, r: { hash: string; familyId: string; memberId: number; expiresAt: number; familyExpiresAt: number }): D1PreparedStatement {
  return db
    .prepare('INSERT INTO refresh_tokens (token_hash, family_id, member_id, expires_at, family_expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(r.hash, r.familyId, r.memberId, r.expiresAt, r.familyExpiresAt);
}

export function findRefresh(db: D1Database, hash: string): Promise<RefreshRow | null> {
  return db
    .prepare(
      `SELECT token_hash AS tokenHash, family_id AS familyId, member_id AS memberId, expires_at AS expiresAt, family_expires_at AS familyExpiresAt,
         used_at AS usedAt, replaced_by AS replacedBy, revoked_at AS revokedAt
       FROM refresh_tokens WHERE token_hash = ?`,
    )
    .bind(hash)
    .first<RefreshRow>();
}

/**
 * Rotate in one transaction: mark the old token used (only if still unused) and insert its successor
 * only if that mark was ours. Returns false when someone used the token first.
 */
export async function rotateRefresh(
  db: D1Database,
  oldHash: string,
  next: { hash: string; familyId: string; memberId: number; expiresAt: number; familyExpiresAt: number },
  now: number,
): Promise<boolean> {
  const [update] = await db.batch([
    db.prepare('UPDATE refresh_tokens SET used_at = ?, replaced_by = ? WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL').bind(now, next.hash, oldHash),
    db
      .prepare(
        `INSERT INTO refresh_tokens (token_hash, family_id, member_id, expires_at, family_expires_at)
         SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM refresh_tokens WHERE token_hash = ? AND replaced_by = ?)`,
      )
      .bind(next.hash, next.familyId, next.memberId, next.expiresAt, next.familyExpiresAt, oldHash, next.hash),
  ]);
  return update!.meta.changes === 1;
}

export function revokeFamilyStatements(db: D1Database, familyId: string, now: number): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL').bind(now, familyId),
    db.prepare('INSERT OR IGNORE INTO revoked_sessions (family_id, revoked_at) VALUES (?, ?)').bind(familyId, now),
  ];
}

export async function revokeFamily(db: D1Database, familyId: string, now: number): Promise<void> {
  await db.batch(revokeFamilyStatements(db, familyId, now));
}

export function revokeMemberStatements(db: D1Database, memberId: number, now: number): D1PreparedStatement[] {
  return [
    db.prepare('INSERT OR IGNORE INTO revoked_sessions (family_id, revoked_at) SELECT DISTINCT family_id, ? FROM refresh_tokens WHERE member_id = ?').bind(now, memberId),
    db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL').bind(now, memberId),
  ];
}

export async function isFamilyRevoked(db: D1Database, familyId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM revoked_sessions WHERE family_id = ?').bind(familyId).first()) !== null;
}

/** When the family's login ends (its absolute expiry), or null when it has no live refresh token. */
export async function familyExpiry(db: D1Database, familyId: string): Promise<number | null> {
  const row = await db.prepare('SELECT MAX(family_expires_at) AS at FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL').bind(familyId).first<{ at: number | null }>();
  return row?.at ?? null;
}

export async function recordReauth(db: D1Database, familyId: string, memberId: number, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO session_reauth (family_id, member_id, verified_at) VALUES (?1, ?2, ?3) ON CONFLICT(family_id) DO UPDATE SET verified_at = ?3 WHERE member_id = ?2')
    .bind(familyId, memberId, now)
    .run();
}

/** When the member last proved themself in this session family, or null. */
export async function lastReauth(db: D1Database, familyId: string, memberId: number): Promise<number | null> {
  const row = await db.prepare('SELECT verified_at AS at FROM session_reauth WHERE family_id = ? AND member_id = ?').bind(familyId, memberId).first<{ at: number }>();
  return row?.at ?? null;
}
