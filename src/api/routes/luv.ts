import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { waitUntilOf } from '../wait-until';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { giftListResponseSchema, giftRequestSchema, giftResponseSchema, luvSumResponseSchema } from '../../shared/luv-schemas';
import { giftList, luvSum, receivedSummary, sendGift } from '../services/luv';
import { receivedSummarySchema, waitingSummarySchema } from '../../shared/shop-schemas';
import { waitingSummary } from '../services/payments';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';

const giftPage = pageQuery(PAGE_DEFAULTS.itemLimit);

/** Luv: sending a gift to a live channel, the member's balances and gift lists. Every route is members-only. */
export const luvRoutes = new Hono<ApiEnv>()
  .post(
    '/api/luv/gift',
    operation({
      tag: 'Luv',
      summary: "Send luv to a live channel's creator",
      description: "idempotencyKey is the client's id for this gift: a retry with the same key answers the first result (replayed: true) and moves nothing.",
      ok: giftResponseSchema,
      refusals: {
        400: 'A gift to your own channel (SELF_GIFT), or a bad amount or key',
        404: 'No such channel (CHANNEL_NOT_FOUND)',
        409: 'The channel is not live (NOT_LIVE), the wallet is short (INSUFFICIENT_LUV), or the key was used for another gift (IDEMPOTENCY_CONFLICT)',
      },
    }),
    requireMember(),
    validate('json', giftRequestSchema),
    async (c) => c.json(await sendGift(c.env, c.var.session.memberId, c.req.valid('json'), waitUntilOf(c))),
  )
  .get('/api/luv/luv-sum', operation({ tag: 'Luv', summary: "The member's wallet: luv they can spend", ok: luvSumResponseSchema }), requireMember(), async (c) =>
    c.json(await luvSum(c.env.DB, c.var.session.memberId, 'wallet')),
  )
  .get('/api/luv/receivedluv-sum', operation({ tag: 'Luv', summary: "The member's earnings: luv received as gifts", ok: luvSumResponseSchema }), requireMember(), async (c) =>
    c.json(await luvSum(c.env.DB, c.var.session.memberId, 'earnings')),
  )
  .get('/api/luv/received', operation({ tag: 'Luv', summary: "The member's earnings, and the gifts received all time and this month (KST)", ok: receivedSummarySchema }), requireMember(), async (c) =>
    c.json(await receivedSummary(c.env.DB, c.var.session.memberId)),
  )
  .get(
    '/api/luv/sentluv-list',
    operation({ tag: 'Luv', summary: 'Gifts the member sent, newest first, with their receivers', ok: giftListResponseSchema }),
    requireMember(),
    validate('query', giftPage),
    async (c) => c.json(await giftList(c.env.DB, c.var.session.memberId, 'sent', c.req.valid('query'))),
  )
  .get(
    '/api/luv/receivedluv-list',
    operation({ tag: 'Luv', summary: 'Gifts the member received, newest first, with their senders', ok: giftListResponseSchema }),
    requireMember(),
    validate('query', giftPage),
    async (c) => c.json(await giftList(c.env.DB, c.var.session.memberId, 'received', c.req.valid('query'))),
  )
  .get('/api/luv/waiting', operation({ tag: 'Luv', summary: "Luv in the member's orders waiting for a deposit (virtual accounts, status 0)", ok: waitingSummarySchema }), requireMember(), async (c) =>
    c.json(await waitingSummary(c.env.DB, c.var.session.memberId)),
  );
