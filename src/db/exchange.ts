// The exchange event's counters (migration 0015): what members applied per event, with the caps bound in.
// The statements here go `alongside` the exchange's ledger movement (src/api/services/exchange.ts): the
// CHECK on each row makes the upsert throw when a cap would be passed, and the whole batch is undone.

export interface ExchangeCounts {
  /** This member's applied amount in the event, and all members'. */
  member: number;
  total: number;
}

/** What was applied so far in this event, by this member and by everyone (0 before the first apply). */
export async function exchangeCounts(db: D1Database, eventId: string, memberId: number | null): Promise<ExchangeCounts> {
  const row = await db
    .prepare(
      `SELECT COALESCE((SELECT applied FROM exchange_member_totals WHERE event_id = ?1 AND member_id = ?2), 0) AS member,
              COALESCE((SELECT applied FROM exchange_event_totals WHERE event_id = ?1), 0) AS total`,
    )
    .bind(eventId, memberId)
    .first<ExchangeCounts>();
  return row ?? { member: 0, total: 0 };
}

/**
 * The two upserts that count one apply: each adds `amount` and takes the cap of the event as the request read
 * it, and throws (CHECK exchange_member_cap / exchange_total_cap) when the sum would pass it.
 */
export function applyStatements(db: D1Database, a: { eventId: string; memberId: number; amount: number; memberCap: number; totalCap: number }): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO exchange_member_totals (event_id, member_id, applied, cap) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (event_id, member_id) DO UPDATE SET applied = applied + excluded.applied, cap = excluded.cap, applications = applications + 1, updated_at = unixepoch()`,
      )
      .bind(a.eventId, a.memberId, a.amount, a.memberCap),
    db
      .prepare(
        `INSERT INTO exchange_event_totals (event_id, applied, cap) VALUES (?1, ?2, ?3)
         ON CONFLICT (event_id) DO UPDATE SET applied = applied + excluded.applied, cap = excluded.cap, updated_at = unixepoch()`,
      )
      .bind(a.eventId, a.amount, a.totalCap),
  ];
}
