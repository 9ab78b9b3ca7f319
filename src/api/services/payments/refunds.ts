// Refunds of the unspent luv of an approved payment, within REFUND_WINDOW_DAYS. A refund never makes money appear
// or disappear: (1) one batch takes the luv out of the wallet and records the refund as pending; (2) the PG is
// asked to cancel that much KRW (Idempotency-Key = the refund's key); (3) on its yes the refund is done; on its
// no, one batch puts the luv back (a movement of its own key) and marks the refund reversed. When the PG does not
// answer, the refund stays pending and the next cancel call asks again with the same key before anything else.
import { isConflict } from '../../../db/conflict';
import { memberBalance } from '../../../db/ledger';
import { findPaymentById, type PaymentRow, pendingRefund, type RefundRow, refundStatements, reverseRefundStatements, settleRefundDone } from '../../../db/payments';
import { Refusal } from '../../../lib/errors';
import type { PaymentCancelResponse } from '../../../shared/shop-schemas';
import { type GatewayContext, type PaymentGateway, PgRefused, PgUnavailable, paymentGatewayFor } from '../../providers/pg';
import { move, refundPurchase, systemAccount, walletOf } from '../ledger';
import { pgUnavailable } from './common';
import { flaxPaymentOf, refundableOf } from './view';

const paymentNotFound = () => new Refusal(404, 'PAYMENT_NOT_FOUND', 'payments.errors.paymentNotFound');
/** Another refund of the payment wrote first: its key, its pending refund (one at a time), or the refunded total. */
const refundRaced = (error: unknown) =>
  isConflict(error, 'unique', 'payment_refunds.idempotency_key') || isConflict(error, 'unique', 'payment_refunds.payment_id') || isConflict(error, 'check', 'refunds_within_payment');

/** Ask the PG to refund a pending refund, then mark it done, or put its luv back when the PG says no. */
async function settleRefund(db: D1Database, pg: PaymentGateway, payment: PaymentRow, refund: RefundRow): Promise<void> {
  try {
    await pg.cancel({ paymentKey: payment.paymentKey!, cancelAmount: refund.amount, reason: '청약철회 (unspent luv)', idempotencyKey: refund.idempotencyKey });
  } catch (error) {
    if (error instanceof PgUnavailable) throw pgUnavailable(); // stays pending; the next call asks again
    if (!(error instanceof PgRefused)) throw error;
    const [wallet, clearing] = await Promise.all([walletOf(db, payment.memberId), systemAccount(db, 'pg_clearing')]);
    await move(db, {
      idempotencyKey: `${refund.idempotencyKey}:reversed`,
      kind: 'refund',
      memo: `PG refused: ${error.code}`,
      legs: [
        { accountId: clearing, amount: -refund.luv },
        { accountId: wallet, amount: refund.luv },
      ],
      alongside: reverseRefundStatements(db, {
        paymentId: payment.id,
        key: refund.idempotencyKey,
        luv: refund.luv,
        amount: refund.amount,
        at: Date.now(),
        message: `${error.code}: ${error.pgMessage}`,
      }),
    });
    throw new Refusal(409, 'REFUND_REJECTED', 'payments.errors.refundRejected');
  }
  await settleRefundDone(db, refund.idempotencyKey, payment.id, Date.now()).catch((error) => {
    if (!isConflict(error, 'trigger', 'payment refund: settled already')) throw error; // a concurrent call settled the same refund
  });
}

/**
 * GET /api/shoppings/flax/payments-cancel: refund the unspent luv of an approved payment within the window.
 * Someone else's payment is as missing as one that does not exist.
 */
export async function cancelPayment(env: Env, memberId: number, paymentId: number, context: GatewayContext): Promise<PaymentCancelResponse> {
  const db = env.DB;
  const payment = await findPaymentById(db, paymentId);
  if (!payment || payment.memberId !== memberId) throw paymentNotFound();
  const pg = paymentGatewayFor(env, context);

  let refund = await pendingRefund(db, payment.id);
  if (!refund) {
    const refundable = refundableOf(payment, await memberBalance(db, memberId, 'wallet'), Date.now());
    if (!refundable) throw new Refusal(409, 'NOT_REFUNDABLE', 'payments.errors.notRefundable');
    // Keyed by how much was refunded before: two cancels racing from the same state are one movement.
    const key = `refund:${payment.orderId}:${payment.refundedLuv}`;
    try {
      const moved = await refundPurchase(db, {
        memberId,
        amount: refundable.luv,
        key,
        alongside: refundStatements(db, { paymentId: payment.id, key, luv: refundable.luv, amount: refundable.amount, at: Date.now() }),
      });
      if (moved.status === 'replayed') throw new Refusal(409, 'REFUND_IN_PROGRESS', 'payments.errors.refundInProgress');
    } catch (error) {
      // The wallet was spent meanwhile: what is refundable changed, so nothing moved and the member may ask again.
      if (error instanceof Refusal && error.code === 'INSUFFICIENT_LUV') throw new Refusal(409, 'NOT_REFUNDABLE', 'payments.errors.notRefundable');
      // Another cancel of this payment got there first (its key, its pending refund, or the refunded total).
      if ((error instanceof Refusal && error.code === 'IDEMPOTENCY_CONFLICT') || refundRaced(error)) {
        throw new Refusal(409, 'REFUND_IN_PROGRESS', 'payments.errors.refundInProgress');
      }
      throw error;
    }
    refund = (await pendingRefund(db, payment.id))!;
  }
  await settleRefund(db, pg, payment, refund);
  const after = (await findPaymentById(db, payment.id))!;
  const balance = await memberBalance(db, memberId, 'wallet');
  return { payment: flaxPaymentOf(after, balance), refundedLuv: refund.luv, refundedAmount: refund.amount, balance };
}
