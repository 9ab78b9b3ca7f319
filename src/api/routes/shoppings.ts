import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { Refusal } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  confirmRequestSchema,
  confirmResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  flaxPaymentListResponseSchema,
  luvPaymentListResponseSchema,
  paymentCancelQuerySchema,
  paymentCancelResponseSchema,
  paymentFailureQuerySchema,
  paymentFailureResponseSchema,
  paymentsQuerySchema,
  shopResponseSchema,
} from '../../shared/shop-schemas';
import type { ApiEnv } from '../env';
import { waitUntilOf } from '../wait-until';
import { requireMember } from '../middleware/auth';
import { operation } from '../openapi';
import type { GatewayContext } from '../providers/pg';
import { cancelPayment, confirmPayment, createOrder, flaxPayments, luvPayments, paymentFailure, receiveWebhook, shop } from '../services/payments';

/** Webhooks larger than this are not the PG's. */
const MAX_WEBHOOK_BYTES = 64 * 1024;
const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** How the gateway reaches past this request: the dev PG's delayed deposit goes to the webhook handler. */
export function gatewayContext(c: Context<ApiEnv>): GatewayContext {
  const env = c.env;
  // Without an execution context (app.request in a test) there is no delayed deposit.
  return { waitUntil: waitUntilOf(c), deliver: (headers, body) => receiveWebhook(env, headers, body) };
}

/** Buying luv (docs/product/money.md, "Luv ledger") and the PG's webhook. */
export const shoppingRoutes = new Hono<ApiEnv>()
  .get('/api/shoppings/luv/packs', operation({ tag: 'Payments', summary: 'The luv packs on sale, the payment methods and which checkout to open', ok: shopResponseSchema }), (c) => c.json(shop(c.env)))
  .post(
    '/api/shoppings/luv/orders',
    operation({
      tag: 'Payments',
      summary: 'Order a luv pack (status 1, requested); the server fixes the amount',
      description: 'Then open the checkout: checkoutUrl for the dev PG, else the Toss SDK with orderId, orderName, amount, successUrl and failUrl.',
      ok: createOrderResponseSchema,
      refusals: { 400: 'A pack that does not exist (UNKNOWN_PACK), or validation' },
    }),
    requireMember(),
    validate('json', createOrderRequestSchema),
    async (c) => c.json(await createOrder(c.env, c.var.session.memberId, c.req.valid('json'), c.var.t)),
  )
  .post(
    '/api/shoppings/luv/confirm',
    operation({
      tag: 'Payments',
      summary: "Confirm a payment the PG's checkout took; only then is the luv credited",
      description: 'Send what the success redirect carried. Asked again, it answers the same payment and moves nothing; an order the PG did not answer for (502) is asked again by the same call.',
      ok: confirmResponseSchema,
      refusals: {
        400: 'The amount is not the order\u2019s (AMOUNT_MISMATCH), or validation',
        404: "No such order, or someone else's (ORDER_NOT_FOUND)",
        409: 'The order is closed or was paid with another key (ORDER_CLOSED), or the PG refused the payment (PAYMENT_REJECTED)',
        502: 'The PG did not answer (PG_UNAVAILABLE): confirm again',
      },
    }),
    requireMember(),
    validate('json', confirmRequestSchema),
    async (c) => c.json(await confirmPayment(c.env, c.var.session.memberId, c.req.valid('json'), gatewayContext(c))),
  )
  .post(
    '/api/payments/webhook',
    operation({
      tag: 'Payments',
      summary: "The PG's webhook (PAYMENT_STATUS_CHANGED, DEPOSIT_CALLBACK)",
      description:
        'Proven before anything is read (signature, or the payment read back from the PG); each event applies once, a repeat answers outcome "replayed". During maintenance it answers 503 like every money call, and the PG delivers it again later.',
      ok: webhookResponseSchema,
      refusals: { 400: 'Not a webhook body', 401: 'Not sent by the PG (BAD_SIGNATURE)', 502: 'The PG could not be asked about it (PG_UNAVAILABLE)' },
    }),
    async (c) => {
      const length = Number(c.req.header('content-length') ?? '0');
      if (length > MAX_WEBHOOK_BYTES) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
      const body = await c.req.text();
      if (body.length > MAX_WEBHOOK_BYTES) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
      return c.json(await receiveWebhook(c.env, c.req.raw.headers, body, gatewayContext(c)));
    },
  )
  .get(
    '/api/shoppings/flax/payments',
    operation({
      tag: 'Payments',
      summary: "The member's payments of luv packs (flax payments) in the period, newest first",
      description: 'option: the period in days (7, 30, 90, 365); limit defaults to 20, or 10 with mobile=true. refundable says what a refund now gives back.',
      ok: flaxPaymentListResponseSchema,
    }),
    requireMember(),
    validate('query', paymentsQuerySchema),
    async (c) => c.json(await flaxPayments(c.env.DB, c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/shoppings/luv/payments',
    operation({
      tag: 'Payments',
      summary: "Every spend out of the member's wallet in the period (gifts, subscription terms, items bought), newest first, with the receiving creator",
      ok: luvPaymentListResponseSchema,
    }),
    requireMember(),
    validate('query', paymentsQuerySchema),
    async (c) => c.json(await luvPayments(c.env.DB, c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/shoppings/flax/payments-cancel',
    operation({
      tag: 'Payments',
      summary: 'Refund the unspent luv of a payment within 7 days of its approval',
      description:
        'A GET, as existing clients call it, though it moves money: refused when the browser says the request is cross-site. Gives back min(luv not yet refunded, wallet balance) luv and floor(luv \u00d7 amount / pack luv) KRW.',
      ok: paymentCancelResponseSchema,
      refusals: {
        403: 'Sent by another site (CROSS_SITE)',
        404: "No such payment, or someone else's (PAYMENT_NOT_FOUND)",
        409: 'Nothing to refund: not approved, past 7 days or all spent (NOT_REFUNDABLE); another refund of it is under way (REFUND_IN_PROGRESS); the PG refused (REFUND_REJECTED, the luv is back)',
        502: 'The PG did not answer (PG_UNAVAILABLE): the luv stays out of the wallet until the refund is asked again',
      },
    }),
    requireMember(),
    validate('query', paymentCancelQuerySchema),
    async (c) => {
      if (c.req.header('sec-fetch-site') === 'cross-site') throw new Refusal(403, 'CROSS_SITE', 'payments.errors.crossSite');
      return c.json(await cancelPayment(c.env, c.var.session.memberId, c.req.valid('query').paymentId, gatewayContext(c)));
    },
  )
  .get(
    '/v2/api/guest/payment-failure',
    operation({
      tag: 'Payments',
      summary: "The PG's fail redirect, told to the server: an order still requested becomes cancelled (7) or an approval error (8)",
      description: 'Guests too (the orderId is unguessable). A code such as PAY_PROCESS_CANCELED means the person cancelled (7). message is in the caller\u2019s language.',
      ok: paymentFailureResponseSchema,
      refusals: { 404: 'No such order (ORDER_NOT_FOUND)' },
    }),
    validate('query', paymentFailureQuerySchema),
    async (c) => c.json(await paymentFailure(c.env.DB, c.req.valid('query'), c.var.t)),
  );
