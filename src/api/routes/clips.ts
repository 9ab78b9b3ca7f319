import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requireMember } from '../middleware/auth';
import { clipCreateRequestSchema, clipCreatedSchema, clipDetailSchema, clipListSchema, clipParamSchema, clipViewSchema, topClipsSchema } from '../../shared/clip-schemas';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';
import { channelClipList, clipDetail, createClip, removeClip, topClipsOfWeek, viewClip } from '../services/clips';
import { idParam, secretOf, settingsOf, viewerOf } from './watch-params';

const NOT_FOUND = 'No such clip (CLIP_NOT_FOUND)';

/** Clips: members cut them from lives and recordings; everyone who may watch the stream's content watches them. */
export const clipRoutes = new Hono<ApiEnv>()
  .post(
    '/api/clips',
    operation({
      tag: 'Clips',
      summary: 'Cut a clip of a live or a recording',
      description:
        'The segments that overlap the `seconds` before `endAt` (at segment boundaries, so up to a segment longer), in every rendition. The same requestKey answers the clip it made before. Clips per member: 10 an hour.',
      ok: clipCreatedSchema,
      refusals: {
        400: 'The request fails validation (BAD_REQUEST), or the stream is not one of ours (CLIP_UNAVAILABLE)',
        403: 'The viewer may not watch the stream (IDENTITY_REQUIRED, ADULT_ONLY, UNAVAILABLE), or it is a password live and they are not its creator (CLIP_PASSWORD)',
        404: 'No such stream (STREAM_NOT_FOUND)',
        409: 'Nothing stored in that range (CLIP_EMPTY)',
        429: 'Ten clips in the last hour already (CLIP_RATE)',
      },
    }),
    requireMember(),
    validate('json', clipCreateRequestSchema),
    async (c) => c.json(await createClip(c.env, c.var.session.memberId, await viewerOf(c), await settingsOf(c), c.req.valid('json'))),
  )
  .get('/api/clips/top-week', operation({ tag: 'Clips', summary: 'The most viewed clips made in the last seven days (none of adult streams)', ok: topClipsSchema }), async (c) =>
    c.json(await topClipsOfWeek(c.env.DB)),
  )
  .get(
    '/api/clips/:clipId',
    operation({ tag: 'Clips', summary: 'One clip, with what the viewer may do with it', ok: clipDetailSchema, refusals: { 404: NOT_FOUND } }),
    optionalMember(),
    validate('param', clipParamSchema),
    async (c) => c.json(await clipDetail(c.env.DB, c.req.valid('param').clipId, await viewerOf(c), await settingsOf(c), secretOf(c))),
  )
  .delete(
    '/api/clips/:clipId',
    operation({
      tag: 'Clips',
      summary: 'Delete a clip',
      description: "Its maker or the channel's creator.",
      ok: z.object({ result: z.literal('ok') }),
      refusals: { 403: 'Neither its maker nor the channel’s creator (CLIP_FORBIDDEN)', 404: NOT_FOUND },
    }),
    requireMember(),
    validate('param', clipParamSchema),
    async (c) => {
      await removeClip(c.env, c.req.valid('param').clipId, c.var.session.memberId);
      return c.json({ result: 'ok' as const });
    },
  )
  .post(
    '/api/clips/:clipId/views',
    operation({ tag: 'Clips', summary: 'A play of the clip (counted once a day per member, else per device)', ok: clipViewSchema, refusals: { 404: NOT_FOUND } }),
    optionalMember(),
    validate('param', clipParamSchema),
    async (c) => {
      const memberId = c.var.optionalSession?.memberId;
      return c.json(await viewClip(c.env.DB, c.req.valid('param').clipId, memberId ? `m:${memberId}` : `d:${c.var.deviceId}`));
    },
  )
  .get(
    '/api/channels/:id/clips',
    operation({ tag: 'Clips', summary: "A channel's clips, newest first", ok: clipListSchema }),
    validate('param', idParam),
    validate('query', pageQuery(PAGE_DEFAULTS.streamLimit)),
    async (c) => c.json(await channelClipList(c.env.DB, c.req.valid('param').id, c.req.valid('query'))),
  );
