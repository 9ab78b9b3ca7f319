import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requireMember } from '../middleware/auth';
import { followRequestSchema, followStateSchema } from '../../shared/follow-schemas';
import { followChannel, followStateOf, unfollowChannel } from '../services/follows';
import { idParam } from './watch-params';

const NOT_FOUND = 'No such channel (CHANNEL_NOT_FOUND)';

/** Following a channel: its state for the viewer (and its count), follow with notices on or off, unfollow. */
export const followRoutes = new Hono<ApiEnv>()
  .get(
    '/api/channels/:id/follow',
    operation({ tag: 'Following', summary: "The channel's followers and whether the viewer follows it (with notices or not)", ok: followStateSchema, refusals: { 404: NOT_FOUND } }),
    optionalMember(),
    validate('param', idParam),
    async (c) => c.json(await followStateOf(c.env.DB, c.var.optionalSession?.memberId ?? null, c.req.valid('param').id), 200, { 'cache-control': 'private, no-store' }),
  )
  .put(
    '/api/channels/:id/follow',
    operation({
      tag: 'Following',
      summary: 'Follow the channel, or turn its went-live notices on or off',
      description: 'Idempotent: following again changes only notify, when given.',
      ok: followStateSchema,
      refusals: { 400: 'Bad body, or the member’s own channel (FOLLOW_OWN_CHANNEL)', 404: NOT_FOUND },
    }),
    requireMember(),
    validate('param', idParam),
    validate('json', followRequestSchema),
    async (c) => c.json(await followChannel(c.env.DB, c.var.session.memberId, c.req.valid('param').id, c.req.valid('json').notify)),
  )
  .delete(
    '/api/channels/:id/follow',
    operation({ tag: 'Following', summary: 'Unfollow the channel (not following: nothing changes)', ok: followStateSchema, refusals: { 404: NOT_FOUND } }),
    requireMember(),
    validate('param', idParam),
    async (c) => c.json(await unfollowChannel(c.env.DB, c.var.session.memberId, c.req.valid('param').id)),
  );
