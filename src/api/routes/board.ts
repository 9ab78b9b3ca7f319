import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import { BOARD_LIMITS } from '../../shared/board';
import {
  boardCommentDeletedSchema,
  boardCommentEditSchema,
  boardCommentListSchema,
  boardCommentQuerySchema,
  boardCommentSchema,
  boardCommentWriteSchema,
  boardDeletedSchema,
  boardImportantQuerySchema,
  boardImportantSchema,
  boardLikeCountSchema,
  boardLikeRequestSchema,
  boardLikeResponseSchema,
  boardLikeUsersSchema,
  boardListQuerySchema,
  boardListResponseSchema,
  boardPostSchema,
  boardSettingSchema,
  boardSettingUpdateSchema,
  boardUpdateFormSchema,
  boardWriteFormSchema,
  newBoardResponseSchema,
} from '../../shared/board-schemas';
import * as board from '../services/board';
import { pageQuery } from '../../shared/paging';
import { channelIdQuery, id, idParam } from './watch-params';

const NO_POST = 'No such post (BOARD_NOT_FOUND), or not in that channel';
const NO_CHANNEL = 'No such channel (CHANNEL_NOT_FOUND)';
const UPLOAD_REFUSALS = {
  413: 'A file or the request is too large (UPLOAD_TOO_LARGE), or an image has too many pixels (UPLOAD_DIMENSIONS)',
  415: 'A file is not a JPEG, PNG, GIF or WebP image by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE), or is SVG or other markup (UPLOAD_SVG)',
} as const;
const STAFF_ONLY = "The member is neither the post's author nor the channel's creator or one of its managers (NOT_CHANNEL_STAFF)";

const member = (c: Context<ApiEnv>): board.Member => ({ memberId: c.var.session.memberId, loginId: c.var.session.loginId });
const reader = (c: Context<ApiEnv>): board.Member | null => {
  const session = c.var.optionalSession;
  return session ? { memberId: session.memberId, loginId: session.loginId } : null;
};

const boardIdParam = z.object({ boardId: id });

/**
 * The channel board (the board-* calls, at their published paths and spellings). Reads are open to
 * guests; a signed-in caller is told what they may do. The comment writes are ours (the published paths
 * have only the read), as is the creator's PUT of the write setting.
 */
