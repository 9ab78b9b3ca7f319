// Request and answer shapes of buying luv, paying with it, refunds, coupons and creators' gift presets
// (/api/shoppings/*, /api/luv/received, /api/luv/waiting, /api/my/channel/luv-preset). Shared by the API,
// which validates with them and documents them in /openapi.json, and the client pages, which read them.
//
// Words: a "flax payment" is money (KRW) paid through the payment gateway for a pack of luv; it has a
// payment status (PAYMENT_STATUS) and can be refunded within 7 days for its unspent part. A "luv payment" is luv
// paid out of the wallet (today a gift; items and subscriptions later).

import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { DEFAULT_PRESETS, MAX_PRESETS } from './luv-limits';
import { PLAN_IDS, type PlanId } from './subscription-plans';
import { PAYMENT_STATUS, type PaymentStatus } from './payment-status';
import { PAYMENT_METHODS } from './payment-methods';

/** A flax payment's status (the codes and their state machine: ./payment-status.ts). */
export const paymentStatusSchema = z.union(Object.values(PAYMENT_STATUS).map((s) => z.literal(s)) as [z.ZodLiteral<PaymentStatus>, ...z.ZodLiteral<PaymentStatus>[]]);

/** Days after approval within which a payment's unspent luv can be refunded (청약철회). */
export const REFUND_WINDOW_DAYS = 7;

export const luvPackSchema = z.object({
  packId: z.string(),
  /** Luv credited to the wallet. */
  luv: z.int().positive(),
  /** Price in KRW, VAT included. */
  price: z.int().positive(),
});
export type LuvPack = z.infer<typeof luvPackSchema>;

export const shopResponseSchema = z.object({
  packs: z.array(luvPackSchema),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Which checkout the client opens: 'dev' is the Worker's own test checkout, 'toss' the Toss Payments SDK. */
  provider: z.enum(['dev', 'toss']),
  /** The PG's public client key (toss); null for dev. */
  clientKey: z.string().nullable(),
});
export type ShopResponse = z.infer<typeof shopResponseSchema>;

