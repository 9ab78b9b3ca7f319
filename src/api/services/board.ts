// The channel board (docs/product/community.md, "Channel board"): members post on a channel's board as its setting
// allows (everyone, subscribers, or only staff), comment and reply, like. Authors edit and delete their
// own posts and comments; the channel's creator and its managers (assigned in chat) delete anything and
// pin posts, but never put words in another member's mouth: only an author edits. Bodies are sanitized
// rich text, comments plain text; images go through the upload module. Every check runs before a write.

import type { PageRequest } from '../../shared/paging';
import type {
  BoardComment,
  BoardCommentList,
  BoardCommentThread,
  BoardImportant,
  BoardLikeResponse,
  BoardLikeUsers,
  BoardList,
  BoardListQuery,
  BoardPost,
  BoardPostSummary,
  BoardSetting,
  BoardUpdateForm,
  BoardWriteForm,
  NewBoardResponse,
} from '../../shared/board-schemas';
import { BOARD_LIMITS, DEFAULT_BOARD_WRITE_PERMISSION, NEW_BOARD_WINDOW_MS, type BoardWritePermission } from '../../shared/board';
import { IMAGE_TYPES, uploadUrl } from '../../shared/uploads';
import { Refusal } from '../../lib/errors';
import { channelExists, findChannel, findChannelByOwner, isSubscribed, type ChannelRow } from '../../db/channels';
import * as db from '../../db/board';
import { checkUpload, discardUploads, storeUpload, type UploadFile } from './uploads';
import { isChannelManager } from './chat-events';
import { plainText, sanitizeRichText } from './rich-text';
import { notFoundChannel } from './watch-error';

/** The signed-in member acting or reading; null for a guest. */
export interface Member {
  memberId: number;
  loginId: string;
}

const notFoundPost = () => new Refusal(404, 'BOARD_NOT_FOUND', 'board.errors.notFound');
const notFoundComment = () => new Refusal(404, 'BOARD_COMMENT_NOT_FOUND', 'board.errors.commentNotFound');
const notAuthor = () => new Refusal(403, 'BOARD_NOT_AUTHOR', 'board.errors.notAuthor');
const notModerator = () => new Refusal(403, 'NOT_CHANNEL_STAFF', 'board.errors.notModerator');

async function channelOf(env: Env, channelId: number): Promise<ChannelRow> {
  const channel = await findChannel(env.DB, channelId);
  if (!channel) throw notFoundChannel();
  return channel;
}

/** The channel's creator, or one of the managers the creator assigned in its chat room. */
async function moderates(env: Env, channel: ChannelRow, member: Member | null): Promise<boolean> {
  if (!member) return false;
  return channel.ownerId === member.memberId || isChannelManager(env, channel.id, member.loginId);
}

async function postOf(env: Env, boardId: number, channelId?: number): Promise<db.BoardPostRow> {
  const post = await db.findPost(env.DB, boardId);
  if (!post || (channelId !== undefined && post.channelId !== channelId)) throw notFoundPost();
  return post;
}

const permissionOf = async (env: Env, channelId: number): Promise<BoardWritePermission> => (await db.writePermissionOf(env.DB, channelId)) ?? DEFAULT_BOARD_WRITE_PERMISSION;

/** Who may post, and whether (and if not, why not) this caller may. */
export async function boardSetting(env: Env, channelId: number, member: Member | null): Promise<BoardSetting> {
  const channel = await channelOf(env, channelId);
  const [writePermission, canModerate] = await Promise.all([permissionOf(env, channelId), moderates(env, channel, member)]);
  const reason = await whyNotWrite(env, channel, member, writePermission, canModerate);
  return { channelId, writePermission, canWrite: reason === null, canModerate, canConfigure: member?.memberId === channel.ownerId, reason };
}

async function whyNotWrite(env: Env, channel: ChannelRow, member: Member | null, permission: BoardWritePermission, staff: boolean): Promise<BoardSetting['reason']> {
  if (!member) return 'login';
  if (staff || permission === 'everyone') return null;
  if (permission === 'managers') return 'managers';
  return (await isSubscribed(env.DB, member.memberId, channel.id)) ? null : 'subscribers';
}

