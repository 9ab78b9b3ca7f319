import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import {
  emojiCreateFormSchema,
  emojiDeletedResponseSchema,
  emojiListResponseSchema,
  emojiSchema,
  favoriteEmojiRequestSchema,
  favoriteEmojiResponseSchema,
  ownEmojiListResponseSchema,
  showAllEmojiQuerySchema,
} from '../../shared/emoji-schemas';
import { addOwnEmoji, changeFavorite, ownEmoji, removeOwnEmoji, showAllEmoji } from '../services/emoji';
import { idParam } from './watch-params';

const NO_CHANNEL = 'The member has no channel yet (NO_CHANNEL)';

/** Emoji (show-all-emoji and change-favorite-emoticon are published paths; the studio's list, add and delete are ours). */
export const emojiRoutes = new Hono<ApiEnv>()
  .get(
    '/api/guest/show-all-emoji',
    operation({
      tag: 'Emoji',
      summary: "The common emoji set and a channel's own (100 a page)",
      description: 'option is the channel id. A signed-in member sees their favorites first, marked favorite.',
      ok: emojiListResponseSchema,
      refusals: { 400: 'The query fails validation, or type channel without option (BAD_REQUEST)' },
    }),
    optionalMember(),
    validate('query', showAllEmojiQuerySchema),
    async (c) => c.json(await showAllEmoji(c.env.DB, c.req.valid('query'), c.var.optionalSession?.memberId ?? null)),
  )
  .post(
    '/api/lives/change-favorite-emoticon',
    operation({
      tag: 'Emoji',
      summary: 'Add an emoji to the favorites of the signed-in member, or take it out',
      description: 'memberId must be the signed-in member: nobody changes anyone else’s favorites.',
      ok: favoriteEmojiResponseSchema,
      refusals: { 403: 'memberId is someone else (FORBIDDEN)', 404: 'No such emoji (EMOJI_NOT_FOUND)', 409: 'Already 50 favorites (EMOJI_FAVORITES_FULL)' },
    }),
    requireMember(),
    validate('json', favoriteEmojiRequestSchema),
    async (c) => c.json(await changeFavorite(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .get(
    '/api/my/channel/emoji',
    operation({ tag: 'Emoji', summary: "The creator's own channel emoji (the studio)", ok: ownEmojiListResponseSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await ownEmoji(c.env.DB, c.var.session.memberId)),
  )
  .post(
    '/api/my/channel/emoji',
    operation({
      tag: 'Emoji',
      summary: 'Add an emoji to the creator’s channel (multipart: code, title, image)',
      ok: emojiSchema,
      refusals: {
        400: 'The form fails validation (BAD_REQUEST)',
        404: NO_CHANNEL,
        409: 'The code is the channel’s or the common set’s already (EMOJI_CODE_TAKEN), or the channel has 50 (EMOJI_LIMIT)',
        413: 'Over 256 KB or 512 px a side (EMOJI_TOO_LARGE), or a pixel flood (UPLOAD_DIMENSIONS)',
        415: 'Not a JPEG, PNG, GIF or WebP by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE, UPLOAD_SVG)',
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(emojiCreateFormSchema),
    async (c) => c.json(await addOwnEmoji(c.env, c.var.session.memberId, c.req.valid('form'))),
  )
  .delete(
    '/api/my/channel/emoji/:id',
    operation({
      tag: 'Emoji',
      summary: 'Delete one of the creator’s channel emoji',
      description: 'Messages already sent keep their words; the image is gone.',
      ok: emojiDeletedResponseSchema,
      refusals: { 404: `${NO_CHANNEL}, or not an emoji of the member's channel (EMOJI_NOT_FOUND)` },
    }),
    requireMember(),
    validate('param', idParam),
    async (c) => c.json(await removeOwnEmoji(c.env, c.var.session.memberId, c.req.valid('param').id)),
  );
