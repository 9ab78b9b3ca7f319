// Channel subscriptions (docs/product/money.md, "Subscriptions"): the plans, and the request/answer shapes of the calls.
//
// Prices are set in KRW (3,300 / 3,300 / 9,900). They are paid with luv from the wallet at the
// packs' rate of 110 KRW a luv (src/api/services/payments/orders.ts), so 30, 30 and 90 luv. Item codes 700-704
// (703 and 704 the passes; see subscription-plans.ts).

import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { createOrderResponseSchema } from './shop-schemas';
import { PAYMENT_METHODS } from './payment-methods';

export { KRW_PER_LUV, PLAN_IDS, SUBSCRIPTION_PACK_PREFIX, type PlanId, RENEWAL_HISTORY, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUS } from './subscription-plans';
import { PLAN_IDS, type PlanId } from './subscription-plans';

const channelId = z.int().positive().max(Number.MAX_SAFE_INTEGER);
const epochMs = z.int().nonnegative();

export const subscribeRequestSchema = z
  .strictObject({
    channelId,
    plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
    /** The client's id for this purchase: a retry with the same key subscribes once. */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .meta({ id: 'SubscribeRequest' });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscribeResponseSchema = z
  .object({
    channelId,
    plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
    status: z.int().min(1).max(5).describe('1 subscribed, 2 unsubscribed, 3 expired, 4 unused (a pass), 5 renewal cancelled'),
    /** Null for an unused pass (status 4): its days start when it is used. */
    expiresAt: epochMs.nullable(),
    /** The wallet after paying. */
    balance: z.int().nonnegative(),
    /** True when an earlier call (same key, or a concurrent one for the same term) paid. */
    replayed: z.boolean(),
  })
  .meta({ id: 'SubscribeResponse' });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** A subscription paid through the PG: the order buys the plan's luv (its KRW price) and its confirm pays the term. */
export const subscriptionOrderRequestSchema = z.strictObject({ channelId, plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]), method: z.enum(PAYMENT_METHODS) }).meta({ id: 'SubscriptionOrderRequest' });
export type SubscriptionOrderRequest = z.infer<typeof subscriptionOrderRequestSchema>;
export const subscriptionOrderResponseSchema = createOrderResponseSchema
  .extend({
    /** Which checkout the client opens ('dev': the Worker's own test checkout; 'toss': the Toss Payments SDK). */
    provider: z.enum(['dev', 'toss']),
    /** The PG's public client key (toss); null for dev. */
    clientKey: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionOrderResponse' });
export type SubscriptionOrderResponse = z.infer<typeof subscriptionOrderResponseSchema>;

export const cancelRenewalRequestSchema = z.strictObject({ channelId }).meta({ id: 'CancelRenewalRequest' });
export const cancelRenewalResponseSchema = z.object({ channelId, status: z.literal(5), expiresAt: epochMs }).meta({ id: 'CancelRenewalResponse' });

export const unsubscribeRequestSchema = z.strictObject({ channelId }).meta({ id: 'UnsubscribeRequest' });
/** Unsubscribed (status 2): no renewal, and the paid days run to expiresAt. */
export const unsubscribeResponseSchema = z.object({ channelId, status: z.literal(2), expiresAt: epochMs }).meta({ id: 'UnsubscribeResponse' });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const activatePassRequestSchema = z.strictObject({ channelId }).meta({ id: 'ActivatePassRequest' });
/** A pass in use (status 1): its days run from the moment it was used to expiresAt. */
export const activatePassResponseSchema = z
  .object({ channelId, plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]), status: z.literal(1), startedAt: epochMs, expiresAt: epochMs })
  .meta({ id: 'ActivatePassResponse' });
export type ActivatePassResponse = z.infer<typeof activatePassResponseSchema>;

export const subscriptionListItemSchema = z
  .object({
    channelId,
    title: z.string(),
    /** The other side: the channel's creator in the member's list, the subscriber in the channel's. */
    loginId: z.string(),
    nickname: z.string(),
    plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
    status: z.int().min(1).max(5).describe('1 subscribed, 2 unsubscribed, 3 expired, 4 unused (a pass), 5 renewal cancelled'),
    startedAt: epochMs,
    expiresAt: epochMs.nullable(),
  })
  .meta({ id: 'SubscriptionListItem' });
export type SubscriptionListItem = z.infer<typeof subscriptionListItemSchema>;
export const subscriptionListResponseSchema = pageInfoSchema.extend({ items: z.array(subscriptionListItemSchema) }).meta({ id: 'SubscriptionListResponse' });
export type SubscriptionListResponse = z.infer<typeof subscriptionListResponseSchema>;
