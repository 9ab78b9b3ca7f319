import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../validate';
import { requireMember } from '../middleware/auth';
import { channelSettingsOf, registerChannel, rotateStreamKey, streamKeyOf, updateChannelSettings } from '../services/caster';
import { answer } from './watch-params';

const title = z.string().trim().min(1).max(40);
const description = z.string().trim().max(500);
const themeCode = z.string().regex(/^[a-z0-9_-]{1,32}$/);

/** A creator's own channel (SPEC §6 Creator/caster: channel registration; the stream key is ours). */
export const casterRoutes = new Hono<ApiEnv>()
  .post('/api/my/chennel-register', requireMember(), validate('json', z.object({ title, description: description.optional(), themeCode: themeCode.nullable().optional() })), async (c) =>
    answer(c, () => registerChannel(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .get('/api/my/channel/stream-key', requireMember(), async (c) => answer(c, () => streamKeyOf(c.env.DB, c.var.session.memberId)))
  .post('/api/my/channel/stream-key', requireMember(), async (c) => answer(c, () => rotateStreamKey(c.env.DB, c.var.session.memberId)))
  .get('/api/my/channel/settings', requireMember(), async (c) => answer(c, () => channelSettingsOf(c.env.DB, c.var.session.memberId)))
  .put(
    '/api/my/channel/settings',
    requireMember(),
    validate(
      'json',
      z.object({
        title,
        description,
        themeCode: themeCode.nullable(),
        adult: z.boolean(),
        // Omitted keeps the password; null clears it.
        password: z.string().min(4).max(32).regex(/^\S+$/).nullable().optional(),
      }),
    ),
    async (c) => answer(c, () => updateChannelSettings(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  );
