import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { IDEMPOTENCY_HEADER, resolveRequestKey } from '../../lib/request-key';
import { requireMember } from '../middleware/auth';
import { exchangeApplyRequestSchema, exchangeApplyResponseSchema, exchangeNowSchema, exchangeRateSchema, exchangeStatusSchema, exchangeTotalSchema } from '../../shared/exchange-schemas';
import { applyExchangeRequest, exchangeNow, exchangeRate, exchangeStatus, exchangeTotal } from '../services/exchange';

const NO_EVENT = { 404: 'No exchange event is set (EXCHANGE_NO_EVENT)' };

/** The exchange event (docs/product/money.md, "Exchange event, levels and rankings"). The event's window, rate and caps are KV's (npm run ops -- exchange). */
export const exchangeRoutes = new Hono<ApiEnv>()
  .get('/api/events/exchange/status', operation({ tag: 'Exchange event', summary: "The event's state (none, upcoming, open, ended), window, rate and caps", ok: exchangeStatusSchema }), async (c) =>
    c.json(await exchangeStatus(c.env.CONFIG)),
  )
  .get(
    '/api/events/exchange/rate',
    operation({
      tag: 'Exchange event',
      summary: "The event's rate, per mille (1100: 110 wallet luv for 100 earnings luv), rounded down",
      ok: exchangeRateSchema,
      refusals: NO_EVENT,
    }),
    async (c) => c.json(await exchangeRate(c.env.CONFIG)),
  )
  .get(
    '/api/events/exchange/amount/total',
    operation({ tag: 'Exchange event', summary: 'The total cap of the event, what all members applied and what is left (earnings luv)', ok: exchangeTotalSchema, refusals: NO_EVENT }),
    async (c) => c.json(await exchangeTotal(c.env)),
  )
  .get(
    '/api/events/exchange/amount/now',
    operation({ tag: 'Exchange event', summary: "The member's cap, what they applied, what is left, their earnings and what one apply could take now", ok: exchangeNowSchema, refusals: NO_EVENT }),
    requireMember(),
    async (c) => c.json(await exchangeNow(c.env, c.var.session.memberId)),
  )
  .post(
    '/api/events/exchange/apply',
    operation({
      tag: 'Exchange event',
      summary: "Convert earnings luv into wallet luv at the event's rate",
      description:
        'One ledger movement: earnings -amount, wallet +floor(amount * ratePermille / 1000), the difference from (or to) promotions. ' +
        'The caps are counted in the same batch and cannot be passed, even by parallel applies. ' +
        "idempotencyKey (in the body, else the Idempotency-Key header): a retry with the same key answers the first result (replayed: true) and moves nothing, even after the event's window closed. " +
        'Without a key, a second apply of the same amount within a few seconds is refused (DOUBLE_SUBMIT) and moves nothing.',
      ok: exchangeApplyResponseSchema,
      refusals: {
        400: 'The amount converts to less than 1 luv (EXCHANGE_TOO_SMALL), or a bad amount or key',
        409: 'No event open now (EXCHANGE_CLOSED), above your cap (EXCHANGE_MEMBER_CAP) or the total cap (EXCHANGE_TOTAL_CAP), earnings short (INSUFFICIENT_LUV), the key was used for another apply (IDEMPOTENCY_CONFLICT), or the same apply was just made without a key (DOUBLE_SUBMIT)',
      },
    }),
    requireMember(),
    validate('json', exchangeApplyRequestSchema),
    async (c) => {
      const { amount, idempotencyKey } = c.req.valid('json');
      return c.json(await applyExchangeRequest(c.env, c.var.session.memberId, amount, resolveRequestKey(idempotencyKey, c.req.header(IDEMPOTENCY_HEADER), amount)));
    },
  );
