// The channel board (docs/product/community.md, "Channel board"; the board-* calls, find-new-board): request and
// answer shapes as zod schemas (the OpenAPI document comes from them).
import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { BOARD_CATEGORIES, BOARD_LIMITS, BOARD_SEARCH_SCOPES, BOARD_WRITE_PERMISSIONS } from './board';
import { formId, formFile, oneOrMany, uploadedImageSchema } from './channel-schemas';
import { UPLOAD_KEY_PATTERN } from './uploads';

const id = z.int().positive();
const count = z.int().nonnegative();
const epochMs = z.int().nonnegative();

const boardCategorySchema = z.enum(BOARD_CATEGORIES).describe('free, fanart, question or review');
const writePermissionSchema = z.enum(BOARD_WRITE_PERMISSIONS).describe('Who may post: every member, subscribers, or only the creator and managers');

export const boardAuthorSchema = z.object({ loginId: z.string(), nickname: z.string() }).meta({ id: 'BoardAuthor' });

/** What the caller may do with a post or comment (false for guests). */
const permissions = {
  canEdit: z.boolean().describe('The caller wrote it'),
  canDelete: z.boolean().describe("The caller wrote it, or is the channel's creator or one of its managers"),
};

export const boardPostSummarySchema = z
  .object({
    boardId: id,
    channelId: id,
    category: boardCategorySchema,
    title: z.string(),
    author: boardAuthorSchema,
    pinned: z.boolean().describe('Pinned by the creator or a manager: listed first'),
    likeCount: count,
    commentCount: count,
    imageCount: count,
    createdAt: epochMs,
    updatedAt: epochMs,
  })
  .meta({ id: 'BoardPostSummary' });

export const boardPostSchema = boardPostSummarySchema
  .extend({
    body: z.string().describe('Sanitized HTML (p, br, b, strong, i, em, u, s, a, ul, ol, li, blockquote): safe to render as it is'),
    images: z.array(uploadedImageSchema),
    liked: z.boolean().describe('The caller likes it (false for guests)'),
    ...permissions,
    canPin: z.boolean().describe("The caller is the channel's creator or one of its managers"),
  })
  .meta({ id: 'BoardPost' });

export const boardListResponseSchema = z
  .object({
    channelId: id,
    category: boardCategorySchema.nullable().describe('The category listed; null: all'),
    ...pageInfoSchema.shape,
    items: z.array(boardPostSummarySchema),
    canWrite: z.boolean().describe('The caller may post on this board (board-setting-check tells why not)'),
  })
  .meta({ id: 'BoardList' });

/** GET /api/cs/board-list?channelId&category&offset&limit&filter&search */
export const boardListQuerySchema = z.object({
  channelId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
  category: z
    .enum([...BOARD_CATEGORIES, 'all'])
    .optional()
    .describe('A category, or all (the default)'),
  filter: z.enum(BOARD_SEARCH_SCOPES).optional().describe('Where search looks: all (title and text, the default), title, content or author (nickname or login ID)'),
  search: z.string().trim().max(BOARD_LIMITS.search).optional().describe('Words to find; empty: no search'),
});

export const boardCommentSchema = z
  .object({
    commentId: id,
    boardId: id,
    parentId: id.nullable().describe('The comment this reply answers; null for a comment'),
    author: boardAuthorSchema,
    body: z.string().describe('Plain text: render it as text'),
    createdAt: epochMs,
    updatedAt: epochMs,
    ...permissions,
  })
  .meta({ id: 'BoardComment' });

export const boardCommentThreadSchema = boardCommentSchema
  .extend({
    replyCount: count,
    replies: z.array(boardCommentSchema).describe(`The first ${BOARD_LIMITS.repliesShown} replies, oldest first; the rest with board-comment?commentId`),
  })
  .meta({ id: 'BoardCommentThread' });

/** GET /api/cs/board-comment: a post's comments with their replies, or (commentId) one comment's replies. */
export const boardCommentListSchema = z
  .object({
    boardId: id,
    commentId: id.nullable().describe('The comment whose replies these are; null: the top-level comments'),
    ...pageInfoSchema.shape,
    items: z.array(boardCommentThreadSchema).describe('Oldest first; replies carry replyCount 0 and no replies'),
    canComment: z.boolean().describe('The caller may comment (a signed-in member)'),
  })
  .meta({ id: 'BoardCommentList' });

export const boardCommentQuerySchema = z.object({
  channelId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .optional()
    .describe("The post's channel (checked when given)"),
  boardId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
  commentId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .optional()
    .describe('A comment: answer its replies instead'),
  category: z.string().max(20).optional().describe('What the apps send; not used'),
});

const positiveId = z.union([
  id,
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
]);