/** PUT /api/my/channel/board-setting: the creator sets who may post on their own channel's board. */
export async function setWritePermission(env: Env, member: Member, writePermission: BoardWritePermission, now = Date.now()): Promise<BoardSetting> {
  const own = await findChannelByOwner(env.DB, member.memberId);
  if (!own) throw new Refusal(404, 'NO_CHANNEL', 'errors.noChannel');
  await db.saveWritePermission(env.DB, own.id, writePermission, now);
  return boardSetting(env, own.id, member);
}

// ---- Posts

function cleanBody(body: string): { body: string; bodyText: string } {
  const html = sanitizeRichText(body);
  const bodyText = plainText(html);
  if (!bodyText) throw new Refusal(400, 'BOARD_EMPTY', 'board.errors.empty', { body: 'board.errors.empty' });
  return { body: html, bodyText };
}

/** Check every new image first (nothing is stored if one is refused), then store them all. */
async function storeImages(env: Env, member: Member, files: UploadFile[], kept: number): Promise<string[]> {
  if (kept + files.length > BOARD_LIMITS.images) throw new Refusal(400, 'TOO_MANY_IMAGES', 'uploads.tooMany', { images: 'uploads.tooMany' });
  const checked = [];
  for (const file of files) checked.push(await checkUpload(file, IMAGE_TYPES));
  const keys: string[] = [];
  for (const c of checked) keys.push((await storeUpload(env, member.memberId, 'board', c)).key);
  return keys;
}

