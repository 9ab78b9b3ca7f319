import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../validate';
import { optionalMember } from '../middleware/auth';
import { LIVE_TIME_OPTIONS } from '../../shared/streams-api';
import { channelFind, channelPage, liveAuth, liveTime, streamById } from '../services/channels';
import { answer, id, idParam, secretOf, settingsOf, viewerOf } from './watch-params';

const text = (max: number) => z.string().max(max);

/** A channel, its streams and the password check of protected lives (SPEC §7 Channel notices and channels, Guest). */
export const channelRoutes = new Hono<ApiEnv>()
  .get('/api/channels/channel-find', validate('query', z.object({ loginId: z.string().trim().min(1).max(100) })), async (c) =>
    answer(c, () => channelFind(c.env.DB, c.req.valid('query').loginId)),
  )
  .get('/api/channels/:id/channel-page', optionalMember(), validate('param', idParam), async (c) =>
    answer(c, async () => channelPage(c.env.DB, c.req.valid('param').id, await viewerOf(c), await settingsOf(c), secretOf(c))),
  )
  .get('/api/channels/:id/live-time', validate('param', idParam), validate('query', z.object({ option: z.enum(LIVE_TIME_OPTIONS).default('current') })), async (c) =>
    answer(c, () => liveTime(c.env.DB, c.req.valid('param').id, c.req.valid('query').option)),
  )
  // Ours (not in SPEC's list): one stream, live or recorded, for the recorded-stream player page.
  .get('/api/streams/:id', optionalMember(), validate('param', idParam), async (c) =>
    answer(c, async () => streamById(c.env.DB, c.req.valid('param').id, await viewerOf(c), await settingsOf(c), secretOf(c))),
  )
  .get(
    '/api/guest/live-Auth',
    optionalMember(),
    // viewerId, option and aspCode are what the apps send; the device (X-Device-Id) and the session are what count.
    validate('query', z.object({ channelId: id, password: z.string().min(1).max(64), viewerId: text(100).optional(), option: text(50).optional(), aspCode: text(50).optional() })),
    async (c) => {
      const { channelId, password } = c.req.valid('query');
      return answer(c, async () => liveAuth(c.env.DB, { channelId, password, deviceId: c.var.deviceId }, await viewerOf(c), await settingsOf(c), secretOf(c)));
    },
  );
