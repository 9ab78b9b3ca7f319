// What the confirm, the webhook and a refund share: the approval that credits an order's luv, the subscription
// such an order pays, and how the database tells that an order moved meanwhile.
import { isConflict } from '../../../db/conflict';
import { approveStatement, type PaymentRow } from '../../../db/payments';
import { Refusal } from '../../../lib/errors';
import type { PaidSubscription } from '../../../shared/shop-schemas';
import { creditPurchase } from '../ledger';
import { subscribe, subscriptionPaidBy } from '../subscriptions';

export const DAY_MS = 86_400_000;

export const pgUnavailable = () => new Refusal(502, 'PG_UNAVAILABLE', 'payments.errors.pgUnavailable');
/** The trigger payments_status_transition refused a move: the order moved meanwhile. */
export const movedMeanwhile = (error: unknown) => isConflict(error, 'trigger', 'payment status: transition not allowed');

/**
 * An approved order that pays a subscription: its luv (credited by the approval) pays the term, under the order's
 * id as the subscribe's idempotency key, so a confirm asked again, a webhook and a retry pay it once. When the
 * subscribe is refused (the member subscribed meanwhile with luv, or spent the luv first), the luv stays in the
 * wallet: nothing is lost, and the answer says no subscription was paid.
 */
export async function paySubscriptionOf(db: D1Database, order: PaymentRow): Promise<PaidSubscription | null> {
  if (order.subscriptionChannelId === null || order.subscriptionPlan === null) return null;
  const paid = await subscriptionPaidBy(db, order.memberId, order.orderId);
  if (paid) return paid;
  try {
    await subscribe(db, order.memberId, { channelId: order.subscriptionChannelId, plan: order.subscriptionPlan, idempotencyKey: order.orderId });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.warn(JSON.stringify({ event: 'payments.subscription_refused', orderId: order.orderId, code: error.code }));
  }
  return subscriptionPaidBy(db, order.memberId, order.orderId);
}

/** Credit an approved order's luv with its status change (inProgress or waiting -> approved) in one batch; once per order. */
export async function credit(db: D1Database, order: PaymentRow, depositedAmount: number | null, extra: D1PreparedStatement[] = []): Promise<'applied' | 'replayed'> {
  const result = await creditPurchase(db, {
    memberId: order.memberId,
    amount: order.luv,
    key: `purchase:${order.orderId}`,
    alongside: [approveStatement(db, order.id, Date.now(), depositedAmount), ...extra],
  });
  return result.status;
}