function toSummary(row: db.BoardPostRow): BoardPostSummary {
  return {
    boardId: row.boardId,
    channelId: row.channelId,
    category: row.category,
    title: row.title,
    author: { loginId: row.authorLoginId, nickname: row.authorNickname },
    pinned: row.pinned === 1,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    imageCount: row.imageCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function toPost(env: Env, row: db.BoardPostRow, member: Member | null, staff: boolean): Promise<BoardPost> {
  const [images, liked] = await Promise.all([db.postImages(env.DB, [row.boardId]), member ? db.likedBy(env.DB, [row.boardId], member.memberId) : new Set<number>()]);
  const author = member?.memberId === row.authorId;
  return {
    ...toSummary(row),
    body: row.body,
    images: images.map((i) => ({ key: i.key, url: uploadUrl(i.key), contentType: i.contentType, width: i.width, height: i.height })),
    liked: liked.has(row.boardId),
    canEdit: author,
    canDelete: author || staff,
    canPin: staff,
  };
}

/** GET /api/cs/board-list: a member's read of the list (not a search) is their visit to the board. */
export async function boardList(env: Env, query: BoardListQuery, page: PageRequest, member: Member | null, now = Date.now()): Promise<BoardList> {
  const channel = await channelOf(env, query.channelId);
  const category = query.category && query.category !== 'all' ? query.category : null;
  const search = query.search ? query.search : null;
  const [{ rows, total }, setting] = await Promise.all([db.listPosts(env.DB, { channelId: channel.id, category, scope: query.filter ?? 'all', search }, page), boardSetting(env, channel.id, member)]);
  if (member && !search) await db.recordVisit(env.DB, member.memberId, channel.id, now);
  return { channelId: channel.id, category, ...page, total, items: rows.map(toSummary), canWrite: setting.canWrite };
}

/** GET /api/cs/board-detail */
export async function boardDetail(env: Env, channelId: number, boardId: number, member: Member | null): Promise<BoardPost> {
  const channel = await channelOf(env, channelId);
  const post = await postOf(env, boardId, channel.id);
  return toPost(env, post, member, await moderates(env, channel, member));
}

/** POST /api/cs/board-write: as the board's setting allows (its creator and managers always may). */
export async function writePost(env: Env, member: Member, form: BoardWriteForm, now = Date.now()): Promise<BoardPost> {
  const channel = await channelOf(env, form.channelId);
  const [permission, staff] = await Promise.all([permissionOf(env, channel.id), moderates(env, channel, member)]);
  const reason = await whyNotWrite(env, channel, member, permission, staff);
  if (reason === 'subscribers') throw new Refusal(403, 'BOARD_SUBSCRIBERS_ONLY', 'board.errors.subscribersOnly');
  if (reason === 'managers') throw new Refusal(403, 'BOARD_MANAGERS_ONLY', 'board.errors.managersOnly');
  const body = cleanBody(form.body);
  const imageKeys = await storeImages(env, member, form.images, 0);
  const boardId = await db.insertPost(env.DB, { channelId: channel.id, authorId: member.memberId, category: form.category, title: form.title, ...body, imageKeys, now });
  return toPost(env, (await db.findPost(env.DB, boardId))!, member, staff);
}

/** PUT /api/cs/board-update: the author only. */
export async function updatePost(env: Env, member: Member, form: BoardUpdateForm, now = Date.now()): Promise<BoardPost> {
  const post = await postOf(env, form.boardId);
  if (post.authorId !== member.memberId) throw notAuthor();
  const body = cleanBody(form.body);
  const current = await db.imageKeysOf(env.DB, post.boardId);
  const kept = form.keepImages.filter((key, i, all) => current.includes(key) && all.indexOf(key) === i);
  const added = await storeImages(env, member, form.images, kept.length);
  const updated = await db.updatePost(env.DB, { postId: post.boardId, authorId: member.memberId, category: form.category, title: form.title, ...body, imageKeys: [...kept, ...added], now });
  if (!updated) {
    await discardUploads(env, added);
    throw notFoundPost();
  }
  await discardUploads(
    env,
    current.filter((key) => !kept.includes(key)),
  );
  const channel = await channelOf(env, post.channelId);
  return toPost(env, (await db.findPost(env.DB, post.boardId))!, member, await moderates(env, channel, member));
}

/** DELETE /api/cs/board-delete/{id}: its author, or the channel's creator or a manager. */
export async function deletePost(env: Env, member: Member, boardId: number): Promise<{ boardId: number; deleted: true }> {
  const post = await postOf(env, boardId);
  if (post.authorId !== member.memberId && !(await moderates(env, await channelOf(env, post.channelId), member))) throw notModerator();
  const images = await db.imageKeysOf(env.DB, post.boardId);
  if (!(await db.deletePost(env.DB, post.channelId, post.boardId))) throw notFoundPost();
  await discardUploads(env, images);
  return { boardId, deleted: true };
}

/** PUT /api/cs/board-important/{channelId}/{boardId}: the creator or a manager pins (or unpins) a post. */
export async function pinPost(env: Env, member: Member, channelId: number, boardId: number, important: boolean | null, now = Date.now()): Promise<BoardImportant> {
  const channel = await channelOf(env, channelId);
  if (!(await moderates(env, channel, member))) throw notModerator();
  const pinned = await db.setPinned(env.DB, channel.id, boardId, important, now);
  if (pinned === null) throw notFoundPost();
  return { channelId: channel.id, boardId, pinned };
}

// ---- Likes

/** POST /api/cs/board-like: like the post, or take the like back. */
export async function toggleLike(env: Env, member: Member, boardId: number, now = Date.now()): Promise<BoardLikeResponse> {
  await postOf(env, boardId);
  return { boardId, ...(await db.toggleLike(env.DB, boardId, member.memberId, now)) };
}

export async function likeCount(env: Env, boardId: number): Promise<{ boardId: number; likeCount: number }> {
  await postOf(env, boardId);
  return { boardId, likeCount: await db.likeCount(env.DB, boardId) };
}

export async function likeUsers(env: Env, boardId: number, member: Member | null): Promise<BoardLikeUsers> {
  await postOf(env, boardId);
  const [count, users, liked] = await Promise.all([
    db.likeCount(env.DB, boardId),
    db.likeUsers(env.DB, boardId, BOARD_LIMITS.likeUsers),
    member ? db.likedBy(env.DB, [boardId], member.memberId) : new Set<number>(),
  ]);
  return { boardId, liked: liked.has(boardId), likeCount: count, users };
}

// ---- Comments

function toComment(row: db.BoardCommentRow, member: Member | null, staff: boolean): BoardComment {
  const author = member?.memberId === row.authorId;
  return {
    commentId: row.commentId,
    boardId: row.boardId,
    parentId: row.parentId,
    author: { loginId: row.authorLoginId, nickname: row.authorNickname },
    body: row.body,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    canEdit: author,
    canDelete: author || staff,
  };
}

/** GET /api/cs/board-comment: the post's comments with their first replies, or (commentId) one comment's replies. */
export async function comments(env: Env, q: { channelId?: number; boardId: number; commentId?: number }, page: PageRequest, member: Member | null): Promise<BoardCommentList> {
  const post = await postOf(env, q.boardId, q.channelId);
  const staff = await moderates(env, await channelOf(env, post.channelId), member);
  let parentId: number | null = null;
  if (q.commentId !== undefined) {
    const parent = await db.findComment(env.DB, q.commentId);
    if (!parent || parent.boardId !== post.boardId) throw notFoundComment();
    parentId = parent.commentId;
  }
  const { rows, total } = await db.listComments(env.DB, post.boardId, parentId, page);
  const replies =
    parentId === null
      ? await db.repliesOf(
          env.DB,
          rows.map((r) => r.commentId),
          BOARD_LIMITS.repliesShown,
        )
      : [];
  const items: BoardCommentThread[] = rows.map((row) => ({
    ...toComment(row, member, staff),
    replyCount: row.replyCount,
    replies: replies.filter((r) => r.parentId === row.commentId).map((r) => toComment(r, member, staff)),
  }));
  return { boardId: post.boardId, commentId: parentId, ...page, total, items, canComment: member !== null };
}

/** POST /api/cs/board-comment: a comment, or a reply to a top-level comment of the same post. */
export async function addComment(env: Env, member: Member, input: { boardId: number; parentId?: number; content: string }, now = Date.now()): Promise<BoardComment> {
  const post = await postOf(env, input.boardId);
  const commentId = await db.insertComment(env.DB, { postId: post.boardId, parentId: input.parentId ?? null, authorId: member.memberId, body: input.content, now });
  if (commentId === null) throw new Refusal(400, 'BOARD_BAD_PARENT', 'board.errors.badParent', { parentId: 'board.errors.badParent' });
  return toComment((await db.findComment(env.DB, commentId))!, member, false);
}

/** PUT /api/cs/board-comment: its author only. */
export async function editComment(env: Env, member: Member, input: { commentId: number; content: string }, now = Date.now()): Promise<BoardComment> {
  const comment = await db.findComment(env.DB, input.commentId);
  if (!comment) throw notFoundComment();
  if (comment.authorId !== member.memberId || !(await db.updateComment(env.DB, comment.commentId, member.memberId, input.content, now))) throw notAuthor();
  return toComment((await db.findComment(env.DB, comment.commentId))!, member, false);
}

/** DELETE /api/cs/board-comment/{commentId}: its author, or the channel's creator or a manager; its replies go too. */
export async function deleteComment(env: Env, member: Member, commentId: number): Promise<{ commentId: number; deleted: true; removedReplies: number }> {
  const comment = await db.findComment(env.DB, commentId);
  if (!comment) throw notFoundComment();
  if (comment.authorId !== member.memberId) {
    const post = await postOf(env, comment.boardId);
    if (!(await moderates(env, await channelOf(env, post.channelId), member))) throw notModerator();
  }
  const removedReplies = await db.deleteComment(env.DB, comment.commentId);
  if (removedReplies === null) throw notFoundComment();
  return { commentId, deleted: true, removedReplies };
}

// ---- What is new

/**
 * GET /api/guest/find-new-board: posts newer than `since`; without it, newer than the member's last visit
 * to each board (a board never visited, and every guest: the last day). A channel's, or every channel's.
 */
export async function findNewBoard(env: Env, channelId: number | undefined, since: number | undefined, member: Member | null, now = Date.now()): Promise<NewBoardResponse> {
  if (channelId !== undefined && !(await channelExists(env.DB, channelId))) throw notFoundChannel();
  const perVisit = since === undefined && member !== null;
  const after = since ?? now - NEW_BOARD_WINDOW_MS;
  const [latestAt, boards] = await Promise.all([
    db.latestPostAt(env.DB, channelId ?? null),
    db.newPosts(env.DB, { channelId: channelId ?? null, after, memberId: member?.memberId ?? null, perVisit, limit: BOARD_LIMITS.newPosts }),
  ]);
  return { channelId: channelId ?? null, hasNew: boards.length > 0, since: perVisit ? null : after, latestAt, boards };
}
