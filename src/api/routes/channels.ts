import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember } from '../middleware/auth';
import { clientLimitKey } from '../../lib/client-address';
import { LIVE_TIME_OPTIONS, LIVE_TIME_OPTION_NUMBERS, type LiveTimeOption } from '../../shared/streams-api';
import { channelFindResponseSchema, channelPageResponseSchema, liveAuthResponseSchema, liveTimeResponseSchema, streamDetailSchema } from '../../shared/streams-schemas';
import { channelFind, channelPage, liveAuth, liveTime, streamById } from '../services/channels';
import { bodyId, id, idParam, secretOf, settingsOf, viewerOf } from './watch-params';

const text = (max: number) => z.string().max(max);
const NO_CHANNEL = 'No such channel (CHANNEL_NOT_FOUND)';
/** The word, or the apps' number for it (LIVE_TIME_OPTION_NUMBERS); read as the word. */
const liveTimeOption = z
  .enum([...LIVE_TIME_OPTIONS, '1', '2', '3', '4'])
  .transform((v) => (v in LIVE_TIME_OPTION_NUMBERS ? LIVE_TIME_OPTION_NUMBERS[Number(v) as keyof typeof LIVE_TIME_OPTION_NUMBERS] : (v as LiveTimeOption)));

/** A channel, its streams and the password check of protected lives. */
const LIVE_AUTH_DESCRIPTION =
  "Each try counts before the password is checked: 10 per channel and device (X-Device-Id), 30 per channel and client address, 100 per channel from everyone, per 10 quiet minutes; a right one clears the device's count. The creator needs no password. streamId (ours): a password-protected recording of the channel, which keeps its live's password.";
const LIVE_AUTH_REFUSALS = {
  400: 'The live has no password (NO_PASSWORD), or the request fails validation (BAD_REQUEST)',
  403: 'Wrong password (PASSWORD_WRONG), or the viewer may not watch it at all (IDENTITY_REQUIRED, ADULT_ONLY, UNAVAILABLE)',
  404: 'No such channel (CHANNEL_NOT_FOUND), it is not live (NOT_LIVE), or no such recording of it (STREAM_NOT_FOUND)',
  429: 'Too many tries (TOO_MANY_TRIES)',
};
// viewerId, option and aspCode are what the apps send; the device (X-Device-Id) and the session are what count.
const liveAuthFields = { password: z.string().min(1).max(64), viewerId: text(100).optional(), option: text(50).optional(), aspCode: text(50).optional() };
const liveAuthQuery = z.object({ channelId: id, streamId: id.optional(), ...liveAuthFields });
const liveAuthBody = z.object({ channelId: bodyId, streamId: bodyId.optional(), ...liveAuthFields });

async function answerLiveAuth(c: Context<ApiEnv>, { channelId, streamId, password }: z.infer<typeof liveAuthBody>) {
  const clientKey = clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip);
  return liveAuth(c.env.DB, { channelId, streamId, password, deviceId: c.var.deviceId, clientKey }, await viewerOf(c), await settingsOf(c), secretOf(c));
}

export const channelRoutes = new Hono<ApiEnv>()
  .get(
    '/api/channels/channel-find',
    operation({ tag: 'Channels', summary: "The channel of a creator's login ID", ok: channelFindResponseSchema, refusals: { 404: NO_CHANNEL } }),
    validate('query', z.object({ loginId: z.string().trim().min(1).max(100) })),
    async (c) => c.json(await channelFind(c.env.DB, c.req.valid('query').loginId)),
  )
  .get(
    '/api/channels/:id/channel-page',
    operation({
      tag: 'Channels',
      summary: "A channel page's data: the channel, its open live and latest recordings",
      description: "The live's playback is there only when the viewer may watch (access 'ok'); adult and password lives carry a signed URL.",
      ok: channelPageResponseSchema,
      refusals: { 404: NO_CHANNEL },
    }),
    optionalMember(),
    validate('param', idParam),
    async (c) => c.json(await channelPage(c.env.DB, c.req.valid('param').id, await viewerOf(c), await settingsOf(c), secretOf(c))),
  )
  .get(
    '/api/channels/:id/live-time',
    operation({
      tag: 'Channels',
      summary: "A channel's broadcast time",
      description: "option: current (or 1): the open live's elapsed time; today (2), week (3, from Monday), month (4): the total within the period, in KST. The answer's option is always the word.",
      ok: liveTimeResponseSchema,
      refusals: { 404: NO_CHANNEL },
    }),
    validate('param', idParam),
    validate('query', z.object({ option: liveTimeOption.default('current') })),
    async (c) => c.json(await liveTime(c.env.DB, c.req.valid('param').id, c.req.valid('query').option)),
  )
  // Ours (not a published path): one stream, live or recorded, for the recorded-stream player page.
  .get(
    '/api/streams/:id',
    operation({ tag: 'Channels', summary: 'One stream, live or recorded, with what the viewer may do with it', ok: streamDetailSchema, refusals: { 404: 'No such stream (STREAM_NOT_FOUND)' } }),
    optionalMember(),
    validate('param', idParam),
    async (c) => c.json(await streamById(c.env.DB, c.req.valid('param').id, await viewerOf(c), await settingsOf(c), secretOf(c))),
  )
  .get(
    '/api/guest/live-Auth',
    operation({
      tag: 'Channels',
      summary: "The password of a protected live, in the query (the apps' call; the site POSTs it): its signed playback and the chat room's proof",
      description: LIVE_AUTH_DESCRIPTION,
      ok: liveAuthResponseSchema,
      refusals: LIVE_AUTH_REFUSALS,
    }),
    optionalMember(),
    validate('query', liveAuthQuery),
    async (c) => c.json(await answerLiveAuth(c, c.req.valid('query'))),
  )
  .post(
    '/api/guest/live-Auth',
    operation({
      tag: 'Channels',
      summary: "The password of a protected live, in the body (a password never goes into a URL): its signed playback and the chat room's proof",
      description: LIVE_AUTH_DESCRIPTION,
      ok: liveAuthResponseSchema,
      refusals: LIVE_AUTH_REFUSALS,
    }),
    optionalMember(),
    validate('json', liveAuthBody),
    async (c) => c.json(await answerLiveAuth(c, c.req.valid('json'))),
  );
