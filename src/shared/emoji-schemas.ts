// Emoji calls (show-all-emoji for guests, change-favorite-emoticon, and the studio's own
// list/add/delete): request and answer shapes as zod schemas (the OpenAPI document comes from them).
import * as z from 'zod';
import { PAGE_DEFAULTS, pageInfoSchema, pageQuery } from './paging';
import { EMOJI_CODE_PATTERN } from './emoji';
import { UPLOAD_KEY_PATTERN } from './uploads';

const id = z.int().positive();
const decimalId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

export const EMOJI_TYPES = ['all', 'common', 'channel'] as const;

export const emojiSchema = z
  .object({
    emojiId: id,
    channelId: id.nullable().describe("The channel whose own emoji it is; null for the platform's common set"),
    code: z.string().regex(EMOJI_CODE_PATTERN).describe('Written :code: in a chat message'),
    title: z.string(),
    key: z.string().regex(UPLOAD_KEY_PATTERN),
    url: z.string().describe('GET this path for the image'),
    width: z.int().positive(),
    height: z.int().positive(),
    favorite: z.boolean().describe("In the signed-in member's favorites (always false for guests)"),
  })
  .meta({ id: 'Emoji' });

/** GET /api/guest/show-all-emoji?type&offset&limit&title&option */
export const showAllEmojiQuerySchema = z.object({
  type: z.enum(EMOJI_TYPES).default('all').describe("all: the channel's own (when option names one) and the common set; common; channel: only the channel's own"),
  ...pageQuery(PAGE_DEFAULTS.emojiLimit).shape,
  title: z.string().trim().max(30).optional().describe('Only emoji whose title or code contains this'),
  option: decimalId.optional().describe('The channel id (needed for type channel)'),
});

export const emojiListResponseSchema = z
  .object({
    ...pageInfoSchema.shape,
    items: z.array(emojiSchema).describe("Favorites first (signed in), then the channel's own, then the common set"),
    memberId: id.nullable().describe('The signed-in member (the memberId change-favorite-emoticon takes); null for guests'),
  })
  .meta({ id: 'EmojiList' });

/** POST /api/lives/change-favorite-emoticon {memberId, emojiId}: toggles one favorite of the caller. */
export const favoriteEmojiRequestSchema = z.object({
  memberId: z.union([id, decimalId]).describe('The signed-in member itself; anyone else is refused'),
  emojiId: z.union([id, decimalId]),
});
export const favoriteEmojiResponseSchema = z.object({ emojiId: id, favorite: z.boolean().describe('Whether it is a favorite now') }).meta({ id: 'FavoriteEmojiResponse' });

/** GET /api/my/channel/emoji: the creator's own, for the studio. */
export const ownEmojiListResponseSchema = z.object({ items: z.array(emojiSchema), max: z.int().positive().describe('How many a channel may have') }).meta({ id: 'OwnEmojiList' });

/** POST /api/my/channel/emoji (multipart). */
export const emojiCreateFormSchema = z.object({
  code: z.string().trim().regex(EMOJI_CODE_PATTERN).describe('2-20 of a-z, 0-9, _'),
  title: z.string().trim().min(1).max(30),
  image: z
    .file()
    .transform((f) => f as unknown as Blob)
    .describe('PNG, GIF, WebP or JPEG; at most 256 KB and 512 px a side'),
});

export const emojiDeletedResponseSchema = z.object({ emojiId: id, deleted: z.literal(true) }).meta({ id: 'EmojiDeleted' });

export type Emoji = z.infer<typeof emojiSchema>;
export type EmojiList = z.infer<typeof emojiListResponseSchema>;
export type ShowAllEmojiQuery = z.infer<typeof showAllEmojiQuerySchema>;
export type OwnEmojiList = z.infer<typeof ownEmojiListResponseSchema>;
export type EmojiCreateForm = z.infer<typeof emojiCreateFormSchema>;
export type FavoriteEmojiResponse = z.infer<typeof favoriteEmojiResponseSchema>;
