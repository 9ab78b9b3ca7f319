// Fan standings from the luv ledger (migration 0007): luv sent for member levels, and gift rankings. A gift
// is a 'gift' movement with two legs: the sender's wallet (negative) and the creator's earnings (positive).
// `since` is epoch seconds, as ledger_movements.created_at.

/** Luv a member sent to creators, all time: gifts and subscription payments out of their wallet. */
export async function luvSent(db: D1Database, memberId: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COALESCE(-SUM(e.amount), 0) AS sent
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = ?1 AND a.kind = 'wallet'
       JOIN ledger_movements mv ON mv.id = e.movement_id AND mv.kind IN ('gift', 'subscription')
       WHERE e.amount < 0`,
    )
    .bind(memberId)
    .first<{ sent: number }>();
  return row?.sent ?? 0;
}

/** luvSent for several members at once (a member who sent nothing is absent). */
export async function luvSentOf(db: D1Database, memberIds: readonly number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT a.owner_id AS memberId, -SUM(e.amount) AS sent
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id AND e.amount < 0
       JOIN ledger_movements mv ON mv.id = e.movement_id AND mv.kind IN ('gift', 'subscription')
       WHERE a.kind = 'wallet' AND a.owner_id IN (${memberIds.map(() => '?').join(', ')})
       GROUP BY a.owner_id`,
    )
    .bind(...memberIds)
    .all<{ memberId: number; sent: number }>();
  return new Map(results.map((r) => [r.memberId, r.sent]));
}

/** Gifts since the period's start as (sender, receiver, amount) rows: the CTE every ranking below reads. */
const GIFTS = `gifts AS (
  SELECT sa.owner_id AS sender, ra.owner_id AS receiver, r.amount AS amount
  FROM ledger_movements mv
  JOIN ledger_entries r ON r.movement_id = mv.id AND r.amount > 0
  JOIN ledger_accounts ra ON ra.id = r.account_id AND ra.kind = 'earnings'
  JOIN ledger_entries s ON s.movement_id = mv.id AND s.amount < 0
  JOIN ledger_accounts sa ON sa.id = s.account_id AND sa.kind = 'wallet'
  WHERE mv.kind = 'gift' AND mv.created_at >= ?1
)`;

export interface SenderRankRow {
  rank: number;
  memberId: number;
  loginId: string;
  nickname: string;
  amount: number;
}

/** The members who gave the most since `since`, optionally only to one creator (their channel's fans). */
export async function topSenders(db: D1Database, since: number, limit: number, receiverId: number | null = null): Promise<SenderRankRow[]> {
  const { results } = await db
    .prepare(
      `WITH ${GIFTS}, sums AS (SELECT sender, SUM(amount) AS amount FROM gifts WHERE ?2 IS NULL OR receiver = ?2 GROUP BY sender)
       SELECT RANK() OVER (ORDER BY s.amount DESC) AS rank, s.sender AS memberId, m.login_id AS loginId, m.nickname, s.amount
       FROM sums s JOIN members m ON m.id = s.sender
       ORDER BY s.amount DESC, s.sender LIMIT ?3`,
    )
    .bind(since, receiverId, limit)
    .all<SenderRankRow>();
  return results;
}

export interface ChannelRankRow {
  rank: number;
  channelId: number;
  title: string;
  loginId: string;
  nickname: string;
  amount: number;
}

/** The channels whose creators received the most since `since`. */
export async function topChannels(db: D1Database, since: number, limit: number): Promise<ChannelRankRow[]> {
  const { results } = await db
    .prepare(
      `WITH ${GIFTS}, sums AS (SELECT receiver, SUM(amount) AS amount FROM gifts GROUP BY receiver)
       SELECT RANK() OVER (ORDER BY s.amount DESC) AS rank, c.id AS channelId, c.title, m.login_id AS loginId, m.nickname, s.amount
       FROM sums s JOIN channels c ON c.owner_id = s.receiver JOIN members m ON m.id = s.receiver
       ORDER BY s.amount DESC, s.receiver LIMIT ?2`,
    )
    .bind(since, limit)
    .all<ChannelRankRow>();
  return results;
}

export interface FanRankRow {
  channelId: number;
  title: string;
  loginId: string;
  nickname: string;
  amount: number;
  rank: number;
  fans: number;
}

/** The member's rank among the fans of each channel they gave to most since `since`. */
export async function fanRanksOf(db: D1Database, memberId: number, since: number, limit: number): Promise<FanRankRow[]> {
  const { results } = await db
    .prepare(
      `WITH ${GIFTS},
       pairs AS (SELECT sender, receiver, SUM(amount) AS amount FROM gifts WHERE receiver IN (SELECT receiver FROM gifts WHERE sender = ?2) GROUP BY sender, receiver),
       ranked AS (SELECT sender, receiver, amount, RANK() OVER (PARTITION BY receiver ORDER BY amount DESC) AS rank, COUNT(*) OVER (PARTITION BY receiver) AS fans FROM pairs)
       SELECT c.id AS channelId, c.title, m.login_id AS loginId, m.nickname, r.amount, r.rank, r.fans
       FROM ranked r JOIN channels c ON c.owner_id = r.receiver JOIN members m ON m.id = r.receiver
       WHERE r.sender = ?2 ORDER BY r.amount DESC, c.id LIMIT ?3`,
    )
    .bind(since, memberId, limit)
    .all<FanRankRow>();
  return results;
}

/** The member's total since `since` and their rank among all senders (null when they gave nothing). */
export async function senderStanding(db: D1Database, memberId: number, since: number): Promise<{ amount: number; rank: number | null }> {
  const row = await db
    .prepare(
      `WITH ${GIFTS}, sums AS (SELECT sender, SUM(amount) AS amount FROM gifts GROUP BY sender)
       SELECT (SELECT amount FROM sums WHERE sender = ?2) AS amount,
              1 + (SELECT COUNT(*) FROM sums WHERE amount > (SELECT amount FROM sums WHERE sender = ?2)) AS rank`,
    )
    .bind(since, memberId)
    .first<{ amount: number | null; rank: number }>();
  return row?.amount ? { amount: row.amount, rank: row.rank } : { amount: 0, rank: null };
}
