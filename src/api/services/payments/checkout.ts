// The browser's two ways back from the PG's checkout: with paymentKey, orderId and amount (the confirm: the server
// checks the amount against the order, confirms with the PG, and only then credits the luv, in the same batch as
// the order's status), or with a fail code (the fail redirect).
import { isConflict } from '../../../db/conflict';
import { findPaymentByOrderId, markWaitingForDeposit, type PaymentRow, startConfirm, statusStatement } from '../../../db/payments';
import { Refusal } from '../../../lib/errors';
import type { Translate } from '../../../lib/i18n';
import { mayMove, PAYMENT_STATUS as S } from '../../../shared/payment-status';
import type { ConfirmRequest, ConfirmResponse } from '../../../shared/shop-schemas';
import { type GatewayContext, type PaymentGateway, type PgPayment, PgRefused, PgUnavailable, paymentGatewayFor } from '../../providers/pg';
import { credit, movedMeanwhile, pgUnavailable } from './common';
import { answerOf } from './view';

/** Codes of a fail redirect that mean the person stopped paying themselves (-> cancelled rather than approval error). */
const CANCELLED_BY_PERSON = new Set(['PAY_PROCESS_CANCELED', 'USER_CANCEL', 'PAY_PROCESS_ABORTED']);

const orderNotFound = () => new Refusal(404, 'ORDER_NOT_FOUND', 'payments.errors.orderNotFound');
const orderClosed = () => new Refusal(409, 'ORDER_CLOSED', 'payments.errors.orderClosed');

/** What the PG's answer to a confirm means for the order. */
async function settleConfirm(db: D1Database, pg: PaymentGateway, order: PaymentRow, payment: PgPayment): Promise<void> {
  const at = Date.now();
  if (payment.orderId !== order.orderId || payment.totalAmount !== order.amount) {
    // The PG took another amount than the order's: never credited; given back at the PG.
    await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: 'AMOUNT_MISMATCH', message: `PG amount ${payment.totalAmount}` })]);
    await pg
      .cancel({ paymentKey: payment.paymentKey, cancelAmount: payment.totalAmount, reason: 'amount mismatch', idempotencyKey: `mismatch:${order.orderId}` })
      .catch((error) => console.error('PG cancel of a mismatched payment failed', error));
    throw new Refusal(409, 'AMOUNT_MISMATCH', 'payments.errors.amountMismatch');
  }
  if (payment.status === 'DONE') {
    await credit(db, order, null);
    return;
  }
  if (payment.status === 'WAITING_FOR_DEPOSIT' && payment.virtualAccount) {
    const va = payment.virtualAccount;
    const dueAt = Date.parse(va.dueDate);
    await markWaitingForDeposit(db, order.id, { bank: va.bank, accountNumber: va.accountNumber, holder: va.customerName, dueAt: Number.isFinite(dueAt) ? dueAt : 0, secret: payment.secret });
    return;
  }
  await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: payment.status, message: null })]);
  throw new Refusal(409, 'PAYMENT_REJECTED', 'payments.errors.rejected');
}

/**
 * The browser came back from the PG's checkout. The order must be the caller's and the amount its own; then
 * requested -> inProgress, the PG is asked, and only its yes credits the luv (-> approved) or waits for a
 * deposit (-> waiting). A confirm asked again answers the same payment and moves nothing; one left inProgress
 * (the PG did not answer) asks the PG again with the same Idempotency-Key, so an order never sticks there.
 */
export async function confirmPayment(env: Env, memberId: number, request: ConfirmRequest, context: GatewayContext): Promise<ConfirmResponse> {
  const db = env.DB;
  let order = await findPaymentByOrderId(db, request.orderId);
  if (!order || order.memberId !== memberId) throw orderNotFound();
  if (request.amount !== order.amount) throw new Refusal(400, 'AMOUNT_MISMATCH', 'payments.errors.amountMismatch', { amount: 'payments.errors.amountMismatch' });
  if (mayMove(order.status, S.inProgress)) {
    try {
      await startConfirm(db, order.id, request.paymentKey);
    } catch (error) {
      if (isConflict(error, 'unique', 'payments.payment_key')) throw orderClosed(); // that key paid another order
      throw error;
    }
    order = (await findPaymentByOrderId(db, request.orderId))!;
  }
  if (order.paymentKey !== request.paymentKey) throw orderClosed();
  if (order.status !== S.inProgress) {
    if (order.status === S.approved || order.status === S.waiting) return answerOf(db, order.orderId); // a replay: the same payment
    throw orderClosed();
  }

  const pg = paymentGatewayFor(env, context);
  let payment: PgPayment;
  try {
    payment = await pg.confirm({ paymentKey: request.paymentKey, orderId: order.orderId, amount: order.amount, idempotencyKey: `confirm:${order.orderId}` });
  } catch (error) {
    if (error instanceof PgRefused) {
      await db.batch([statusStatement(db, order.id, S.approvalError, { at: Date.now(), code: error.code, message: error.pgMessage })]).catch(() => {});
      throw new Refusal(409, 'PAYMENT_REJECTED', 'payments.errors.rejected');
    }
    if (error instanceof PgUnavailable) throw pgUnavailable();
    throw error;
  }
  try {
    await settleConfirm(db, pg, order, payment);
  } catch (error) {
    // A concurrent confirm of the same order settled it first: the trigger refused our second move.
    if (!movedMeanwhile(error)) throw error;
  }
  return answerOf(db, order.orderId);
}

/** The PG's fail redirect, told by the browser: an order still requested becomes cancelled (the person gave up) or approvalError. */
export async function paymentFailure(db: D1Database, query: { orderId: string; code?: string; message?: string }, t: Translate) {
  const order = await findPaymentByOrderId(db, query.orderId);
  if (!order) throw orderNotFound();
  const code = query.code ?? 'UNKNOWN';
  const cancelled = CANCELLED_BY_PERSON.has(code);
  if (order.status === S.requested) {
    await db.batch([statusStatement(db, order.id, cancelled ? S.cancelled : S.approvalError, { at: Date.now(), code, message: query.message ?? null })]).catch((error) => {
      if (!movedMeanwhile(error)) throw error; // moved meanwhile (a confirm began): left as it is
    });
  }
  const now = (await findPaymentByOrderId(db, query.orderId))!;
  return { orderId: now.orderId, status: now.status, message: t(cancelled ? 'payments.failure.cancelled' : 'payments.failure.failed') };
}
