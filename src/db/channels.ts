// Channel queries: the channel with its creator, creator settings, stream keys, subscriber and notice
// counts, and the password-try counter of live-Auth.

import type { StreamSource } from '../shared/streams-api';
import { THUMBNAIL_GATED } from './streams';
import { runningSubscriptionSql } from './subscriptions';

export interface ChannelRow {
  id: number;
  ownerId: number;
  ownerLoginId: string;
  ownerNickname: string;
  title: string;
  description: string;
  themeId: number | null;
  themeCode: string | null;
  streamKey: string;
  source: StreamSource;
  externalUrl: string | null;
  externalHlsUrl: string | null;
  adult: number;
  adultPlus: number;
  passwordHash: string | null;
  thumbnailAt: number | null;
  maxViewers: number | null;
  profileImageKey: string | null;
  bannerKey: string | null;
  /** JSON array of { label, url }. */
  links: string;
  /** 1: the thumbnail shows only to viewers who may watch (THUMBNAIL_GATED). */
  thumbnailGated: number;
}

const CHANNEL_SELECT = `SELECT ch.id, ch.owner_id AS ownerId, m.login_id AS ownerLoginId, m.nickname AS ownerNickname, ch.title, ch.description,
  ch.theme_id AS themeId, t.code AS themeCode, ch.stream_key AS streamKey, ch.source, ch.external_url AS externalUrl,
  ch.external_hls_url AS externalHlsUrl, ch.adult, ch.adult_plus AS adultPlus, ch.password_hash AS passwordHash, ch.thumbnail_at AS thumbnailAt,
  ch.max_viewers AS maxViewers, ch.profile_image_key AS profileImageKey, ch.banner_key AS bannerKey, ch.links, ${THUMBNAIL_GATED} AS thumbnailGated
  FROM channels ch JOIN members m ON m.id = ch.owner_id LEFT JOIN themes t ON t.id = ch.theme_id`;

export function findChannel(db: D1Database, channelId: number): Promise<ChannelRow | null> {
  return db.prepare(`${CHANNEL_SELECT} WHERE ch.id = ?`).bind(channelId).first<ChannelRow>();
}

export function findChannelByOwner(db: D1Database, memberId: number): Promise<ChannelRow | null> {
  return db.prepare(`${CHANNEL_SELECT} WHERE ch.owner_id = ?`).bind(memberId).first<ChannelRow>();
}

export function findChannelByLoginId(db: D1Database, loginId: string): Promise<ChannelRow | null> {
  return db.prepare(`${CHANNEL_SELECT} WHERE m.login_id = ?`).bind(loginId).first<ChannelRow>();
}

export async function channelExists(db: D1Database, channelId: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM channels WHERE id = ?').bind(channelId).first()) !== null;
}

export async function findThemeId(db: D1Database, code: string): Promise<number | null> {
  const row = await db.prepare('SELECT id FROM themes WHERE code = ?').bind(code).first<{ id: number }>();
  return row?.id ?? null;
}

