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

/** Gifts since the period's start as (sender, receiver, amount) rows: the whole period, for the lists everyone sees. */
const GIFTS = `gifts AS (
  SELECT sa.owner_id AS sender, ra.owner_id AS receiver, r.amount AS amount
  FROM ledger_movements mv
  JOIN ledger_entries r ON r.movement_id = mv.id AND r.amount > 0
  JOIN ledger_accounts ra ON ra.id = r.account_id AND ra.kind = 'earnings'
  JOIN ledger_entries s ON s.movement_id = mv.id AND s.amount < 0
  JOIN ledger_accounts sa ON sa.id = s.account_id AND sa.kind = 'wallet'
  WHERE mv.kind = 'gift' AND mv.created_at >= ?1
)`;

/**
 * Where a period's gifts begin in the ledger: the first gift movement of the period and the first entry of it.
 * Entries are written in their movement's batch (movementStatements), so every entry of a later movement has
 * a larger id: `entry.id >= entryId` skips everything before the period on an account's index
 * (ledger_entries_account) and loses none of it. Once found it never changes (later movements get larger ids),
 * so callers may keep it; null while the period has no gift.
 */
export interface PeriodBound {
  movementId: number;
  entryId: number;
}

export async function periodBound(db: D1Database, since: number): Promise<PeriodBound | null> {
  const row = await db
    .prepare(
      `SELECT mv.id AS movementId, (SELECT MIN(e.id) FROM ledger_entries e WHERE e.movement_id = mv.id) AS entryId
       FROM ledger_movements mv WHERE mv.id = (SELECT MIN(id) FROM ledger_movements WHERE kind = 'gift' AND created_at >= ?1)`,
    )
    .bind(since)
    .first<PeriodBound>();
  return row?.entryId ? row : null;
}

export interface SenderTotalRow {
  memberId: number;
  amount: number;
}

/** Every sender's total since `since`, largest first (the lists everyone sees, and the place of anyone among them). */
export async function senderTotals(db: D1Database, since: number): Promise<SenderTotalRow[]> {
  const { results } = await db.prepare(`WITH ${GIFTS} SELECT sender AS memberId, SUM(amount) AS amount FROM gifts GROUP BY sender ORDER BY amount DESC, sender`).bind(since).all<SenderTotalRow>();
  return results;
}

export interface MemberRef {
  memberId: number;
  loginId: string;
  nickname: string;
}

