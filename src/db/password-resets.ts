// Password reset tokens from find-password (password_resets), stored hashed.

export async function insertPasswordReset(db: D1Database, tokenHash: string, memberId: number, expiresAt: number): Promise<void> {
  await db.prepare('INSERT INTO password_resets (token_hash, member_id, expires_at) VALUES (?, ?, ?)').bind(tokenHash, memberId, expiresAt).run();
}

/** Use the member's reset token once; false when it is unknown, used, expired or another member's. */
export async function claimPasswordReset(db: D1Database, tokenHash: string, memberId: number, now: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND member_id = ? AND used_at IS NULL AND expires_at > ? RETURNING member_id')
    .bind(now, tokenHash, memberId, now)
    .first();
  return row !== null;
}
