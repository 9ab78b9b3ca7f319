// Channel notices (0003, 0017): the notice rows, their images in order, and the one pinned notice per
// channel (a partial UNIQUE index: pinning another unpins the old one in the same batch first).

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';

export interface NoticeRow {
  noticeId: number;
  channelId: number;
  title: string;
  body: string;
  pinned: number;
  authorLoginId: string | null;
  authorNickname: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface NoticeImageRow {
  noticeId: number;
  key: string;
  contentType: string;
  width: number;
  height: number;
}

const NOTICE_COLUMNS = `n.id AS noticeId, n.channel_id AS channelId, n.title, n.body, n.important AS pinned,
  m.login_id AS authorLoginId, m.nickname AS authorNickname, n.created_at AS createdAt, n.updated_at AS updatedAt`;
const NOTICE_FROM = 'channel_notices n LEFT JOIN members m ON m.id = n.author_id';
const NOTICE_SELECT = `SELECT ${NOTICE_COLUMNS} FROM ${NOTICE_FROM}`;

export function findNotice(db: D1Database, channelId: number, noticeId: number): Promise<NoticeRow | null> {
  return db.prepare(`${NOTICE_SELECT} WHERE n.id = ? AND n.channel_id = ?`).bind(noticeId, channelId).first<NoticeRow>();
}

export function findNoticeById(db: D1Database, noticeId: number): Promise<NoticeRow | null> {
  return db.prepare(`${NOTICE_SELECT} WHERE n.id = ?`).bind(noticeId).first<NoticeRow>();
}

export function findPinnedNotice(db: D1Database, channelId: number): Promise<NoticeRow | null> {
  return db.prepare(`${NOTICE_SELECT} WHERE n.channel_id = ? AND n.important = 1`).bind(channelId).first<NoticeRow>();
}

/** A channel's notices, pinned first, then newest first. */
export function listNotices(db: D1Database, channelId: number, page: PageRequest): Promise<{ rows: NoticeRow[]; total: number }> {
  return pagedList<NoticeRow>(db, { columns: NOTICE_COLUMNS, from: NOTICE_FROM, where: 'n.channel_id = ?1', orderBy: 'n.important DESC, n.created_at DESC, n.id DESC', params: [channelId] }, page);
}

/** The images of these notices, in order. */
export async function noticeImages(db: D1Database, noticeIds: number[]): Promise<NoticeImageRow[]> {
  if (noticeIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT i.notice_id AS noticeId, i.upload_key AS key, u.content_type AS contentType, u.width, u.height
       FROM channel_notice_images i JOIN uploads u ON u.key = i.upload_key
       WHERE i.notice_id IN (SELECT value FROM json_each(?)) ORDER BY i.notice_id, i.position`,
    )
    .bind(JSON.stringify(noticeIds))
    .all<NoticeImageRow>();
  return results;
}

const unpinStatement = (db: D1Database, channelId: number) => db.prepare('UPDATE channel_notices SET important = 0 WHERE channel_id = ? AND important = 1').bind(channelId);

/** The notice id that the batch's INSERT just took (AUTOINCREMENT: a batch is one transaction). */
const NEW_NOTICE_ID = "(SELECT seq FROM sqlite_sequence WHERE name = 'channel_notices')";

/** Write a notice and its images in one batch; answers its id. */
export async function insertNotice(db: D1Database, n: { channelId: number; authorId: number; title: string; body: string; pinned: boolean; imageKeys: string[]; now: number }): Promise<number> {
  const statements = [
    ...(n.pinned ? [unpinStatement(db, n.channelId)] : []),
    db
      .prepare('INSERT INTO channel_notices (channel_id, author_id, title, body, important, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(n.channelId, n.authorId, n.title, n.body, +n.pinned, n.now, n.now),
    ...n.imageKeys.map((key, position) => db.prepare(`INSERT INTO channel_notice_images (notice_id, position, upload_key) VALUES (${NEW_NOTICE_ID}, ?, ?)`).bind(position, key)),
    db.prepare(`SELECT ${NEW_NOTICE_ID} AS id`),
  ];
  const results = await db.batch(statements);
  return (results.at(-1)!.results[0] as { id: number }).id;
}

/** Rewrite a notice of this channel and its image list in one batch; false when the channel has no such notice. */
export async function updateNotice(db: D1Database, n: { channelId: number; noticeId: number; title: string; body: string; pinned: boolean; imageKeys: string[]; now: number }): Promise<boolean> {
  const results = await db.batch([
    ...(n.pinned ? [db.prepare('UPDATE channel_notices SET important = 0 WHERE channel_id = ? AND important = 1 AND id <> ?').bind(n.channelId, n.noticeId)] : []),
    db
      .prepare('UPDATE channel_notices SET title = ?, body = ?, important = ?, updated_at = ? WHERE id = ? AND channel_id = ? RETURNING id')
      .bind(n.title, n.body, +n.pinned, n.now, n.noticeId, n.channelId),
    db.prepare('DELETE FROM channel_notice_images WHERE notice_id = ?').bind(n.noticeId),
    ...n.imageKeys.map((key, position) => db.prepare('INSERT INTO channel_notice_images (notice_id, position, upload_key) VALUES (?, ?, ?)').bind(n.noticeId, position, key)),
  ]);
  return results[n.pinned ? 1 : 0]!.results.length > 0;
}

/** Delete a notice of this channel (its image rows go with it); answers whether there was one. */
export async function deleteNotice(db: D1Database, channelId: number, noticeId: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.prepare('DELETE FROM channel_notice_images WHERE notice_id = (SELECT id FROM channel_notices WHERE id = ? AND channel_id = ?)').bind(noticeId, channelId),
    db.prepare('DELETE FROM channel_notices WHERE id = ? AND channel_id = ? RETURNING id').bind(noticeId, channelId),
  ]);
  return deleted!.results.length > 0;
}
