/**
 * Count one write of a session's member in the fixed window starting at `windowStart` (ms) and return the window's
 * count after it (a new window starts the count again at 1), or null when the session's family was revoked: then
 * nothing is counted. One statement, so parallel writes never lose a count, and the write's session check costs no
 * second round trip (the revocation is sessions.ts's table, read here only as a condition).
 */
export async function countSessionWrite(db: D1Database, memberId: number, familyId: string, windowStart: number): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO write_rates (member_id, window_start, count)
       SELECT ?1, ?2, 1 WHERE NOT EXISTS (SELECT 1 FROM revoked_sessions WHERE family_id = ?3)
       ON CONFLICT (member_id) DO UPDATE SET
         count = CASE WHEN write_rates.window_start = ?2 THEN write_rates.count + 1 ELSE 1 END,
         window_start = ?2
       RETURNING count`,
    )
    .bind(memberId, windowStart, familyId)
    .first<{ count: number }>();
  return row?.count ?? null;
}
