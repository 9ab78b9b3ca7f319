// The PG's webhooks: its word on a payment whose confirm answered 'waiting for a deposit' (a virtual account) or
// lost the PG's answer, and on payments it cancelled or aborted.
import { isConflict } from '../../../db/conflict';
import { findPaymentByOrderId, statusStatement, webhookSeen, webhookStatement } from '../../../db/payments';
import { Refusal } from '../../../lib/errors';
import { mayMove, PAYMENT_STATUS as S, type PaymentStatus } from '../../../shared/payment-status';
import { type GatewayContext, type PaymentGateway, PgUnavailable, paymentGatewayFor } from '../../providers/pg';
import { credit, movedMeanwhile, paySubscriptionOf, pgUnavailable } from './common';

/** A webhook's recorded outcome names the status it moved the payment to by its code ('9'). */
const outcomeOf = (status: PaymentStatus) => String(status);

/**
 * A webhook from the PG: proven by the gateway before anything is read, applied once per event id. A deposit of
 * the order's amount credits it (waiting -> approved), as does an approval whose confirm lost the PG's answer
 * (inProgress -> approved); another amount is a wrong deposit (waiting -> wrongDeposit); a cancelled or expired
 * payment is cancelled; a payment the PG aborted before approval is approvalError. Anything else is recorded and
 * ignored.
 */
export async function receiveWebhook(env: Env, headers: Headers, body: string, context: GatewayContext = {}): Promise<{ received: true; outcome: string }> {
  const db = env.DB;
  const pg = paymentGatewayFor(env, context);
  let event: Awaited<ReturnType<PaymentGateway['verifyWebhook']>>;
  try {
    event = await pg.verifyWebhook(headers, body);
  } catch (error) {
    if (error instanceof PgUnavailable) throw pgUnavailable(); // the PG sends it again
    throw error;
  }
  if (!event) throw new Refusal(401, 'BAD_SIGNATURE', 'payments.errors.badSignature');
  if (await webhookSeen(db, event.eventId)) return { received: true, outcome: 'replayed' };

  const at = Date.now();
  const order = await findPaymentByOrderId(db, event.orderId);
  const record = (outcome: string) => webhookStatement(db, { eventId: event.eventId, orderId: event.orderId, eventType: event.eventType, pgStatus: event.status, outcome, at });
  const ignore = async (why: string) => {
    await record(why)
      .run()
      .catch((error) => {
        if (!isConflict(error, 'unique', 'payment_webhooks.event_id')) throw error;
      });
    return { received: true as const, outcome: why };
  };
  if (!order) return ignore('unknown order');
  if (event.paymentKey && order.paymentKey && event.paymentKey !== order.paymentKey) return ignore('another payment key');
  if (event.eventType === 'DEPOSIT_CALLBACK' && order.depositSecret !== event.secret) return ignore('secret differs');

  try {
    // A card payment approved while its confirm lost the PG's answer (left at 2): the webhook finishes it.
    if (event.status === 'DONE' && order.status === S.inProgress && event.totalAmount === order.amount) {
      const moved = await credit(db, order, null, [record(outcomeOf(S.approved))]);
      await paySubscriptionOf(db, order);
      return { received: true, outcome: moved === 'applied' ? outcomeOf(S.approved) : 'replayed' };
    }
    if (event.status === 'DONE' && order.status === S.waiting) {
      const deposited = event.totalAmount ?? order.amount;
      if (deposited === order.amount) {
        const moved = await credit(db, order, deposited, [record(outcomeOf(S.approved))]);
        await paySubscriptionOf(db, order);
        return { received: true, outcome: moved === 'applied' ? outcomeOf(S.approved) : 'replayed' };
      }
      await db.batch([statusStatement(db, order.id, S.wrongDeposit, { at, depositedAmount: deposited, code: 'WRONG_DEPOSIT', message: `deposited ${deposited}` }), record(outcomeOf(S.wrongDeposit))]);
      return { received: true, outcome: outcomeOf(S.wrongDeposit) };
    }
    // Narrower than the state machine: an approved payment ends only by a refund, and a requested one only by CANCELED.
    const ended = event.status === 'CANCELED' || event.status === 'EXPIRED' || event.status === 'ABORTED';
    if (ended && (order.status === S.waiting || order.status === S.wrongDeposit || (order.status === S.requested && event.status === 'CANCELED'))) {
      await db.batch([statusStatement(db, order.id, S.cancelled, { at, code: event.status, message: null }), record(outcomeOf(S.cancelled))]);
      return { received: true, outcome: outcomeOf(S.cancelled) };
    }
    if ((event.status === 'ABORTED' || event.status === 'EXPIRED') && mayMove(order.status, S.approvalError)) {
      await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: event.status, message: null }), record(outcomeOf(S.approvalError))]);
      return { received: true, outcome: outcomeOf(S.approvalError) };
    }
  } catch (error) {
    // The same event applied by a concurrent delivery, or the order moved meanwhile: nothing more to do.
    if (isConflict(error, 'unique', 'payment_webhooks.event_id')) return { received: true, outcome: 'replayed' };
    if (!movedMeanwhile(error)) throw error;
  }
  return ignore(`no change: ${event.status} at ${order.status}`);
}