export const boardCommentWriteSchema = z.object({
  boardId: positiveId,
  parentId: positiveId.optional().describe('Answer this top-level comment (a reply)'),
  content: z.string().trim().min(1).max(BOARD_LIMITS.comment).describe('Plain text'),
});
export const boardCommentEditSchema = z.object({ commentId: positiveId, content: z.string().trim().min(1).max(BOARD_LIMITS.comment) });
export const boardCommentDeletedSchema = z.object({ commentId: id, deleted: z.literal(true), removedReplies: count }).meta({ id: 'BoardCommentDeleted' });

export const boardLikeRequestSchema = z.object({ boardId: positiveId });
export const boardLikeResponseSchema = z.object({ boardId: id, liked: z.boolean().describe('Whether the caller likes it now'), likeCount: count }).meta({ id: 'BoardLike' });
export const boardLikeCountSchema = z.object({ boardId: id, likeCount: count }).meta({ id: 'BoardLikeCount' });
export const boardLikeUsersSchema = z
  .object({
    boardId: id,
    liked: z.boolean().describe('The caller likes it (false for guests)'),
    likeCount: count,
    users: z.array(boardAuthorSchema).describe(`The ${BOARD_LIMITS.likeUsers} latest to like it, newest first`),
  })
  .meta({ id: 'BoardLikeUsers' });

export const boardImportantSchema = z.object({ channelId: id, boardId: id, pinned: z.boolean() }).meta({ id: 'BoardImportant' });
export const boardImportantQuerySchema = z.object({
  important: z.enum(['true', 'false']).optional().describe('Pin (true) or unpin (false); without it the call toggles'),
});

export const boardDeletedSchema = z.object({ boardId: id, deleted: z.literal(true) }).meta({ id: 'BoardDeleted' });

export const boardSettingSchema = z
  .object({
    channelId: id,
    writePermission: writePermissionSchema,
    canWrite: z.boolean().describe('The caller may post now'),
    canModerate: z.boolean().describe("The caller is the channel's creator or one of its managers"),
    canConfigure: z.boolean().describe("The caller is the channel's creator (who sets writePermission)"),
    reason: z.enum(['login', 'subscribers', 'managers']).nullable().describe('Why the caller may not post: must sign in, subscribe, or be staff; null when they may'),
  })
  .meta({ id: 'BoardSetting' });
export const boardSettingUpdateSchema = z.object({ writePermission: writePermissionSchema });

/** GET /api/guest/find-new-board */
export const newBoardResponseSchema = z
  .object({
    channelId: id.nullable().describe('The channel asked about; null when the call named none (every channel)'),
    hasNew: z.boolean(),
    since: epochMs.nullable().describe("What 'new' was measured from when one time applies to all (since, or the last day); null when each board's own last visit applied"),
    latestAt: epochMs.nullable().describe('The newest post, however old'),
    boards: z
      .array(z.object({ boardId: id, channelId: id, category: boardCategorySchema, title: z.string(), createdAt: epochMs }))
      .describe(`The new posts, newest first (at most ${BOARD_LIMITS.newPosts}); a member's own posts are never new to them`),
  })
  .meta({ id: 'NewBoardResponse' });

// ---- Multipart forms (board-write, board-update)

const postFields = {
  category: z.enum(BOARD_CATEGORIES),
  title: z.string().trim().min(1).max(BOARD_LIMITS.title),
  body: z.string().max(BOARD_LIMITS.body).describe('HTML or plain text; the server keeps only safe markup'),
  images: oneOrMany(formFile()).describe(`Up to ${BOARD_LIMITS.images} images (JPEG, PNG, GIF, WebP; 5 MB each), in order`),
};

export const boardWriteFormSchema = z.object({ channelId: formId, ...postFields });
export const boardUpdateFormSchema = z.object({
  boardId: formId,
  ...postFields,
  keepImages: oneOrMany(z.string().regex(UPLOAD_KEY_PATTERN)).describe("Keys of the post's images to keep; the others are removed"),
});

export type BoardAuthor = z.infer<typeof boardAuthorSchema>;
export type BoardPostSummary = z.infer<typeof boardPostSummarySchema>;
export type BoardPost = z.infer<typeof boardPostSchema>;
export type BoardList = z.infer<typeof boardListResponseSchema>;
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;
export type BoardComment = z.infer<typeof boardCommentSchema>;
export type BoardCommentThread = z.infer<typeof boardCommentThreadSchema>;
export type BoardCommentList = z.infer<typeof boardCommentListSchema>;
export type BoardLikeResponse = z.infer<typeof boardLikeResponseSchema>;
export type BoardLikeUsers = z.infer<typeof boardLikeUsersSchema>;
export type BoardImportant = z.infer<typeof boardImportantSchema>;
export type BoardSetting = z.infer<typeof boardSettingSchema>;
export type BoardWriteForm = z.infer<typeof boardWriteFormSchema>;
export type BoardUpdateForm = z.infer<typeof boardUpdateFormSchema>;
export type NewBoardResponse = z.infer<typeof newBoardResponseSchema>;
