// What a member received as gifts, summed from the ledger (migration 0007): into their earnings account.

export interface ReceivedTotals {
  /** Luv received as gifts, all time. */
  total: number;
  /** Of which since `since` (epoch seconds, as ledger_movements.created_at). */
  since: number;
  /** How many gifts. */
  count: number;
}

export async function receivedTotals(db: D1Database, memberId: number, sinceSeconds: number): Promise<ReceivedTotals> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(e.amount), 0) AS total, COALESCE(SUM(CASE WHEN mv.created_at >= ?2 THEN e.amount ELSE 0 END), 0) AS since, COUNT(*) AS count
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = ?1 AND a.kind = 'earnings'
       JOIN ledger_movements mv ON mv.id = e.movement_id AND mv.kind = 'gift'
       WHERE e.amount > 0`,
    )
    .bind(memberId, sinceSeconds)
    .first<ReceivedTotals>();
  return row ?? { total: 0, since: 0, count: 0 };
}
