// Stream queries. Every list selects the same columns (STREAM_COLUMNS) so one function turns any row
// into a StreamCard (services/streams.ts).

import type { PageRequest } from '../shared/paging';
import type { StreamSource } from '../shared/streams-api';
import { pagedList } from './paging';
import { runningSubscriptionSql } from './subscriptions';

/** A stream joined with its channel, creator and theme: enough for a card, an access check and playback. */
export interface StreamRow {
  id: number;
  channelId: number;
  kind: 1 | 2 | 3;
  source: StreamSource;
  playbackUrl: string | null;
  title: string;
  adult: number;
  adultPlus: number;
  hasPassword: number;
  startedAt: number;
  endedAt: number | null;
  durationMs: number;
  viewerCount: number;
  ownerId: number;
  ownerLoginId: string;
  ownerNickname: string;
  themeCode: string | null;
  thumbnailAt: number | null;
  externalHlsUrl: string | null;
  /** The channel's seats for its live (null: no limit). */
  maxViewers: number | null;
  /** 1: the channel's thumbnail shows only to viewers who may watch (THUMBNAIL_GATED). */
  thumbnailGated: number;
  /** A recording's own picture, by the start of its stretch (null: none chosen). */
  pictureAt: number | null;
}

/**
 * Whether the thumbnail of channel `ch` (one picture per channel, the newest its encoder sent) is gated: the
 * channel's newest stream, whose picture it is, was adult-only or password-protected, or the channel is now
 * (a new live's first picture may land before its stream row). 1 or 0.
 */
export const THUMBNAIL_GATED = `(ch.adult = 1 OR ch.adult_plus = 1 OR ch.password_hash IS NOT NULL
  OR COALESCE((SELECT MAX(n.adult, n.adult_plus, n.has_password) FROM streams n WHERE n.channel_id = ch.id ORDER BY n.started_at DESC, n.id DESC LIMIT 1), 0) = 1)`;

export const STREAM_COLUMNS = `s.id, s.channel_id AS channelId, s.kind, s.source, s.playback_url AS playbackUrl, s.title, s.adult, s.adult_plus AS adultPlus,
  s.has_password AS hasPassword, s.started_at AS startedAt, s.ended_at AS endedAt, s.duration_ms AS durationMs, s.viewer_count AS viewerCount,
  ch.owner_id AS ownerId, m.login_id AS ownerLoginId, m.nickname AS ownerNickname, t.code AS themeCode, ch.thumbnail_at AS thumbnailAt,
  ch.external_hls_url AS externalHlsUrl, ch.max_viewers AS maxViewers, ${THUMBNAIL_GATED} AS thumbnailGated, s.picture_at AS pictureAt`;
export const STREAM_FROM = `streams s JOIN channels ch ON ch.id = s.channel_id JOIN members m ON m.id = ch.owner_id LEFT JOIN themes t ON t.id = ch.theme_id`;
/** A stream row `s` that is a live on air now. */
export const OPEN_LIVE = 's.ended_at IS NULL AND s.kind = 1';
/** Which adult lives lists show: the operators' adult and adult-plus broadcasting switches. */
export interface AdultSwitches {
  adultBroadcast: boolean;
  adultPlusBroadcast: boolean;
}
/** Adult lives (adult-plus ones included) drop out of lists when adult broadcasting is off, adult-plus ones when adult-plus broadcasting is. */
export const adultFilter = (s: AdultSwitches) => (s.adultBroadcast ? '' : ' AND s.adult = 0 AND s.adult_plus = 0') + (s.adultPlusBroadcast ? '' : ' AND s.adult_plus = 0');

export async function findStream(db: D1Database, streamId: number): Promise<StreamRow | null> {
  return db.prepare(`SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE s.id = ?`).bind(streamId).first<StreamRow>();
}

/** The channel's open stream of any kind or source (at most one: streams_one_live). */
export async function findOpenStream(db: D1Database, channelId: number): Promise<StreamRow | null> {
  return db.prepare(`SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE s.channel_id = ? AND s.ended_at IS NULL`).bind(channelId).first<StreamRow>();
}

export async function findOpenLive(db: D1Database, channelId: number): Promise<StreamRow | null> {
  return db.prepare(`SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE s.channel_id = ? AND ${OPEN_LIVE}`).bind(channelId).first<StreamRow>();
}

/** Open lives, busiest first (ties: the newest). */
export function listOpenLives(db: D1Database, page: PageRequest, switches: AdultSwitches): Promise<{ rows: StreamRow[]; total: number }> {
  return pagedList<StreamRow>(db, { columns: STREAM_COLUMNS, from: STREAM_FROM, where: `${OPEN_LIVE}${adultFilter(switches)}`, orderBy: 's.viewer_count DESC, s.started_at DESC, s.id DESC' }, page);
}

