// The channel board (0021): posts and their images, comments and replies, likes, the write setting and
// each member's last visit. The rules are src/api/services/board.ts.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import type { BoardCategory, BoardSearchScope, BoardWritePermission } from '../shared/board';

export interface BoardPostRow {
  boardId: number;
  channelId: number;
  authorId: number;
  authorLoginId: string;
  authorNickname: string;
  category: BoardCategory;
  title: string;
  body: string;
  pinned: number;
  likeCount: number;
  commentCount: number;
  imageCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface BoardImageRow {
  postId: number;
  key: string;
  contentType: string;
  width: number;
  height: number;
}

export interface BoardCommentRow {
  commentId: number;
  boardId: number;
  parentId: number | null;
  authorId: number;
  authorLoginId: string;
  authorNickname: string;
  body: string;
  replyCount: number;
  createdAt: number;
  updatedAt: number;
}

const POST_COLUMNS = `p.id AS boardId, p.channel_id AS channelId, p.author_id AS authorId, m.login_id AS authorLoginId,
  m.nickname AS authorNickname, p.category, p.title, p.body, p.important AS pinned,
  (SELECT COUNT(*) FROM board_likes l WHERE l.post_id = p.id) AS likeCount,
  (SELECT COUNT(*) FROM board_comments c WHERE c.post_id = p.id) AS commentCount,
  (SELECT COUNT(*) FROM board_post_images i WHERE i.post_id = p.id) AS imageCount,
  p.created_at AS createdAt, p.updated_at AS updatedAt`;
const POST_FROM = 'board_posts p JOIN members m ON m.id = p.author_id';
const POST_SELECT = `SELECT ${POST_COLUMNS} FROM ${POST_FROM}`;

export function findPost(db: D1Database, postId: number): Promise<BoardPostRow | null> {
  return db.prepare(`${POST_SELECT} WHERE p.id = ?`).bind(postId).first<BoardPostRow>();
}

export interface PostFilter {
  channelId: number;
  category: BoardCategory | null;
  scope: BoardSearchScope;
  /** Words to find (lowercased by SQL); null: no search. */
  search: string | null;
}

/** instr() rather than LIKE: the words are matched as they are, % and _ included. */
const SEARCH_WHERE: Record<BoardSearchScope, string> = {
  all: '(instr(lower(p.title), lower(?3)) > 0 OR instr(lower(p.body_text), lower(?3)) > 0)',
  title: 'instr(lower(p.title), lower(?3)) > 0',
  content: 'instr(lower(p.body_text), lower(?3)) > 0',
  author: '(instr(lower(m.nickname), lower(?3)) > 0 OR lower(m.login_id) = lower(?3))',
};

/** A board's posts: pinned first, then newest first; with the total the filter matches. */
export function listPosts(db: D1Database, f: PostFilter, page: PageRequest): Promise<{ rows: BoardPostRow[]; total: number }> {
  // ?3 is named either way (null without search): every parameter bound is in the statement.
  const where = `p.channel_id = ?1 AND (?2 IS NULL OR p.category = ?2)${f.search ? ` AND ${SEARCH_WHERE[f.scope]}` : ' AND ?3 IS NULL'}`;
  return pagedList<BoardPostRow>(db, { columns: POST_COLUMNS, from: POST_FROM, where, orderBy: 'p.important DESC, p.created_at DESC, p.id DESC', params: [f.channelId, f.category, f.search] }, page);
}

export async function postImages(db: D1Database, postIds: number[]): Promise<BoardImageRow[]> {
  if (postIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT i.post_id AS postId, i.upload_key AS key, u.content_type AS contentType, u.width, u.height
       FROM board_post_images i JOIN uploads u ON u.key = i.upload_key
       WHERE i.post_id IN (SELECT value FROM json_each(?)) ORDER BY i.post_id, i.position`,
    )
    .bind(JSON.stringify(postIds))
    .all<BoardImageRow>();
  return results;
}

/** The post id the batch's INSERT just took (AUTOINCREMENT: a batch is one transaction). */
const NEW_POST_ID = "(SELECT seq FROM sqlite_sequence WHERE name = 'board_posts')";

export interface PostWrite {
  category: BoardCategory;
  title: string;
  body: string;
  bodyText: string;
  imageKeys: string[];
  now: number;
}

/** A post and its images in one batch; answers its id. */
export async function insertPost(db: D1Database, p: PostWrite & { channelId: number; authorId: number }): Promise<number> {
  const results = await db.batch([
    db
      .prepare('INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .bind(p.channelId, p.authorId, p.category, p.title, p.body, p.bodyText, p.now, p.now),
    ...p.imageKeys.map((key, position) => db.prepare(`INSERT INTO board_post_images (post_id, position, upload_key) VALUES (${NEW_POST_ID}, ?, ?)`).bind(position, key)),
    db.prepare(`SELECT ${NEW_POST_ID} AS id`),
  ]);
  return (results.at(-1)!.results[0] as { id: number }).id;
}

/**
 * Rewrite a post and its image list in one batch, only while `authorId` is still its author (the UPDATE
 * matches nothing otherwise, and the image rows are then left alone too); false when it did not apply.
 */
export async function updatePost(db: D1Database, p: PostWrite & { postId: number; authorId: number }): Promise<boolean> {
  const mine = 'EXISTS (SELECT 1 FROM board_posts WHERE id = ?1 AND author_id = ?2)';
  const results = await db.batch([
    db
      .prepare('UPDATE board_posts SET category = ?3, title = ?4, body = ?5, body_text = ?6, updated_at = ?7 WHERE id = ?1 AND author_id = ?2 RETURNING id')
      .bind(p.postId, p.authorId, p.category, p.title, p.body, p.bodyText, p.now),
    db.prepare(`DELETE FROM board_post_images WHERE post_id = ?1 AND ${mine}`).bind(p.postId, p.authorId),
    ...p.imageKeys.map((key, position) => db.prepare(`INSERT INTO board_post_images (post_id, position, upload_key) SELECT ?1, ?3, ?4 WHERE ${mine}`).bind(p.postId, p.authorId, position, key)),
  ]);
  return results[0]!.results.length > 0;
}

/** Delete a post of this channel with its images, comments and likes; answers whether there was one. */
export async function deletePost(db: D1Database, channelId: number, postId: number): Promise<boolean> {
  const row = await db.prepare('DELETE FROM board_posts WHERE id = ? AND channel_id = ? RETURNING id').bind(postId, channelId).first<{ id: number }>();
  return row !== null;
}

export async function setPinned(db: D1Database, channelId: number, postId: number, pinned: boolean | null, now: number): Promise<boolean | null> {
  const row = await db
    .prepare('UPDATE board_posts SET important = CASE WHEN ?3 IS NULL THEN 1 - important ELSE ?3 END, updated_at = ?4 WHERE id = ?1 AND channel_id = ?2 RETURNING important')
    .bind(postId, channelId, pinned === null ? null : +pinned, now)
    .first<{ important: number }>();
  return row ? row.important === 1 : null;
}

// ---- Likes

export async function likeCount(db: D1Database, postId: number): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM board_likes WHERE post_id = ?').bind(postId).first<{ n: number }>())!.n;
}

export async function likedBy(db: D1Database, postIds: number[], memberId: number): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const { results } = await db
    .prepare('SELECT post_id AS postId FROM board_likes WHERE member_id = ? AND post_id IN (SELECT value FROM json_each(?))')
    .bind(memberId, JSON.stringify(postIds))
    .all<{ postId: number }>();
  return new Set(results.map((r) => r.postId));
}

/** Like if not yet, else take the like back: one statement each way, so two taps at once cannot double it. */
export async function toggleLike(db: D1Database, postId: number, memberId: number, now: number): Promise<{ liked: boolean; likeCount: number }> {
  const [removed, , total] = await db.batch([
    db.prepare('DELETE FROM board_likes WHERE post_id = ? AND member_id = ? RETURNING post_id').bind(postId, memberId),
    db.prepare('INSERT INTO board_likes (post_id, member_id, created_at) SELECT ?1, ?2, ?3 WHERE changes() = 0').bind(postId, memberId, now),
    db.prepare('SELECT COUNT(*) AS n FROM board_likes WHERE post_id = ?').bind(postId),
  ]);
  return { liked: removed!.results.length === 0, likeCount: (total!.results[0] as { n: number }).n };
}

export async function likeUsers(db: D1Database, postId: number, limit: number): Promise<Array<{ loginId: string; nickname: string }>> {
  const { results } = await db
    .prepare('SELECT m.login_id AS loginId, m.nickname FROM board_likes l JOIN members m ON m.id = l.member_id WHERE l.post_id = ? ORDER BY l.created_at DESC, l.member_id DESC LIMIT ?')
    .bind(postId, limit)
    .all<{ loginId: string; nickname: string }>();
  return results;
}

// ---- Comments

const COMMENT_COLUMNS = `c.id AS commentId, c.post_id AS boardId, c.parent_id AS parentId, c.author_id AS authorId,
  m.login_id AS authorLoginId, m.nickname AS authorNickname, c.body,
  (SELECT COUNT(*) FROM board_comments r WHERE r.parent_id = c.id) AS replyCount,
  c.created_at AS createdAt, c.updated_at AS updatedAt`;
const COMMENT_FROM = 'board_comments c JOIN members m ON m.id = c.author_id';
const COMMENT_SELECT = `SELECT ${COMMENT_COLUMNS} FROM ${COMMENT_FROM}`;

export function findComment(db: D1Database, commentId: number): Promise<BoardCommentRow | null> {
  return db.prepare(`${COMMENT_SELECT} WHERE c.id = ?`).bind(commentId).first<BoardCommentRow>();
}

/** Comments of a post under `parentId` (null: the top-level ones), oldest first, with their total. */
export function listComments(db: D1Database, postId: number, parentId: number | null, page: PageRequest): Promise<{ rows: BoardCommentRow[]; total: number }> {
  return pagedList<BoardCommentRow>(
    db,
    { columns: COMMENT_COLUMNS, from: COMMENT_FROM, where: 'c.post_id = ?1 AND c.parent_id IS ?2', orderBy: 'c.created_at, c.id', params: [postId, parentId] },
    page,
  );
}

/** The first `limit` replies of each of these comments, oldest first. */
export async function repliesOf(db: D1Database, parentIds: number[], limit: number): Promise<BoardCommentRow[]> {
  if (parentIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT * FROM (SELECT x.*, ROW_NUMBER() OVER (PARTITION BY x.parentId ORDER BY x.createdAt, x.commentId) AS n FROM (${COMMENT_SELECT}
         WHERE c.parent_id IN (SELECT value FROM json_each(?1))) x) WHERE n <= ?2 ORDER BY createdAt, commentId`,
    )
    .bind(JSON.stringify(parentIds), limit)
    .all<BoardCommentRow & { n: number }>();
  return results;
}

/** A comment (parentId null) or a reply; the reply's parent must be a top-level comment of the same post. */
export async function insertComment(db: D1Database, c: { postId: number; parentId: number | null; authorId: number; body: string; now: number }): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO board_comments (post_id, parent_id, author_id, body, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?5 WHERE ?2 IS NULL OR EXISTS (SELECT 1 FROM board_comments WHERE id = ?2 AND post_id = ?1 AND parent_id IS NULL)
       RETURNING id`,
    )
    .bind(c.postId, c.parentId, c.authorId, c.body, c.now)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Change a comment's words while `authorId` wrote it; false otherwise. */
export async function updateComment(db: D1Database, commentId: number, authorId: number, body: string, now: number): Promise<boolean> {
  const row = await db.prepare('UPDATE board_comments SET body = ?, updated_at = ? WHERE id = ? AND author_id = ? RETURNING id').bind(body, now, commentId, authorId).first();
  return row !== null;
}

/** Delete a comment (its replies go with it); answers how many replies went, or null when there was no such comment. */
export async function deleteComment(db: D1Database, commentId: number): Promise<number | null> {
  const [replies, deleted] = await db.batch([
    db.prepare('SELECT COUNT(*) AS n FROM board_comments WHERE parent_id = ?').bind(commentId),
    db.prepare('DELETE FROM board_comments WHERE id = ? RETURNING id').bind(commentId),
  ]);
  return deleted!.results.length > 0 ? (replies!.results[0] as { n: number }).n : null;
}

// ---- Setting and visits

export async function writePermissionOf(db: D1Database, channelId: number): Promise<BoardWritePermission | null> {
  const row = await db.prepare('SELECT write_permission AS p FROM board_settings WHERE channel_id = ?').bind(channelId).first<{ p: BoardWritePermission }>();
  return row?.p ?? null;
}

export async function saveWritePermission(db: D1Database, channelId: number, permission: BoardWritePermission, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO board_settings (channel_id, write_permission, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (channel_id) DO UPDATE SET write_permission = ?2, updated_at = ?3')
    .bind(channelId, permission, now)
    .run();
}

export async function recordVisit(db: D1Database, memberId: number, channelId: number, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO board_visits (member_id, channel_id, visited_at) VALUES (?1, ?2, ?3) ON CONFLICT (member_id, channel_id) DO UPDATE SET visited_at = max(visited_at, ?3)')
    .bind(memberId, channelId, now)
    .run();
}

export interface NewPostRow {
  boardId: number;
  channelId: number;
  category: BoardCategory;
  title: string;
  createdAt: number;
}

/**
 * Posts newer than `after` (one channel's, or every channel's when channelId is null), newest first. For a
 * member (memberId): a board they visited counts from that visit instead when `perVisit`, and their own
 * posts are never new to them.
 */
export async function newPosts(db: D1Database, q: { channelId: number | null; after: number; memberId: number | null; perVisit: boolean; limit: number }): Promise<NewPostRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id AS boardId, p.channel_id AS channelId, p.category, p.title, p.created_at AS createdAt
       FROM board_posts p LEFT JOIN board_visits v ON v.member_id = ?3 AND v.channel_id = p.channel_id
       WHERE (?1 IS NULL OR p.channel_id = ?1) AND (?3 IS NULL OR p.author_id <> ?3)
         AND p.created_at > CASE WHEN ?4 = 1 THEN COALESCE(v.visited_at, ?2) ELSE ?2 END
       ORDER BY p.created_at DESC, p.id DESC LIMIT ?5`,
    )
    .bind(q.channelId, q.after, q.memberId, +q.perVisit, q.limit)
    .all<NewPostRow>();
  return results;
}

/** The newest post's time: one channel's, or every channel's. */
export async function latestPostAt(db: D1Database, channelId: number | null): Promise<number | null> {
  return (await db.prepare('SELECT MAX(created_at) AS latest FROM board_posts WHERE ?1 IS NULL OR channel_id = ?1').bind(channelId).first<{ latest: number | null }>())!.latest;
}

/** Every image key of a post (before it is deleted, to discard its uploads after). */
export async function imageKeysOf(db: D1Database, postId: number): Promise<string[]> {
  const { results } = await db.prepare('SELECT upload_key AS key FROM board_post_images WHERE post_id = ? ORDER BY position').bind(postId).all<{ key: string }>();
  return results.map((r) => r.key);
}
