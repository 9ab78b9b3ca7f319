import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { luvPresetSchema } from '../../shared/shop-schemas';
import { channelPresets, ownPresets, setOwnPresets } from '../services/luv-presets';
import { idParam } from './watch-params';

const NO_CHANNEL = 'The member has no channel yet (NO_CHANNEL)';
const DEFAULTS = 'A channel whose creator set none answers the defaults (10, 50, 100, 500, 1000).';

/** A creator's gift presets: the studio edits them (POST /api/my/channel/luv-preset), the gift dialog reads them. */
export const luvPresetRoutes = new Hono<ApiEnv>()
  .post(
    '/api/my/channel/luv-preset',
    operation({
      tag: 'Creator',
      summary: "Set the amounts the gift dialog offers on the member's channel",
      description: '1-6 distinct positive whole amounts; stored (and answered) ascending.',
      ok: luvPresetSchema,
      refusals: { 400: 'Duplicate amounts (PRESETS_DUPLICATE), or the request fails validation (BAD_REQUEST)', 404: NO_CHANNEL },
    }),
    requireMember(),
    validate('json', luvPresetSchema),
    async (c) => c.json(await setOwnPresets(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .get(
    '/api/my/channel/luv-preset',
    operation({ tag: 'Creator', summary: "The gift presets of the member's channel (the studio's editor)", description: DEFAULTS, ok: luvPresetSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await ownPresets(c.env.DB, c.var.session.memberId)),
  )
  // Ours (the published paths have only the creator's POST): what the gift dialog offers on a channel.
  .get(
    '/api/channels/:id/luv-preset',
    operation({ tag: 'Channels', summary: "The gift presets a channel's gift dialog offers", description: DEFAULTS, ok: luvPresetSchema, refusals: { 404: 'No such channel (CHANNEL_NOT_FOUND)' } }),
    validate('param', idParam),
    async (c) => c.json(await channelPresets(c.env.DB, c.req.valid('param').id)),
  );