/** Open lives the member neither watched nor subscribes to (a running subscription), and not their own (a guest: every live). */
export async function listSuggestedLives(db: D1Database, memberId: number | null, limit: number, switches: AdultSwitches, now = Date.now()): Promise<StreamRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM}
       WHERE ${OPEN_LIVE}${adultFilter(switches)}
         AND ch.owner_id IS NOT ?1
         AND NOT EXISTS (SELECT 1 FROM watch_history w WHERE w.member_id = ?1 AND w.channel_id = s.channel_id)
         AND NOT EXISTS (SELECT 1 FROM channel_subscriptions cs WHERE cs.member_id = ?1 AND cs.channel_id = s.channel_id AND ${runningSubscriptionSql('cs', '?3')})
       ORDER BY s.viewer_count DESC, s.started_at DESC, s.id DESC LIMIT ?2`,
    )
    .bind(memberId, limit, now)
    .all<StreamRow>();
  return results;
}

/** The open lives of channels the member follows, busiest first (the home page's Following section). */
export async function listFollowedLives(db: D1Database, memberId: number, limit: number, switches: AdultSwitches): Promise<StreamRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${STREAM_COLUMNS} FROM follows f JOIN streams s ON s.channel_id = f.channel_id
       JOIN channels ch ON ch.id = s.channel_id JOIN members m ON m.id = ch.owner_id LEFT JOIN themes t ON t.id = ch.theme_id
       WHERE f.member_id = ? AND ${OPEN_LIVE}${adultFilter(switches)}
       ORDER BY s.viewer_count DESC, s.started_at DESC, s.id DESC LIMIT ?`,
    )
    .bind(memberId, limit)
    .all<StreamRow>();
  return results;
}

/** A channel's recordings (kind 2), newest first. */
export function listRecorded(db: D1Database, channelId: number, page: PageRequest): Promise<{ rows: StreamRow[]; total: number }> {
  return pagedList<StreamRow>(db, { columns: STREAM_COLUMNS, from: STREAM_FROM, where: 's.channel_id = ?1 AND s.kind = 2', orderBy: 's.started_at DESC, s.id DESC', params: [channelId] }, page);
}

/** The open lives of several channels at once (list rows carry their channel's live). */
export async function openLivesOf(db: D1Database, channelIds: number[]): Promise<Map<number, StreamRow>> {
  if (channelIds.length === 0) return new Map();
  const marks = channelIds.map(() => '?').join(',');
  const { results } = await db
    .prepare(`SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE s.channel_id IN (${marks}) AND ${OPEN_LIVE}`)
    .bind(...channelIds)
    .all<StreamRow>();
  return new Map(results.map((r) => [r.channelId, r]));
}

/** For each recently watched channel: its open live, else the stream last watched there. */
export async function listRecentlyWatchedStreams(db: D1Database, memberId: number, limit: number): Promise<StreamRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${STREAM_COLUMNS} FROM watch_history w
       JOIN streams s ON s.id = COALESCE((SELECT o.id FROM streams o WHERE o.channel_id = w.channel_id AND o.ended_at IS NULL AND o.kind = 1), w.stream_id)
       JOIN channels ch ON ch.id = s.channel_id JOIN members m ON m.id = ch.owner_id LEFT JOIN themes t ON t.id = ch.theme_id
       WHERE w.member_id = ? ORDER BY w.watched_at DESC LIMIT ?`,
    )
    .bind(memberId, limit)
    .all<StreamRow>();
  return results;
}

/** Start and end (null: still open) of a channel's broadcasts that overlap [from, to). */
export async function broadcastsBetween(db: D1Database, channelId: number, from: number, to: number): Promise<Array<{ startedAt: number; endedAt: number | null }>> {
  const { results } = await db
    .prepare('SELECT started_at AS startedAt, ended_at AS endedAt FROM streams WHERE channel_id = ? AND kind IN (1, 2) AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)')
    .bind(channelId, to, from)
    .all<{ startedAt: number; endedAt: number | null }>();
  return results;
}

/** A creator turning a channel adult-only, adult-plus or password-protected changes the live that is on now too. */
export function restrictOpenLiveStatement(db: D1Database, channelId: number, r: { adult: boolean; adultPlus: boolean; hasPassword: boolean }): D1PreparedStatement {
  return db.prepare('UPDATE streams SET adult = ?, adult_plus = ?, has_password = ? WHERE channel_id = ? AND ended_at IS NULL').bind(+r.adult, +r.adultPlus, +r.hasPassword, channelId);
}

/** What the thumbnail route needs: whether the channel's picture is gated, and the stream a viewer's token must be signed for. */
export async function thumbnailGate(db: D1Database, channelId: number): Promise<{ gated: number; streamId: number | null } | null> {
  return db
    .prepare(
      `SELECT ${THUMBNAIL_GATED} AS gated,
         (SELECT n.id FROM streams n WHERE n.channel_id = ch.id ORDER BY n.started_at DESC, n.id DESC LIMIT 1) AS streamId
       FROM channels ch WHERE ch.id = ?`,
    )
    .bind(channelId)
    .first<{ gated: number; streamId: number | null }>();
}
