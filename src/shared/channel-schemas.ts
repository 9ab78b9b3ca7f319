// Channel notices and the channel profile (docs/product/community.md, "Uploads, notices and the channel profile"): answer
// shapes and the multipart forms that write them, as zod schemas (the OpenAPI document comes from them).
import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { UPLOAD_KEY_PATTERN } from './uploads';

const id = z.int().positive();
const epochMs = z.int().nonnegative();

/** An image as answers carry it. */
export const uploadedImageSchema = z
  .object({
    key: z.string().regex(UPLOAD_KEY_PATTERN),
    url: z.string().describe('GET this path for the file'),
    contentType: z.string(),
    width: z.int().positive(),
    height: z.int().positive(),
  })
  .meta({ id: 'UploadedImage' });

export const noticeSchema = z
  .object({
    noticeId: id,
    channelId: id,
    title: z.string(),
    body: z.string().describe('Sanitized HTML (p, br, b, strong, i, em, u, s, a, ul, ol, li, blockquote): safe to render as it is'),
    pinned: z.boolean().describe('Shown on the channel page; at most one per channel'),
    images: z.array(uploadedImageSchema),
    author: z.object({ loginId: z.string(), nickname: z.string() }).nullable().describe('The creator or the manager who wrote it; null for notices from before authors were kept'),
    createdAt: epochMs,
    updatedAt: epochMs,
  })
  .meta({ id: 'ChannelNotice' });

export const noticeListResponseSchema = z
  .object({
    ...pageInfoSchema.shape,
    items: z.array(noticeSchema),
    canWrite: z.boolean().describe("Whether the signed-in member may write this channel's notices (its creator or a manager); false for guests"),
  })
  .meta({ id: 'ChannelNoticeList' });

export const noticeDeletedResponseSchema = z.object({ noticeId: id, deleted: z.literal(true) }).meta({ id: 'ChannelNoticeDeleted' });

/** POST /v4/api/lives/live-board-check {userId, platform, option}: a creator's live and notice board at a glance. */
export const liveBoardCheckRequestSchema = z.object({
  userId: z.string().trim().min(1).max(100).describe("The creator's login ID"),
  platform: z.string().max(20).optional().describe('What the apps send (PC, MOBILE, APP); not used'),
  option: z.string().max(50).optional().describe('What the apps send; not used'),
});
export const liveBoardCheckResponseSchema = z
  .object({
    channelId: id,
    live: z.boolean(),
    streamId: id.nullable().describe('The open live, when there is one'),
    noticeCount: z.int().nonnegative(),
    latestNoticeAt: epochMs.nullable(),
    pinnedNoticeId: id.nullable(),
  })
  .meta({ id: 'LiveBoardCheckResponse' });

export const channelLinkSchema = z.object({
  label: z.string().trim().min(1).max(30),
  url: z
    .url({ protocol: /^https?$/ })
    .max(300)
    .describe('http or https only'),
});

/** The channel's public profile. */
export const channelProfileSchema = z
  .object({
    channelId: id,
    name: z.string(),
    description: z.string(),
    profileImage: uploadedImageSchema.nullable(),
    banner: uploadedImageSchema.nullable(),
    links: z.array(channelLinkSchema),
  })
  .meta({ id: 'ChannelProfile' });

// ---- Multipart forms: every value arrives as text, files as File; a repeated field as an array.

export const formId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
export const formBool = z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'on');
export const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as z.output<T>[]);

/** zod's File type stands apart from the runtime's; what arrives is the runtime's File (a Blob). */
export const formFile = () => z.file().transform((f) => f as unknown as Blob);

const noticeFields = {
  title: z.string().trim().min(1).max(100),
  body: z.string().max(20_000).describe('HTML or plain text; the server keeps only safe markup'),
  pinned: formBool.optional().describe('Pin it to the channel page (unpins the one pinned before)'),
  images: oneOrMany(formFile()).describe('Up to 4 images (JPEG, PNG, GIF, WebP; 5 MB each), in order'),
};

/** POST /api/my/channel-notice (multipart). */
export const noticeCreateFormSchema = z.object({
  channelId: formId.optional().describe("The channel: the member's own when omitted; a manager names the channel they manage"),
  ...noticeFields,
});

/** PUT /api/my/channel-notice (multipart): the images kept (their keys, in order) come before new ones. */
export const noticeUpdateFormSchema = z.object({
  noticeId: formId,
  ...noticeFields,
  keepImages: oneOrMany(z.string().regex(UPLOAD_KEY_PATTERN)).describe("Keys of the notice's images to keep; the others are removed"),
});

/** PUT /api/my/channel/profile (multipart). links is a JSON array of { label, url }. */
export const channelProfileFormSchema = z.object({
  name: z.string().trim().min(1).max(40),
  description: z.string().trim().max(500),
  links: z.string().max(3000).optional().describe('JSON: at most 5 of { label, url }'),
  profileImage: formFile().optional().describe('A new profile image (replaces the old)'),
  banner: formFile().optional().describe('A new banner (replaces the old)'),
  removeProfileImage: formBool.optional(),
  removeBanner: formBool.optional(),
});

export const channelLinksSchema = z.array(channelLinkSchema).max(5);

export type UploadedImageView = z.infer<typeof uploadedImageSchema>;
export type ChannelNotice = z.infer<typeof noticeSchema>;
export type ChannelNoticeList = z.infer<typeof noticeListResponseSchema>;
export type NoticeCreateForm = z.infer<typeof noticeCreateFormSchema>;
export type NoticeUpdateForm = z.infer<typeof noticeUpdateFormSchema>;
export type LiveBoardCheckResponse = z.infer<typeof liveBoardCheckResponseSchema>;
export type ChannelLink = z.infer<typeof channelLinkSchema>;
export type ChannelProfile = z.infer<typeof channelProfileSchema>;
export type ChannelProfileForm = z.infer<typeof channelProfileFormSchema>;
