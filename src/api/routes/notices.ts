import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import {
  liveBoardCheckRequestSchema,
  liveBoardCheckResponseSchema,
  noticeCreateFormSchema,
  noticeDeletedResponseSchema,
  noticeListResponseSchema,
  noticeSchema,
  noticeUpdateFormSchema,
} from '../../shared/channel-schemas';
import { channelNotice, channelNotices, createNotice, editNotice, liveBoardCheck, removeNotice } from '../services/notices';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';
import { id, idParam } from './watch-params';

const WRITE_REFUSALS = {
  400: 'The form fails validation (BAD_REQUEST), the body has no words (NOTICE_EMPTY), more than 4 images (TOO_MANY_IMAGES)',
  403: "The member is neither the channel's creator nor one of its managers (NOT_CHANNEL_STAFF)",
  404: 'No such channel (CHANNEL_NOT_FOUND), the member has no channel (NO_CHANNEL), or no such notice (NOTICE_NOT_FOUND)',
  413: 'A file or the request is too large (UPLOAD_TOO_LARGE), or an image has too many pixels (UPLOAD_DIMENSIONS)',
  415: 'A file is not a JPEG, PNG, GIF or WebP image by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE), or is SVG or other markup (UPLOAD_SVG)',
} as const;

const writer = (c: { var: { session: { memberId: number; loginId: string } } }) => ({ memberId: c.var.session.memberId, loginId: c.var.session.loginId });

/** Channel notices: the creator and its managers write, everyone reads. */
export const noticeRoutes = new Hono<ApiEnv>()
  .post(
    '/api/my/channel-notice',
    operation({ tag: 'Notices', summary: 'Post a channel notice (multipart, with images)', ok: noticeSchema, refusals: WRITE_REFUSALS }),
    requireMember(),
    uploadBody(),
    validateMultipart(noticeCreateFormSchema),
    async (c) => c.json(await createNotice(c.env, writer(c), c.req.valid('form'))),
  )
  .put(
    '/api/my/channel-notice',
    operation({
      tag: 'Notices',
      summary: 'Change a channel notice (multipart)',
      description: "Title, body and pin are replaced; keepImages names the images that stay (in order), new images follow them. The notice's channel decides who may: its creator and managers.",
      ok: noticeSchema,
      refusals: WRITE_REFUSALS,
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(noticeUpdateFormSchema),
    async (c) => c.json(await editNotice(c.env, writer(c), c.req.valid('form'))),
  )
  .delete(
    '/api/my/:x/channel-notice/:id',
    operation({
      tag: 'Notices',
      summary: 'Delete a channel notice',
      description: "x is the notice's channel id.",
      ok: noticeDeletedResponseSchema,
      refusals: { 403: WRITE_REFUSALS[403], 404: 'No such channel (CHANNEL_NOT_FOUND), or no such notice in it (NOTICE_NOT_FOUND)' },
    }),
    requireMember(),
    validate('param', z.object({ x: id, id })),
    async (c) => {
      const { x, id: noticeId } = c.req.valid('param');
      return c.json(await removeNotice(c.env, writer(c), x, noticeId));
    },
  )
  // Ours (the published paths are only the writes): the channel page's notice list and notice page read these.
  .get(
    '/api/channels/:id/notices',
    operation({ tag: 'Notices', summary: "A channel's notices, the pinned one first, then newest first", ok: noticeListResponseSchema, refusals: { 404: 'No such channel (CHANNEL_NOT_FOUND)' } }),
    optionalMember(),
    validate('param', idParam),
    validate('query', pageQuery(PAGE_DEFAULTS.itemLimit)),
    async (c) => {
      const session = c.var.optionalSession;
      return c.json(await channelNotices(c.env, c.req.valid('param').id, c.req.valid('query'), session ? { memberId: session.memberId, loginId: session.loginId } : null));
    },
  )
  .get(
    '/api/channels/:id/notices/:noticeId',
    operation({ tag: 'Notices', summary: 'One notice of a channel', ok: noticeSchema, refusals: { 404: 'No such notice in this channel (NOTICE_NOT_FOUND)' } }),
    validate('param', z.object({ id, noticeId: id })),
    async (c) => {
      const { id: channelId, noticeId } = c.req.valid('param');
      return c.json(await channelNotice(c.env.DB, channelId, noticeId));
    },
  )
  .post(
    '/v4/api/lives/live-board-check',
    operation({
      tag: 'Notices',
      summary: "Whether a creator is live, and their channel's notices at a glance",
      description: 'userId is the creator login ID; platform and option are accepted as the apps send them.',
      ok: liveBoardCheckResponseSchema,
      refusals: { 404: 'No channel for that login ID (CHANNEL_NOT_FOUND)' },
    }),
    validate('json', liveBoardCheckRequestSchema),
    async (c) => c.json(await liveBoardCheck(c.env.DB, c.req.valid('json').userId)),
  );
