// Double-submit claims (double_submit_claims): one row per member, route and amount while its window lasts.

/**
 * Claim `claimKey` at `now` unless it was claimed within `windowMs`: the upsert replaces only an expired claim and
 * SQLite runs it atomically, so of any number of simultaneous submits exactly one wins (true). The member's expired
 * claims are deleted in the same batch, which keeps the table to the claims still in force.
 */
export async function claimSubmit(db: D1Database, claimKey: string, memberId: number, now: number, windowMs: number): Promise<boolean> {
  const [, claimed] = await db.batch([
    db.prepare('DELETE FROM double_submit_claims WHERE member_id = ? AND claimed_at <= ?').bind(memberId, now - windowMs),
    db
      .prepare(
        `INSERT INTO double_submit_claims (claim_key, member_id, claimed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT(claim_key) DO UPDATE SET claimed_at = excluded.claimed_at WHERE double_submit_claims.claimed_at <= ?3 - ?4
         RETURNING claim_key`,
      )
      .bind(claimKey, memberId, now, windowMs),
  ]);
  return (claimed?.results.length ?? 0) > 0;
}

/** Give back the claim made at `claimedAt` (its call was refused and moved nothing), so the same submit may go at once. */
export async function releaseSubmit(db: D1Database, claimKey: string, claimedAt: number): Promise<void> {
  await db.prepare('DELETE FROM double_submit_claims WHERE claim_key = ? AND claimed_at = ?').bind(claimKey, claimedAt).run();
}