export async function memberRefs(db: D1Database, memberIds: readonly number[]): Promise<Map<number, MemberRef>> {
  if (memberIds.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT id AS memberId, login_id AS loginId, nickname FROM members WHERE id IN (${memberIds.map(() => '?').join(', ')})`)
    .bind(...memberIds)
    .all<MemberRef>();
  return new Map(results.map((r) => [r.memberId, r]));
}

export interface SenderRankRow {
  rank: number;
  memberId: number;
  loginId: string;
  nickname: string;
  amount: number;
}

/**
 * One creator's top fans since `since`: from the creator's earnings entries of the period (the account's index
 * from the bound on), not the whole period's gifts.
 */
export async function topFansOf(db: D1Database, receiverId: number, bound: PeriodBound, since: number, limit: number): Promise<SenderRankRow[]> {
  const { results } = await db
    .prepare(
      `WITH sums AS (
         SELECT sa.owner_id AS sender, SUM(r.amount) AS amount
         FROM ledger_accounts ra
         JOIN ledger_entries r ON r.account_id = ra.id AND r.id >= ?2 AND r.amount > 0
         JOIN ledger_movements mv ON mv.id = r.movement_id AND mv.kind = 'gift' AND mv.created_at >= ?3
         JOIN ledger_entries s ON s.movement_id = mv.id AND s.amount < 0
         JOIN ledger_accounts sa ON sa.id = s.account_id AND sa.kind = 'wallet'
         WHERE ra.owner_id = ?1 AND ra.kind = 'earnings'
         GROUP BY sa.owner_id)
       SELECT RANK() OVER (ORDER BY s.amount DESC) AS rank, s.sender AS memberId, m.login_id AS loginId, m.nickname, s.amount
       FROM sums s JOIN members m ON m.id = s.sender
       ORDER BY s.amount DESC, s.sender LIMIT ?4`,
    )
    .bind(receiverId, bound.entryId, since, limit)
    .all<SenderRankRow>();
  return results;
}

/** The members who gave the most to one creator of all time (their channel's big fans). */
export async function topFansEver(db: D1Database, receiverId: number, limit: number): Promise<SenderRankRow[]> {
  const bound = await periodBound(db, 0);
  return bound ? topFansOf(db, receiverId, bound, 0, limit) : [];
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

/** What the member gave since `since`: their wallet's entries of the period (its index from the bound on). */
export async function sentSince(db: D1Database, memberId: number, bound: PeriodBound, since: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COALESCE(-SUM(s.amount), 0) AS amount
       FROM ledger_accounts wa
       JOIN ledger_entries s ON s.account_id = wa.id AND s.id >= ?2 AND s.amount < 0
       JOIN ledger_movements mv ON mv.id = s.movement_id AND mv.kind = 'gift' AND mv.created_at >= ?3
       WHERE wa.owner_id = ?1 AND wa.kind = 'wallet'`,
    )
    .bind(memberId, bound.entryId, since)
    .first<{ amount: number }>();
  return row?.amount ?? 0;
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

/**
 * The member's rank among the fans of each channel they gave to most since `since`: the member's wallet
 * entries of the period name the channels, and only those creators' earnings entries of the period are read.
 */
export async function fanRanksOf(db: D1Database, memberId: number, bound: PeriodBound, since: number, limit: number): Promise<FanRankRow[]> {
  const { results } = await db
    .prepare(
      `WITH mine AS (
         SELECT ra.owner_id AS receiver, SUM(r.amount) AS amount
         FROM ledger_accounts wa
         JOIN ledger_entries s ON s.account_id = wa.id AND s.id >= ?2 AND s.amount < 0
         JOIN ledger_movements mv ON mv.id = s.movement_id AND mv.kind = 'gift' AND mv.created_at >= ?3
         JOIN ledger_entries r ON r.movement_id = mv.id AND r.amount > 0
         JOIN ledger_accounts ra ON ra.id = r.account_id AND ra.kind = 'earnings'
         WHERE wa.owner_id = ?1 AND wa.kind = 'wallet'
         GROUP BY ra.owner_id),
       top AS (
         SELECT mine.receiver, mine.amount, c.id AS channelId, c.title FROM mine JOIN channels c ON c.owner_id = mine.receiver
         ORDER BY mine.amount DESC, c.id LIMIT ?4),
       pairs AS (
         SELECT top.receiver, sa.owner_id AS sender, SUM(r.amount) AS amount
         FROM top
         CROSS JOIN ledger_accounts ra ON ra.owner_id = top.receiver AND ra.kind = 'earnings'
         CROSS JOIN ledger_entries r ON r.account_id = ra.id AND r.id >= ?2 AND r.amount > 0
         JOIN ledger_movements mv ON mv.id = r.movement_id AND mv.kind = 'gift' AND mv.created_at >= ?3
         JOIN ledger_entries s ON s.movement_id = mv.id AND s.amount < 0
         JOIN ledger_accounts sa ON sa.id = s.account_id AND sa.kind = 'wallet'
         GROUP BY top.receiver, sa.owner_id)
       SELECT top.channelId, top.title, m.login_id AS loginId, m.nickname, top.amount,
              1 + (SELECT COUNT(*) FROM pairs p WHERE p.receiver = top.receiver AND p.amount > top.amount) AS rank,
              (SELECT COUNT(*) FROM pairs p WHERE p.receiver = top.receiver) AS fans
       FROM top JOIN members m ON m.id = top.receiver
       ORDER BY top.amount DESC, top.channelId`,
    )
    .bind(memberId, bound.entryId, since, limit)
    .all<FanRankRow>();
  return results;
}