export const createOrderRequestSchema = z.strictObject({
  packId: z.string().min(1).max(40),
  method: z.enum(PAYMENT_METHODS),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const createOrderResponseSchema = z.object({
  orderId: z.string(),
  orderName: z.string(),
  /** KRW the server fixed for this order; the confirm must carry the same. */
  amount: z.int().positive(),
  method: z.enum(PAYMENT_METHODS),
  /** Where the PG sends the browser back: ?paymentKey&orderId&amount on success, ?code&message&orderId on failure. */
  successUrl: z.string(),
  failUrl: z.string(),
  /** The dev checkout's page; null with a real PG (the client opens its SDK). */
  checkoutUrl: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const confirmRequestSchema = z.strictObject({
  paymentKey: z.string().min(1).max(200),
  orderId: z.string().min(1).max(64),
  amount: z.int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const virtualAccountSchema = z.object({ bank: z.string(), accountNumber: z.string(), holder: z.string(), dueAt: z.int().nonnegative() });

export const flaxPaymentSchema = z.object({
  paymentId: z.int().positive(),
  orderId: z.string(),
  orderName: z.string(),
  packId: z.string(),
  luv: z.int().positive(),
  /** KRW. */
  amount: z.int().positive(),
  method: z.enum(PAYMENT_METHODS),
  status: paymentStatusSchema,
  /** Epoch milliseconds. */
  createdAt: z.int().nonnegative(),
  approvedAt: z.int().nonnegative().nullable(),
  cancelledAt: z.int().nonnegative().nullable(),
  /** Luv and KRW given back by refunds so far. */
  refundedLuv: z.int().nonnegative(),
  refundedAmount: z.int().nonnegative(),
  /** What a refund now would give back; null when none is possible (not approved, past 7 days, all spent). */
  refundable: z.object({ luv: z.int().positive(), amount: z.int().positive() }).nullable(),
  virtualAccount: virtualAccountSchema.nullable(),
});
export type FlaxPayment = z.infer<typeof flaxPaymentSchema>;

/** The subscription an order paid (an order made by POST /api/my/subscriptions/order); null on a pack of luv. */
export const paidSubscriptionSchema = z.object({
  channelId: z.int().positive(),
  plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
  /** The subscription's status now (SUBSCRIPTION_STATUS: 1 subscribed once paid; 4 for a pass, unused until the member uses it). */
  status: z.int().min(1).max(5),
  expiresAt: z.int().nonnegative().nullable(),
});
export type PaidSubscription = z.infer<typeof paidSubscriptionSchema>;

export const confirmResponseSchema = z.object({ payment: flaxPaymentSchema, balance: z.int().nonnegative(), subscription: paidSubscriptionSchema.nullable() });
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/** GET .../payments: option is the period in days shown (7, 30, 90 or 365; 90 when absent); mobile=true pages by 10. */
export const paymentsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  option: z.enum(['7', '30', '90', '365']).default('90'),
  mobile: z.enum(['true', 'false']).default('false'),
});

export const flaxPaymentListResponseSchema = pageInfoSchema.extend({ items: z.array(flaxPaymentSchema) });
export type FlaxPaymentListResponse = z.infer<typeof flaxPaymentListResponseSchema>;

export const LUV_SPEND_KINDS = ['gift', 'subscription', 'item'] as const;

export const luvPaymentSchema = z.object({
  movementId: z.int().positive(),
  /** What the luv paid for: a gift, a subscription term, or items bought. */
  kind: z.enum(LUV_SPEND_KINDS),
  amount: z.int().positive(),
  /** The creator who received it; null for items (bought from the platform). */
  loginId: z.string().nullable(),
  nickname: z.string().nullable(),
  /** Items bought: which (their prodName code) and how many; null otherwise. */
  itemCode: z.int().positive().nullable(),
  quantity: z.int().positive().nullable(),
  createdAt: z.int().nonnegative(),
});
export const luvPaymentListResponseSchema = pageInfoSchema.extend({ items: z.array(luvPaymentSchema) });
export type LuvPaymentListResponse = z.infer<typeof luvPaymentListResponseSchema>;

export const paymentCancelQuerySchema = z.object({ paymentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const paymentCancelResponseSchema = z.object({ payment: flaxPaymentSchema, refundedLuv: z.int().positive(), refundedAmount: z.int().positive(), balance: z.int().nonnegative() });
export type PaymentCancelResponse = z.infer<typeof paymentCancelResponseSchema>;

/** GET /v2/api/guest/payment-failure?orderId&code&message: the PG's fail redirect, told to the server. */
export const paymentFailureQuerySchema = z.object({ orderId: z.string().min(1).max(64), code: z.string().max(100).optional(), message: z.string().max(500).optional() });
export const paymentFailureResponseSchema = z.object({ orderId: z.string(), status: paymentStatusSchema, message: z.string() });

export const couponRequestSchema = z.strictObject({ couponNumber: z.string().trim().min(1).max(40) });
export const couponResponseSchema = z.object({ luv: z.int().positive(), balance: z.int().nonnegative() });
export type CouponResponse = z.infer<typeof couponResponseSchema>;

/** What one staff mint may ask for (the coupons table's own checks allow as much luv). */
export const COUPON_MINT_LIMITS = { luv: 10_000_000, count: 1000, days: 3650, uses: 1_000_000 } as const;

/** POST /api/admin/coupons: staff mint codes worth `luv` each, valid `days`, each usable by `uses` members. */
export const couponMintRequestSchema = z.strictObject({
  luv: z.int().min(1).max(COUPON_MINT_LIMITS.luv),
  count: z.int().min(1).max(COUPON_MINT_LIMITS.count).default(1),
  days: z.int().min(1).max(COUPON_MINT_LIMITS.days).default(30),
  uses: z.int().min(1).max(COUPON_MINT_LIMITS.uses).default(1).describe('How many members may use each code (1: single-use)'),
});
export type CouponMintRequest = z.infer<typeof couponMintRequestSchema>;
export const couponMintResponseSchema = z
  .object({
    mintId: z.string().describe("The mint's id: the target of its row in the staff audit log (coupon.mint)"),
    codes: z.array(z.string()).describe('As people read them: XXXX-XXXX-XXXX (no 0/O, 1/I/L)'),
    luv: z.int().positive(),
    uses: z.int().positive(),
    expiresAt: z.int().nonnegative().describe('Epoch ms'),
  })
  .meta({ id: 'CouponMint' });
export type CouponMint = z.infer<typeof couponMintResponseSchema>;

/** A creator's gift presets: 1-6 distinct amounts the gift dialog offers (the numbers: luv-limits.ts). */
export { DEFAULT_PRESETS, MAX_PRESETS };
export const luvPresetSchema = z.strictObject({ presets: z.array(z.int().positive().max(10_000_000)).min(1).max(MAX_PRESETS) });
export type LuvPresets = z.infer<typeof luvPresetSchema>;

/** GET /api/luv/received: the member's earnings, all time and this month (KST). */
export const receivedSummarySchema = z.object({ balance: z.int().nonnegative(), total: z.int().nonnegative(), thisMonth: z.int().nonnegative(), count: z.int().nonnegative() });
/** GET /api/luv/waiting: luv in orders waiting for a deposit (virtual accounts). */
export const waitingSummarySchema = z.object({ luv: z.int().nonnegative(), count: z.int().nonnegative() });