export const boardRoutes = new Hono<ApiEnv>()
  .get(
    '/api/cs/board-list',
    operation({
      tag: 'Board',
      summary: "A channel's board: pinned posts first, then newest first",
      description: `category narrows to one category; search finds words where filter says (default title and text). Default limit ${BOARD_LIMITS.pageSize}. A signed-in member's read of the list (without search) is their visit: find-new-board counts from it.`,
      ok: boardListResponseSchema,
      refusals: { 404: NO_CHANNEL },
    }),
    optionalMember(),
    validate('query', boardListQuerySchema.extend(pageQuery(BOARD_LIMITS.pageSize).shape)),
    async (c) => {
      const { offset, limit, ...query } = c.req.valid('query');
      return c.json(await board.boardList(c.env, query, { offset, limit }, reader(c)));
    },
  )
  .get(
    '/api/cs/board-detail',
    operation({ tag: 'Board', summary: 'One post, with its images, likes and what the caller may do', ok: boardPostSchema, refusals: { 404: `${NO_CHANNEL}; ${NO_POST}` } }),
    optionalMember(),
    validate('query', z.object({ channelId: id, boardId: id })),
    async (c) => {
      const { channelId, boardId } = c.req.valid('query');
      return c.json(await board.boardDetail(c.env, channelId, boardId, reader(c)));
    },
  )
  .post(
    '/api/cs/board-write',
    operation({
      tag: 'Board',
      summary: "Post on a channel's board (multipart, with images)",
      description: 'As board-setting-check allows: every member, subscribers, or only the creator and managers (who always may).',
      ok: boardPostSchema,
      refusals: {
        400: `The form fails validation (BAD_REQUEST), the body has no words (BOARD_EMPTY), more than ${BOARD_LIMITS.images} images (TOO_MANY_IMAGES)`,
        403: 'The board is for subscribers (BOARD_SUBSCRIBERS_ONLY) or for the creator and managers (BOARD_MANAGERS_ONLY)',
        404: NO_CHANNEL,
        ...UPLOAD_REFUSALS,
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(boardWriteFormSchema),
    async (c) => c.json(await board.writePost(c.env, member(c), c.req.valid('form'))),
  )
  .put(
    '/api/cs/board-update',
    operation({
      tag: 'Board',
      summary: 'Change a post (multipart): its author only',
      description: 'Category, title and body are replaced; keepImages names the images that stay (in order), new images follow them.',
      ok: boardPostSchema,
      refusals: {
        400: `The form fails validation (BAD_REQUEST), the body has no words (BOARD_EMPTY), more than ${BOARD_LIMITS.images} images (TOO_MANY_IMAGES)`,
        403: 'The member did not write the post (BOARD_NOT_AUTHOR)',
        404: NO_POST,
        ...UPLOAD_REFUSALS,
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(boardUpdateFormSchema),
    async (c) => c.json(await board.updatePost(c.env, member(c), c.req.valid('form'))),
  )
  .delete(
    '/api/cs/board-delete/:id',
    operation({ tag: 'Board', summary: 'Delete a post with its comments, likes and images', ok: boardDeletedSchema, refusals: { 403: STAFF_ONLY, 404: NO_POST } }),
    requireMember(),
    validate('param', idParam),
    async (c) => c.json(await board.deletePost(c.env, member(c), c.req.valid('param').id)),
  )
  .put(
    '/api/cs/board-important/:channelId/:boardId',
    operation({
      tag: 'Board',
      summary: "Pin or unpin a post: the channel's creator and managers",
      description: 'important=true pins, false unpins; without it the call toggles. Pinned posts lead the list.',
      ok: boardImportantSchema,
      refusals: { 403: "The member is neither the channel's creator nor one of its managers (NOT_CHANNEL_STAFF)", 404: `${NO_CHANNEL}; ${NO_POST}` },
    }),
    requireMember(),
    validate('param', z.object({ channelId: id, boardId: id })),
    validate('query', boardImportantQuerySchema),
    async (c) => {
      const { channelId, boardId } = c.req.valid('param');
      const { important } = c.req.valid('query');
      return c.json(await board.pinPost(c.env, member(c), channelId, boardId, important === undefined ? null : important === 'true'));
    },
  )
  .get(
    '/api/cs/board-setting-check',
    operation({ tag: 'Board', summary: "Who may post on a channel's board, and whether the caller may", ok: boardSettingSchema, refusals: { 404: NO_CHANNEL } }),
    optionalMember(),
    validate('query', channelIdQuery),
    async (c) => c.json(await board.boardSetting(c.env, c.req.valid('query').channelId, reader(c))),
  )
  .put(
    '/api/my/channel/board-setting',
    operation({ tag: 'Board', summary: "The creator sets who may post on their channel's board", ok: boardSettingSchema, refusals: { 404: 'The member has no channel (NO_CHANNEL)' } }),
    requireMember(),
    validate('json', boardSettingUpdateSchema),
    async (c) => c.json(await board.setWritePermission(c.env, member(c), c.req.valid('json').writePermission)),
  )
  // What is new (open to guests)
  .get(
    '/api/guest/find-new-board',
    operation({
      tag: 'Board',
      summary: 'New board posts: on one channel, or (without channelId) on every channel',
      description:
        "New: written after since (epoch ms). Without since, a signed-in member's new posts are those after their last visit to each board (its list), or of the last day on a board they never opened; a guest's, those of the last day. A member's own posts are never new to them.",
      ok: newBoardResponseSchema,
      refusals: { 404: NO_CHANNEL },
    }),
    optionalMember(),
    validate(
      'query',
      z.object({
        channelId: id.optional(),
        since: z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number)
          .optional(),
      }),
    ),
    async (c) => {
      const { channelId, since } = c.req.valid('query');
      return c.json(await board.findNewBoard(c.env, channelId, since, reader(c)));
    },
  )
  // Likes
  .post(
    '/api/cs/board-like',
    operation({ tag: 'Board', summary: 'Like a post, or take the like back', ok: boardLikeResponseSchema, refusals: { 404: NO_POST } }),
    requireMember(),
    validate('json', boardLikeRequestSchema),
    async (c) => c.json(await board.toggleLike(c.env, member(c), c.req.valid('json').boardId)),
  )
  .get(
    '/api/cs/board-likeCount/:boardId',
    operation({ tag: 'Board', summary: "A post's like count", ok: boardLikeCountSchema, refusals: { 404: NO_POST } }),
    validate('param', boardIdParam),
    async (c) => c.json(await board.likeCount(c.env, c.req.valid('param').boardId)),
  )
  .get(
    '/api/cs/board-like-User/:boardId',
    operation({ tag: 'Board', summary: 'Whether the caller likes a post, and who liked it last', ok: boardLikeUsersSchema, refusals: { 404: NO_POST } }),
    optionalMember(),
    validate('param', boardIdParam),
    async (c) => c.json(await board.likeUsers(c.env, c.req.valid('param').boardId, reader(c))),
  )
  // Comments
  .get(
    '/api/cs/board-comment',
    operation({
      tag: 'Board',
      summary: "A post's comments with their replies, or one comment's replies",
      description: `Oldest first, ${BOARD_LIMITS.commentPage} a page by default; each comment carries its first ${BOARD_LIMITS.repliesShown} replies.`,
      ok: boardCommentListSchema,
      refusals: { 404: `${NO_POST}; no such comment on it (BOARD_COMMENT_NOT_FOUND)` },
    }),
    optionalMember(),
    validate('query', boardCommentQuerySchema.extend(pageQuery(BOARD_LIMITS.commentPage).shape)),
    async (c) => {
      const { offset, limit, channelId, boardId, commentId } = c.req.valid('query');
      return c.json(await board.comments(c.env, { channelId, boardId, commentId }, { offset, limit }, reader(c)));
    },
  )
  .post(
    '/api/cs/board-comment',
    operation({
      tag: 'Board',
      summary: 'Comment on a post, or reply to a comment (parentId)',
      ok: boardCommentSchema,
      refusals: { 400: 'The body fails validation (BAD_REQUEST); parentId is not a top-level comment of this post (BOARD_BAD_PARENT)', 404: NO_POST },
    }),
    requireMember(),
    validate('json', boardCommentWriteSchema),
    async (c) => c.json(await board.addComment(c.env, member(c), c.req.valid('json'))),
  )
  .put(
    '/api/cs/board-comment',
    operation({
      tag: 'Board',
      summary: "Change a comment's words: its author only",
      ok: boardCommentSchema,
      refusals: { 403: 'The member did not write the comment (BOARD_NOT_AUTHOR)', 404: 'No such comment (BOARD_COMMENT_NOT_FOUND)' },
    }),
    requireMember(),
    validate('json', boardCommentEditSchema),
    async (c) => c.json(await board.editComment(c.env, member(c), c.req.valid('json'))),
  )
  .delete(
    '/api/cs/board-comment/:commentId',
    operation({
      tag: 'Board',
      summary: 'Delete a comment and its replies',
      ok: boardCommentDeletedSchema,
      refusals: { 403: STAFF_ONLY.replace("post's", "comment's"), 404: 'No such comment (BOARD_COMMENT_NOT_FOUND)' },
    }),
    requireMember(),
    validate('param', z.object({ commentId: id })),
    async (c) => c.json(await board.deleteComment(c.env, member(c), c.req.valid('param').commentId)),
  );
