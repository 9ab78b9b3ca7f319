/**
 * Count one write of `memberId` in the fixed window starting at `windowStart` (ms) and return the window's count
 * after it: a new window starts the count again at 1. One statement, so parallel writes never lose a count.
 */
export async function countWrite(db: D1Database, memberId: number, windowStart: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO write_rates (member_id, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (member_id) DO UPDATE SET
         count = CASE WHEN write_rates.window_start = ?2 THEN write_rates.count + 1 ELSE 1 END,
         window_start = ?2
       RETURNING count`,
    )
    .bind(memberId, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 1;
}
