// Subscription queries (migrations 0003 and 0012): the member-and-channel row, its paid terms, the renewal
// history, the due renewals and the two lists. The rules are src/api/services/subscriptions.ts.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import { RENEWAL_HISTORY as H, SUBSCRIPTION_STATUS as S, type SubscriptionStatus, statusesMovingTo } from '../shared/subscription-plans';
import type { PlanId } from '../shared/subscription-schemas';

/** The statuses that may move to `to`, as an SQL list. */
const from = (to: SubscriptionStatus) => statusesMovingTo(to).join(', ');

export type { PlanId };

/**
 * SQL for a running subscription of the row named `alias` (its columns as `alias.status`): 1, 5 (renewal cancelled),
 * and 2 (unsubscribed) until its paid period ends, `nowParam` being the statement's parameter for the time now.
 * The renewal run turns the others to 3 (expired); 4 is a pass not started yet.
 */
export const runningSubscriptionSql = (alias: string, nowParam: string) =>
  `(${alias}.status IN (${S.subscribed}, ${S.renewalCancelled}) OR (${alias}.status = ${S.unsubscribed} AND ${alias}.expires_at > ${nowParam}))`;

export interface SubscriptionRow {
  memberId: number;
  channelId: number;
  status: number;
  plan: PlanId | null;
  term: number;
  startedAt: number;
  expiresAt: number | null;
}

const ROW = 'member_id AS memberId, channel_id AS channelId, status, plan, term, started_at AS startedAt, expires_at AS expiresAt';

export function findSubscription(db: D1Database, memberId: number, channelId: number): Promise<SubscriptionRow | null> {
  return db.prepare(`SELECT ${ROW} FROM channel_subscriptions WHERE member_id = ?1 AND channel_id = ?2`).bind(memberId, channelId).first<SubscriptionRow>();
}

/** The term a client's idempotency key paid for, if any. */
export function findTermByRequest(db: D1Database, memberId: number, requestKey: string) {
  return db
    .prepare('SELECT channel_id AS channelId, term, plan, ends_at AS endsAt FROM subscription_terms WHERE member_id = ?1 AND request_key = ?2')
    .bind(memberId, requestKey)
    .first<{ channelId: number; term: number; plan: PlanId; endsAt: number }>();
}

export interface TermWrite {
  memberId: number;
  channelId: number;
  term: number;
  plan: PlanId;
  luv: number;
  startsAt: number;
  endsAt: number;
  requestKey: string | null;
}

/** The term's row: throws (primary key) when this term was already paid. */
export function termStatement(db: D1Database, t: TermWrite): D1PreparedStatement {
  return db
    .prepare('INSERT INTO subscription_terms (member_id, channel_id, term, plan, luv, starts_at, ends_at, request_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)')
    .bind(t.memberId, t.channelId, t.term, t.plan, t.luv, t.startsAt, t.endsAt, t.requestKey);
}

/**
 * A new subscription (or a new one after an ended one) at this term: status 1 with its expiry, or for a pass
 * status 4 (unused) with none. Throws (the term trigger) when the row's term is not the one before, i.e. someone
 * else subscribed or renewed meanwhile.
 */
