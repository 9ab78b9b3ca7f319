import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { SESSION_INVALID_MESSAGE, optionalMember, requireMember } from '../middleware/auth';
import { SESSION_INVALID } from '../../shared/account-api';
import {
  channelListItemSchema,
  deletedResponseSchema,
  removedResponseSchema,
  removeSubscriptionsRequestSchema,
  streamCardSchema,
  watchRecordedResponseSchema,
  watchRecordRequestSchema,
} from '../../shared/streams-schemas';
import { forgetWatch, hideGift, memberChannelList, recordWatch, recordedList, removeSubscriptions } from '../services/watch-history';
import { listResponseSchema, PAGE_DEFAULTS, pageQuery } from '../../shared/paging';
import { id } from './watch-params';

const streamPage = pageQuery(PAGE_DEFAULTS.streamLimit);
/** A channel id, or 'all'. */
const channelOrAll = z.union([z.literal('all'), id]);
const channelList = listResponseSchema(channelListItemSchema);
const NOT_IN_LIST = "The channel is not in the list (NOT_IN_LIST); 'all' never is";

/** The member's recent-view, gift-view and subscriptions-view lists and their recordings. */
/** Members-only except the recorded list (requireMember per route: a sub-app's use() would reach other /api/my calls). */
export const myStreamRoutes = new Hono<ApiEnv>()
  .get(
    '/api/my/streams/played',
    operation({ tag: 'My lists', summary: 'Recently watched channels, newest first, each with its open live', ok: channelList }),
    requireMember(),
    validate('query', streamPage),
    async (c) => c.json(await memberChannelList(c.env.DB, 'played', c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/my/streams/present',
    operation({ tag: 'My lists', summary: 'Channels the member sent gifts to, with the total sent', ok: channelList }),
    requireMember(),
    validate('query', streamPage),
    async (c) => c.json(await memberChannelList(c.env.DB, 'present', c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/my/streams/following',
    operation({ tag: 'My lists', summary: 'Followed channels: those on air first, busiest first, then the newest followed', ok: channelList }),
    requireMember(),
    validate('query', streamPage),
    async (c) => c.json(await memberChannelList(c.env.DB, 'following', c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/my/streams/subscriptions',
    operation({ tag: 'My lists', summary: "The member's subscriptions, with their status", ok: channelList }),
    requireMember(),
    validate('query', streamPage),
    async (c) => c.json(await memberChannelList(c.env.DB, 'subscriptions', c.var.session.memberId, c.req.valid('query'))),
  )
  // The channel page calls this when playback starts.
  .post(
    '/api/my/streams/played',
    operation({
      tag: 'My lists',
      summary: 'Record that the member watches a channel (when playback starts)',
      ok: watchRecordedResponseSchema,
      refusals: { 404: 'No such channel (CHANNEL_NOT_FOUND)' },
    }),
    requireMember(),
    validate('json', watchRecordRequestSchema),
    async (c) => c.json(await recordWatch(c.env.DB, c.var.session.memberId, c.req.valid('json').channelId)),
  )
  .delete(
    '/api/my/streams/subscriptions/remove',
    operation({
      tag: 'My lists',
      summary: 'Hide ended subscriptions from the list',
      ok: removedResponseSchema,
      refusals: { 409: 'One of them is still active (SUBSCRIPTION_ACTIVE); nothing is hidden' },
    }),
    requireMember(),
    validate('json', removeSubscriptionsRequestSchema),
    async (c) => c.json(await removeSubscriptions(c.env.DB, c.var.session.memberId, c.req.valid('json').channelIds)),
  )
  // The published paths' {x} segments: 'streams' for played, 'gift' for present; anything else is a bad request.
  .delete(
    '/api/my/:x/played/:id',
    operation({
      tag: 'My lists',
      summary: "Forget a channel ('all': every one) from the recently watched list",
      description: 'x is always streams.',
      ok: deletedResponseSchema,
      refusals: { 404: NOT_IN_LIST },
    }),
    requireMember(),
    validate('param', z.object({ x: z.literal('streams'), id: channelOrAll })),
    async (c) => c.json(await forgetWatch(c.env.DB, c.var.session.memberId, c.req.valid('param').id)),
  )
  .delete(
    '/api/my/streams/:x/present/:id',
    operation({ tag: 'My lists', summary: "Take a channel ('all': every one) off the gift list", description: 'x is always gift.', ok: deletedResponseSchema, refusals: { 404: NOT_IN_LIST } }),
    requireMember(),
    validate('param', z.object({ x: z.literal('gift'), id: channelOrAll })),
    async (c) => c.json(await hideGift(c.env.DB, c.var.session.memberId, c.req.valid('param').id)),
  )
  // Guests too (the channel page calls it): a channel's recordings are as public as
  // its page; only "my own channel" (no channelId) needs the member.
  .get(
    '/api/my/stream/recorded-stream-list',
    operation({
      tag: 'My lists',
      summary: "A channel's recordings, newest first",
      description: "With channelId: anyone's view of that channel's recordings (a guest too). Without: the signed-in member's own channel (an empty list when they have none); a guest gets 401.",
      ok: listResponseSchema(streamCardSchema),
      refusals: { 404: 'No such channel (CHANNEL_NOT_FOUND)' },
    }),
    optionalMember(),
    validate('query', pageQuery(PAGE_DEFAULTS.recordedLimit).extend({ channelId: id.optional() })),
    async (c) => {
      const { channelId, offset, limit } = c.req.valid('query');
      const memberId = c.var.optionalSession?.memberId ?? null;
      if (channelId === undefined && memberId === null) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
      return c.json(await recordedList(c.env.DB, memberId, channelId, { offset, limit }));
    },
  );