/** A member's channel; null when they already have one (owner_id is UNIQUE, so two racing calls make one). */
export async function insertChannel(db: D1Database, c: { ownerId: number; title: string; description: string; themeId: number | null; streamKey: string }): Promise<number | null> {
  const row = await db
    .prepare('INSERT INTO channels (owner_id, title, description, theme_id, stream_key) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id')
    .bind(c.ownerId, c.title, c.description, c.themeId, c.streamKey)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Replace the owner's stream key; the ingest reads the key from D1 on every request, so the old one stops at once. */
export async function setStreamKey(db: D1Database, ownerId: number, streamKey: string): Promise<number | null> {
  const row = await db.prepare('UPDATE channels SET stream_key = ? WHERE owner_id = ? RETURNING id').bind(streamKey, ownerId).first<{ id: number }>();
  return row?.id ?? null;
}

export interface ChannelSettingsUpdate {
  /** undefined keeps the title (the channel's name). */
  title: string | undefined;
  /** undefined keeps the description. */
  description: string | undefined;
  themeId: number | null;
  adult: boolean;
  adultPlus: boolean;
  /** undefined keeps the current password; null clears it. */
  passwordHash: string | null | undefined;
  /** undefined keeps the seats; null lifts the limit. */
  maxViewers: number | null | undefined;
}

/**
 * One UPDATE; a field left undefined keeps its value. Title and description are NOT NULL, so COALESCE keeps
 * them; the nullable password and seats need the CASE (COALESCE would not tell "keep" from "set to NULL").
 */
export function updateChannelStatement(db: D1Database, channelId: number, u: ChannelSettingsUpdate): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE channels SET title = COALESCE(?1, title), description = COALESCE(?2, description), theme_id = ?3, adult = ?4, adult_plus = ?5,
         password_hash = CASE WHEN ?6 THEN ?7 ELSE password_hash END,
         max_viewers = CASE WHEN ?8 THEN ?9 ELSE max_viewers END
       WHERE id = ?10`,
    )
    .bind(
      u.title ?? null,
      u.description ?? null,
      u.themeId,
      +u.adult,
      +u.adultPlus,
      +(u.passwordHash !== undefined),
      u.passwordHash ?? null,
      +(u.maxViewers !== undefined),
      u.maxViewers ?? null,
      channelId,
    );
}

const RUNNING = runningSubscriptionSql('channel_subscriptions', '?');

export async function subscriberCount(db: D1Database, channelId: number, now = Date.now()): Promise<number> {
  return (await db.prepare(`SELECT COUNT(*) AS n FROM channel_subscriptions WHERE channel_id = ? AND ${RUNNING}`).bind(channelId, now).first<{ n: number }>())!.n;
}

export async function isSubscribed(db: D1Database, memberId: number, channelId: number, now = Date.now()): Promise<boolean> {
  return (await db.prepare(`SELECT 1 FROM channel_subscriptions WHERE member_id = ? AND channel_id = ? AND ${RUNNING}`).bind(memberId, channelId, now).first()) !== null;
}

export async function noticeSummary(db: D1Database, channelId: number): Promise<{ count: number; latestAt: number | null }> {
  const row = await db.prepare('SELECT COUNT(*) AS n, MAX(created_at) AS latest FROM channel_notices WHERE channel_id = ?').bind(channelId).first<{ n: number; latest: number | null }>();
  return { count: row!.n, latestAt: row!.latest };
}

/**
 * live_auth_attempts counts per channel and key: a device id (10 hex digits), a client address
 * (liveAuthClientKey) or the whole channel (LIVE_AUTH_CHANNEL_KEY); the prefixes keep them apart.
 */
export const LIVE_AUTH_CHANNEL_KEY = 'channel';
export const liveAuthClientKey = (clientKey: string) => `client:${clientKey}`;

/**
 * Take one password-try slot for this channel and key and return how many the window has used. The
 * count restarts only after `windowMs` without a try, so hammering keeps the lock on.
 */
export async function takeLiveAuthAttempt(db: D1Database, channelId: number, deviceId: string, now: number, windowMs: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO live_auth_attempts (channel_id, device_id, attempts, last_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT(channel_id, device_id) DO UPDATE SET
         attempts = CASE WHEN live_auth_attempts.last_at <= ?3 - ?4 THEN 1 ELSE live_auth_attempts.attempts + 1 END,
         last_at = ?3
       RETURNING attempts`,
    )
    .bind(channelId, deviceId, now, windowMs)
    .first<{ attempts: number }>();
  return row!.attempts;
}

/** A right password gives its slot back: only wrong ones use up an address's or a channel's allowance. */
export async function returnLiveAuthAttempt(db: D1Database, channelId: number, key: string): Promise<void> {
  await db.prepare('UPDATE live_auth_attempts SET attempts = attempts - 1 WHERE channel_id = ? AND device_id = ? AND attempts > 0').bind(channelId, key).run();
}

export async function clearLiveAuthAttempts(db: D1Database, channelId: number, deviceId: string): Promise<void> {
  await db.prepare('DELETE FROM live_auth_attempts WHERE channel_id = ? AND device_id = ?').bind(channelId, deviceId).run();
}

/** The channel profile's fields (name is the channel's title). */
export async function updateChannelProfile(
  db: D1Database,
  channelId: number,
  p: { title: string; description: string; links: string; profileImageKey: string | null; bannerKey: string | null },
): Promise<void> {
  await db
    .prepare('UPDATE channels SET title = ?, description = ?, links = ?, profile_image_key = ?, banner_key = ? WHERE id = ?')
    .bind(p.title, p.description, p.links, p.profileImageKey, p.bannerKey, channelId)
    .run();
}