export function subscribeStatement(db: D1Database, t: TermWrite, unused: boolean): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at, hidden, plan, term) VALUES (?1, ?2, ?7, ?3, ?4, 0, ?5, ?6)
       ON CONFLICT (member_id, channel_id) DO UPDATE SET status = excluded.status, started_at = excluded.started_at, expires_at = excluded.expires_at, hidden = 0, plan = excluded.plan, term = excluded.term`,
    )
    .bind(t.memberId, t.channelId, t.startsAt, unused ? null : t.endsAt, t.plan, t.term, unused ? S.unused : S.subscribed);
}

/**
 * A renewal, as two statements for the payment's batch: its history line 1, whose kind is read from the row
 * and so is NULL (NOT NULL throws, undoing the payment) unless the subscription is still status 1 at the term
 * before, and then the row moved to the next term with its new expiry (the term trigger backs this up).
 */
export function renewStatements(db: D1Database, t: TermWrite, at: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO subscription_history (member_id, channel_id, term, kind, at)
         VALUES (?1, ?2, ?3, (SELECT ${H.renewal} FROM channel_subscriptions WHERE member_id = ?1 AND channel_id = ?2 AND status = ${S.subscribed} AND term = ?3 - 1), ?4)`,
      )
      .bind(t.memberId, t.channelId, t.term, at),
    db.prepare(`UPDATE channel_subscriptions SET term = ?3, expires_at = ?4 WHERE member_id = ?1 AND channel_id = ?2 AND status = ${S.subscribed}`).bind(t.memberId, t.channelId, t.term, t.endsAt),
  ];
}

/** Renewal cancelled: a renewing (monthly, status 1) subscription becomes 5 and keeps its expiry. */
export async function cancelRenewal(db: D1Database, memberId: number, channelId: number, at: number): Promise<boolean> {
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE channel_subscriptions SET status = ${S.renewalCancelled} WHERE member_id = ?1 AND channel_id = ?2 AND status IN (${from(S.renewalCancelled)}) AND plan = 'monthly' RETURNING term`,
      )
      .bind(memberId, channelId),
    // Only when the update above happened (its row is now 5 at this term); ON CONFLICT: one line per term.
    db
      .prepare(
        `INSERT INTO subscription_history (member_id, channel_id, term, kind, at)
         SELECT member_id, channel_id, term, ${H.renewalCancel}, ?3 FROM channel_subscriptions WHERE member_id = ?1 AND channel_id = ?2 AND status = ${S.renewalCancelled} AND plan = 'monthly'
         ON CONFLICT DO NOTHING`,
      )
      .bind(memberId, channelId, at),
  ]);
  return update!.results.length === 1;
}

/**
 * Unsubscribed: a running subscription (1, or 5 whose renewal was already cancelled) becomes 2 and keeps its
 * expiry (a row from before plans, with none, ends now). A renewing monthly one also gets its renewal-cancel
 * history line, read before the status changes. Returns the expiry, or null when nothing was running.
 */
export async function unsubscribe(db: D1Database, memberId: number, channelId: number, at: number): Promise<number | null> {
  const [, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO subscription_history (member_id, channel_id, term, kind, at)
         SELECT member_id, channel_id, term, ${H.renewalCancel}, ?3 FROM channel_subscriptions WHERE member_id = ?1 AND channel_id = ?2 AND status = ${S.subscribed} AND plan = 'monthly' AND expires_at > ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(memberId, channelId, at),
    db
      .prepare(
        `UPDATE channel_subscriptions SET status = ${S.unsubscribed}, expires_at = COALESCE(expires_at, ?3)
         WHERE member_id = ?1 AND channel_id = ?2 AND status IN (${from(S.unsubscribed)}) AND (expires_at IS NULL OR expires_at > ?3) RETURNING expires_at AS expiresAt`,
      )
      .bind(memberId, channelId, at),
  ]);
  return (update!.results[0] as { expiresAt: number } | undefined)?.expiresAt ?? null;
}

/**
 * A pass used: the unused subscription (status 4 at this term) becomes 1 from `startsAt` to `endsAt`, and its
 * term's row gets the same times (only while it still holds the purchase's placeholder, so a second use changes
 * nothing). Returns whether this call used it.
 */
export async function activatePass(db: D1Database, memberId: number, channelId: number, term: number, startsAt: number, endsAt: number): Promise<boolean> {
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE channel_subscriptions SET status = ${S.subscribed}, started_at = ?4, expires_at = ?5 WHERE member_id = ?1 AND channel_id = ?2 AND term = ?3 AND status IN (${from(S.subscribed)}) RETURNING term`,
      )
      .bind(memberId, channelId, term, startsAt, endsAt),
    db
      .prepare(
        `UPDATE subscription_terms SET starts_at = ?4, ends_at = ?5 WHERE member_id = ?1 AND channel_id = ?2 AND term = ?3 AND starts_at = ends_at
         AND EXISTS (SELECT 1 FROM channel_subscriptions WHERE member_id = ?1 AND channel_id = ?2 AND term = ?3 AND status = ${S.subscribed} AND started_at = ?4)`,
      )
      .bind(memberId, channelId, term, startsAt, endsAt),
  ]);
  return update!.results.length === 1;
}

