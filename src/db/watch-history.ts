// A member's channel lists: recently watched (watch_history), gifted (gift_history), subscribed
// (channel_subscriptions) and followed (follows), plus the writes their pages make.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import { OPEN_LIVE, THUMBNAIL_GATED } from './streams';

/** One row of any of the three lists, with its channel and creator. */
export interface ChannelListRow {
  channelId: number;
  title: string;
  ownerLoginId: string;
  ownerNickname: string;
  thumbnailAt: number | null;
  /** 1: the thumbnail shows only to viewers who may watch (THUMBNAIL_GATED). */
  thumbnailGated: number;
  at: number;
  status: number | null;
  expiresAt: number | null;
  /** Subscriptions only: the plan (null for rows from before plans). */
  plan: string | null;
  totalAmount: number | null;
}

const CHANNEL_JOIN = 'JOIN channels ch ON ch.id = x.channel_id JOIN members m ON m.id = ch.owner_id';
const CHANNEL_COLUMNS = `x.channel_id AS channelId, ch.title, m.login_id AS ownerLoginId, m.nickname AS ownerNickname, ch.thumbnail_at AS thumbnailAt, ${THUMBNAIL_GATED} AS thumbnailGated`;

const LISTS = {
  played: { table: 'watch_history', at: 'x.watched_at', extra: 'NULL AS status, NULL AS expiresAt, NULL AS plan, NULL AS totalAmount', where: '' },
  present: { table: 'gift_history', at: 'x.last_gift_at', extra: 'NULL AS status, NULL AS expiresAt, NULL AS plan, x.total_amount AS totalAmount', where: ' AND x.hidden = 0' },
  subscriptions: { table: 'channel_subscriptions', at: 'x.started_at', extra: 'x.status, x.expires_at AS expiresAt, x.plan, NULL AS totalAmount', where: ' AND x.hidden = 0' },
  following: { table: 'follows', at: 'x.created_at', extra: 'NULL AS status, NULL AS expiresAt, NULL AS plan, NULL AS totalAmount', where: '' },
} as const;

/** The viewers of the channel's open live, NULL when it is off air: followed channels list the lives first, busiest first. */
const LIVE_VIEWERS = `(SELECT s.viewer_count FROM streams s WHERE s.channel_id = x.channel_id AND ${OPEN_LIVE})`;
const ORDER: Partial<Record<MemberList, string>> = { following: `${LIVE_VIEWERS} IS NULL, ${LIVE_VIEWERS} DESC, x.created_at DESC, x.channel_id DESC` };
export type MemberList = keyof typeof LISTS;

/** A page of one list, newest first (followed channels: on air first). */
export function listChannels(db: D1Database, list: MemberList, memberId: number, page: PageRequest): Promise<{ rows: ChannelListRow[]; total: number }> {
  const l = LISTS[list];
  return pagedList<ChannelListRow>(
    db,
    {
      columns: `${CHANNEL_COLUMNS}, ${l.at} AS at, ${l.extra}`,
      from: `${l.table} x ${CHANNEL_JOIN}`,
      where: `x.member_id = ?1${l.where}`,
      orderBy: ORDER[list] ?? `${l.at} DESC, x.channel_id DESC`,
      params: [memberId],
    },
    page,
  );
}

/** Remember that the member watched the channel now (the open live, if any, is the stream). */
export async function upsertWatch(db: D1Database, memberId: number, channelId: number, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO watch_history (member_id, channel_id, stream_id, watched_at)
       VALUES (?1, ?2, (SELECT id FROM streams WHERE channel_id = ?2 AND ended_at IS NULL), ?3)
       ON CONFLICT(member_id, channel_id) DO UPDATE SET
         stream_id = COALESCE(excluded.stream_id, watch_history.stream_id), watched_at = excluded.watched_at`,
    )
    .bind(memberId, channelId, now)
    .run();
}

/** Forget one channel (or every one, channelId null) from the recently watched list; how many rows went. */
export async function deleteWatches(db: D1Database, memberId: number, channelId: number | null): Promise<number> {
  const result =
    channelId === null
      ? await db.prepare('DELETE FROM watch_history WHERE member_id = ?').bind(memberId).run()
      : await db.prepare('DELETE FROM watch_history WHERE member_id = ? AND channel_id = ?').bind(memberId, channelId).run();
  return result.meta.changes;
}

/** Hide gift rows from the gift-view list (the ledger keeps the history itself). */
export async function hideGifts(db: D1Database, memberId: number, channelId: number | null): Promise<number> {
  const result =
    channelId === null
      ? await db.prepare('UPDATE gift_history SET hidden = 1 WHERE member_id = ? AND hidden = 0').bind(memberId).run()
      : await db.prepare('UPDATE gift_history SET hidden = 1 WHERE member_id = ? AND channel_id = ? AND hidden = 0').bind(memberId, channelId).run();
  return result.meta.changes;
}

/**
 * Hide subscription rows, all or none: one statement refuses the lot when any of them is active
 * (status 1, 5 renewal cancelled, 2 unsubscribed before its expiry: still running; 4 an unused pass, paid for),
 * so a subscription renewed meanwhile can never be hidden. Returns how many rows went, or null when an active
 * one blocked it.
 */
export async function hideEndedSubscriptions(db: D1Database, memberId: number, channelIds: number[], now = Date.now()): Promise<number | null> {
  const marks = channelIds.map((_, i) => `?${i + 3}`).join(',');
  const active = (a: string) => `(${a}status IN (1, 4, 5) OR (${a}status = 2 AND ${a}expires_at > ?2))`;
  const [update, blocking] = await db.batch([
    db
      .prepare(
        `UPDATE channel_subscriptions SET hidden = 1 WHERE member_id = ?1 AND channel_id IN (${marks}) AND hidden = 0
         AND NOT EXISTS (SELECT 1 FROM channel_subscriptions a WHERE a.member_id = ?1 AND ${active('a.')} AND a.channel_id IN (${marks}))`,
      )
      .bind(memberId, now, ...channelIds),
    db.prepare(`SELECT COUNT(*) AS n FROM channel_subscriptions WHERE member_id = ?1 AND ${active('')} AND channel_id IN (${marks})`).bind(memberId, now, ...channelIds),
  ]);
  if ((blocking!.results[0] as { n: number }).n > 0) return null;
  return update!.meta.changes;
}
