import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import {
  activatePassRequestSchema,
  activatePassResponseSchema,
  cancelRenewalRequestSchema,
  cancelRenewalResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionListResponseSchema,
  subscriptionOrderRequestSchema,
  subscriptionOrderResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from '../../shared/subscription-schemas';
import { createSubscriptionOrder } from '../services/payments';
import { cancelRenewal, subscribe, subscriptionList, unsubscribe, usePass } from '../services/subscriptions';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';

const listPage = pageQuery(PAGE_DEFAULTS.streamLimit);

/** Paid channel subscriptions (docs/product/money.md, "Subscriptions"): subscribing with luv, cancelling renewal, unsubscribing, using a pass, the two lists. Members only. */
export const subscriptionRoutes = new Hono<ApiEnv>()
  .post(
    '/api/my/subscriptions',
    operation({
      tag: 'Subscriptions',
      summary: 'Subscribe to a channel, paying the first term with luv from the wallet',
      description:
        'Plans: monthly (3,300 KRW = 30 luv, renews itself every 30 days), month1 (30 luv, 30 days), month3 (9,900 KRW = 90 luv, 90 days), at 110 KRW a luv; ' +
        'pass1 and pass3 (item codes 703 and 704: 30 and 90 luv) are passes, paid now and held unused (status 4, expiresAt null) until POST /api/my/subscriptions/activate starts their 30 or 90 days. ' +
        "70% goes to the creator's earnings, the rest to the platform. idempotencyKey: a retry with the same key answers the first result (replayed: true) and moves nothing.",
      ok: subscribeResponseSchema,
      refusals: {
        400: 'Your own channel (OWN_CHANNEL), or a bad plan or key',
        404: 'No such channel (CHANNEL_NOT_FOUND)',
        409: 'Already subscribed (ALREADY_SUBSCRIBED), an unused pass for this channel (UNUSED_PASS), the wallet is short (INSUFFICIENT_LUV), or the key was used for another subscription (IDEMPOTENCY_CONFLICT)',
      },
    }),
    requireMember(),
    validate('json', subscribeRequestSchema),
    async (c) => c.json(await subscribe(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .post(
    '/api/my/subscriptions/order',
    operation({
      tag: 'Subscriptions',
      summary: "Order a subscription's first term paid through the PG, at the plan's KRW price",
      description:
        "The order buys exactly the plan's luv (month1/monthly 3,300 KRW, month3 9,900 KRW) and goes through the same checkout as a pack of luv " +
        '(POST /api/shoppings/confirm after the PG sends the browser back, or the deposit webhook): once approved, the luv pays the term at once, ' +
        "under the order's id, and the confirm's answer carries the subscription. Such an order cannot be refunded (it is spent on its term). " +
        'A monthly plan then renews from the wallet, as one paid with luv does.',
      ok: subscriptionOrderResponseSchema,
      refusals: {
        400: 'Your own channel (OWN_CHANNEL), or a bad plan or method',
        404: 'No such channel (CHANNEL_NOT_FOUND)',
        409: 'Already subscribed (ALREADY_SUBSCRIBED), or an unused pass for this channel (UNUSED_PASS)',
      },
    }),
    requireMember(),
    validate('json', subscriptionOrderRequestSchema),
    async (c) => c.json(await createSubscriptionOrder(c.env, c.var.session.memberId, c.req.valid('json'), c.var.t)),
  )
  .post(
    '/api/my/subscriptions/cancel-renewal',
    operation({
      tag: 'Subscriptions',
      summary: 'Stop a monthly subscription renewing (status 5); it runs to its expiry',
      ok: cancelRenewalResponseSchema,
      refusals: { 409: 'No renewing monthly subscription to this channel (NOT_RENEWING)' },
    }),
    requireMember(),
    validate('json', cancelRenewalRequestSchema),
    async (c) => c.json(await cancelRenewal(c.env.DB, c.var.session.memberId, c.req.valid('json').channelId)),
  )
  .post(
    '/api/my/subscriptions/unsubscribe',
    operation({
      tag: 'Subscriptions',
      summary: 'End a subscription (status 2): nothing renews, the days paid run to their expiry, nothing is refunded',
      description: 'Any running subscription (status 1, or 5). Asked again while it runs, it answers the same. An unused pass is kept until used.',
      ok: unsubscribeResponseSchema,
      refusals: { 409: 'No running subscription to this channel (NOT_SUBSCRIBED)' },
    }),
    requireMember(),
    validate('json', unsubscribeRequestSchema),
    async (c) => c.json(await unsubscribe(c.env.DB, c.var.session.memberId, c.req.valid('json').channelId)),
  )
  .post(
    '/api/my/subscriptions/activate',
    operation({
      tag: 'Subscriptions',
      summary: 'Use the unused pass (status 4) for a channel: its 30 or 90 days start now (status 1, no renewal)',
      description: 'Nothing is paid here: the pass was paid when bought. Asked again once used, it answers the subscription the pass started.',
      ok: activatePassResponseSchema,
      refusals: { 409: 'No unused pass for this channel (NO_UNUSED_PASS)' },
    }),
    requireMember(),
    validate('json', activatePassRequestSchema),
    async (c) => c.json(await usePass(c.env.DB, c.var.session.memberId, c.req.valid('json').channelId)),
  )
  .get(
    '/api/my/subscription-list',
    operation({ tag: 'Subscriptions', summary: "The member's paid subscriptions, newest first, with each channel's creator", ok: subscriptionListResponseSchema }),
    requireMember(),
    validate('query', listPage),
    async (c) => c.json(await subscriptionList(c.env.DB, 'member', c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/my/channel-subscription-list',
    operation({ tag: 'Subscriptions', summary: "The subscribers of the member's own channel, newest first", ok: subscriptionListResponseSchema }),
    requireMember(),
    validate('query', listPage),
    async (c) => c.json(await subscriptionList(c.env.DB, 'channel', c.var.session.memberId, c.req.valid('query'))),
  );
