import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { readChannelSettings } from '../../lib/kv-config';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { channelRegisterRequestSchema, channelSettingsRequestSchema, ownChannelSettingsSchema, streamKeyResponseSchema } from '../../shared/streams-schemas';
import { channelSettingsOf, registerChannel, rotateStreamKey, streamKeyOf, updateChannelSettings } from '../services/caster';

const NO_CHANNEL = 'The member has no channel yet (NO_CHANNEL)';
const NO_THEME = 'No such theme (THEME_NOT_FOUND), or the request fails validation (BAD_REQUEST)';

/** A creator's own channel (registration at the published path; the stream key is ours). */
export const casterRoutes = new Hono<ApiEnv>()
  .post(
    '/api/my/chennel-register',
    operation({
      tag: 'Creator',
      summary: "Register the member's channel (one per member); answers its stream key",
      description: 'The path is spelled chennel-register, as existing clients call it.',
      ok: streamKeyResponseSchema,
      refusals: { 400: NO_THEME, 409: 'The member has a channel already (CHANNEL_EXISTS)' },
    }),
    requireMember(),
    validate('json', channelRegisterRequestSchema),
    async (c) => c.json(await registerChannel(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .get(
    '/api/my/channel/stream-key',
    operation({ tag: 'Creator', summary: "The channel's stream key and ingest path", ok: streamKeyResponseSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await streamKeyOf(c.env.DB, c.var.session.memberId)),
  )
  .post(
    '/api/my/channel/stream-key',
    operation({ tag: 'Creator', summary: 'Rotate the stream key (the old one stops working at once)', ok: streamKeyResponseSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await rotateStreamKey(c.env.DB, c.var.session.memberId)),
  )
  .get(
    '/api/my/channel/settings',
    operation({ tag: 'Creator', summary: "The channel's own settings (the studio's form)", ok: ownChannelSettingsSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await channelSettingsOf(c.env.DB, c.var.session.memberId, await readChannelSettings(c.env.CONFIG))),
  )
  .put(
    '/api/my/channel/settings',
    operation({
      tag: 'Creator',
      summary: "Save the channel's settings",
      description:
        'The live on air takes the new adult, adult-plus and password options at once. password: omitted keeps it, null clears it. adultPlus needs adult: omitted it keeps its value, adult false clears it.',
      ok: ownChannelSettingsSchema,
      refusals: {
        400: `${NO_THEME}; adultPlus true with adult false`,
        403: 'Turning adultPlus on takes an identity-verified adult creator (VERIFIED_ADULT_REQUIRED) and the operators allowing adult-plus broadcasting (ADULT_PLUS_BROADCAST_OFF)',
        404: NO_CHANNEL,
      },
    }),
    requireMember(),
    validate('json', channelSettingsRequestSchema),
    async (c) => c.json(await updateChannelSettings(c.env, c.var.session.memberId, c.req.valid('json'), await readChannelSettings(c.env.CONFIG))),
  );