/** Running subscriptions (1, 2 or 5; an unused pass has no expiry) whose term has ended at `now`, oldest first. */
export async function dueSubscriptions(db: D1Database, now: number, limit: number): Promise<SubscriptionRow[]> {
  const { results } = await db
    .prepare(`SELECT ${ROW} FROM channel_subscriptions WHERE status IN (${from(S.expired)}) AND expires_at IS NOT NULL AND expires_at <= ?1 ORDER BY expires_at LIMIT ?2`)
    .bind(now, limit)
    .all<SubscriptionRow>();
  return results;
}

/** A term that ended without renewal lapses to 3 expired (only if nothing renewed it meanwhile). */
export async function expire(db: D1Database, s: SubscriptionRow, failedAt: number | null): Promise<void> {
  await db.batch([
    ...(failedAt === null
      ? []
      : [
          db
            .prepare(`INSERT INTO subscription_history (member_id, channel_id, term, kind, at) VALUES (?1, ?2, ?3, ${H.paymentRenewalFailed}, ?4) ON CONFLICT DO NOTHING`)
            .bind(s.memberId, s.channelId, s.term + 1, failedAt),
        ]),
    db
      .prepare(`UPDATE channel_subscriptions SET status = ${S.expired} WHERE member_id = ?1 AND channel_id = ?2 AND term = ?3 AND status IN (${from(S.expired)}) AND expires_at <= ?4`)
      .bind(s.memberId, s.channelId, s.term, s.expiresAt),
  ]);
}

export interface HistoryRow {
  term: number;
  kind: number;
  at: number;
}

export async function historyOf(db: D1Database, memberId: number, channelId: number): Promise<HistoryRow[]> {
  const { results } = await db.prepare('SELECT term, kind, at FROM subscription_history WHERE member_id = ?1 AND channel_id = ?2 ORDER BY id').bind(memberId, channelId).all<HistoryRow>();
  return results;
}

export interface SubscriptionListRow {
  channelId: number;
  memberId: number;
  loginId: string;
  nickname: string;
  title: string;
  status: number;
  plan: PlanId | null;
  startedAt: number;
  expiresAt: number | null;
}

/**
 * Paid subscriptions (plan set), newest first: the member's own ('member') or a creator's subscribers
 * ('channel'). loginId/nickname are the other side: the creator, or the subscriber.
 */
export async function listSubscriptions(db: D1Database, side: 'member' | 'channel', memberId: number, page: PageRequest): Promise<{ rows: SubscriptionListRow[]; total: number }> {
  const mine = side === 'member' ? 's.member_id = ?1' : 'c.owner_id = ?1';
  const other = side === 'member' ? 'c.owner_id' : 's.member_id';
  return pagedList<SubscriptionListRow>(
    db,
    {
      columns: 's.channel_id AS channelId, m.id AS memberId, m.login_id AS loginId, m.nickname, c.title, s.status, s.plan, s.started_at AS startedAt, s.expires_at AS expiresAt',
      from: `channel_subscriptions s JOIN channels c ON c.id = s.channel_id JOIN members m ON m.id = ${other}`,
      where: `${mine} AND s.plan IS NOT NULL`,
      orderBy: 's.started_at DESC, s.channel_id DESC, s.member_id DESC',
      params: [memberId],
    },
    page,
  );
}
