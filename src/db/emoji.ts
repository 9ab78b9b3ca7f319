// Emoji rows (migration 0022): the common set (channel_id NULL) and channels' own, with their images' sizes.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';

export interface EmojiRow {
  id: number;
  channelId: number | null;
  code: string;
  title: string;
  uploadKey: string;
  width: number;
  height: number;
  favorite: number;
}

const COLUMNS = `e.id, e.channel_id AS channelId, e.code, e.title, e.upload_key AS uploadKey, u.width, u.height`;
const FAVORITE = `EXISTS (SELECT 1 FROM emoji_favorites f WHERE f.emoji_id = e.id AND f.member_id = ?1) AS favorite`;

export interface EmojiFilter {
  /** Common set, a channel's own, or both. */
  common: boolean;
  channelId: number | null;
  title: string | null;
  memberId: number | null;
}

function where(f: EmojiFilter): string {
  const scopes = [f.common ? 'e.channel_id IS NULL' : null, f.channelId !== null ? 'e.channel_id = ?2' : null].filter(Boolean);
  const scope = scopes.length ? `(${scopes.join(' OR ')})` : '0';
  const title = f.title ? ' AND (instr(lower(e.title), lower(?3)) > 0 OR instr(e.code, lower(?3)) > 0)' : '';
  return `${scope}${title}`;
}

/** One page: favorites first, then the channel's own, then the common set, each oldest first. */
export function listEmoji(db: D1Database, f: EmojiFilter, page: PageRequest): Promise<{ total: number; rows: EmojiRow[] }> {
  return pagedList<EmojiRow>(
    db,
    {
      columns: `${COLUMNS}, ${FAVORITE}`,
      from: 'emoji e JOIN uploads u ON u.key = e.upload_key',
      // Every parameter named once, so the binding count matches whichever filters are on.
      where: `${where(f)} AND ?1 = ?1 AND ?2 = ?2 AND ?3 = ?3`,
      orderBy: 'favorite DESC, e.channel_id IS NULL, e.id',
      params: [f.memberId ?? 0, f.channelId ?? 0, f.title ?? ''],
    },
    page,
  );
}

export async function channelEmoji(db: D1Database, channelId: number): Promise<EmojiRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS}, 0 AS favorite FROM emoji e JOIN uploads u ON u.key = e.upload_key WHERE e.channel_id = ? ORDER BY e.id`).bind(channelId).all<EmojiRow>();
  return results;
}

export function findEmoji(db: D1Database, id: number): Promise<EmojiRow | null> {
  return db.prepare(`SELECT ${COLUMNS}, 0 AS favorite FROM emoji e JOIN uploads u ON u.key = e.upload_key WHERE e.id = ?`).bind(id).first<EmojiRow>();
}

/** Whether a code is taken in the channel or the common set. */
export async function codeTaken(db: D1Database, channelId: number, code: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS taken FROM emoji WHERE code = ? AND (channel_id = ? OR channel_id IS NULL) LIMIT 1').bind(code, channelId).first();
  return row !== null;
}

/**
 * Insert a channel's emoji while it has fewer than `max`: the row is written only under the cap, so two
 * uploads at once cannot both pass it; null when the channel is full. A code taken meanwhile throws (UNIQUE).
 */
export async function insertChannelEmoji(db: D1Database, e: { channelId: number; code: string; title: string; uploadKey: string; max: number; now: number }): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO emoji (channel_id, code, title, upload_key, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT COUNT(*) FROM emoji WHERE channel_id = ?1) < ?6 RETURNING id`,
    )
    .bind(e.channelId, e.code, e.title, e.uploadKey, e.now, e.max)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Delete one of the channel's emoji; answers its image key, or null when the channel has no such emoji. */
export async function deleteChannelEmoji(db: D1Database, channelId: number, id: number): Promise<string | null> {
  const row = await db.prepare('DELETE FROM emoji WHERE id = ? AND channel_id = ? RETURNING upload_key AS uploadKey').bind(id, channelId).first<{ uploadKey: string }>();
  return row?.uploadKey ?? null;
}

/** The emoji these codes name in a channel's room: its own first, then the common set. */
export async function resolveCodes(db: D1Database, channelId: number, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const marks = codes.map((_, i) => `?${i + 2}`).join(', ');
  const { results } = await db
    .prepare(`SELECT code, upload_key AS uploadKey FROM emoji WHERE code IN (${marks}) AND (channel_id = ?1 OR channel_id IS NULL) ORDER BY channel_id IS NULL DESC`)
    .bind(channelId, ...codes)
    .all<{ code: string; uploadKey: string }>();
  // Common rows come first, so a channel's own code overwrites them.
  return new Map(results.map((r) => [r.code, r.uploadKey]));
}

/** Toggle a favorite: answers whether it is one now. Adding refuses past `max` (null). */
export async function toggleFavorite(db: D1Database, memberId: number, emojiId: number, max: number, now: number): Promise<boolean | null> {
  const removed = await db.prepare('DELETE FROM emoji_favorites WHERE member_id = ? AND emoji_id = ? RETURNING emoji_id').bind(memberId, emojiId).first();
  if (removed) return false;
  const added = await db
    .prepare(
      `INSERT INTO emoji_favorites (member_id, emoji_id, created_at) SELECT ?1, ?2, ?3
       WHERE (SELECT COUNT(*) FROM emoji_favorites WHERE member_id = ?1) < ?4 ON CONFLICT DO NOTHING RETURNING emoji_id`,
    )
    .bind(memberId, emojiId, now, max)
    .first();
  return added ? true : null;
}
