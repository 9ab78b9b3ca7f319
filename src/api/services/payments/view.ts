// A payment as the member sees it: what of it may still be refunded, and the answer of a confirm.
import { memberBalance } from '../../../db/ledger';
import { findPaymentByOrderId, type PaymentRow } from '../../../db/payments';
import { PAYMENT_STATUS as S } from '../../../shared/payment-status';
import { type ConfirmResponse, type FlaxPayment, REFUND_WINDOW_DAYS } from '../../../shared/shop-schemas';
import { DAY_MS, paySubscriptionOf } from './common';

/** What a refund of this payment would give back now: the unspent part, within the window; null when nothing. */
export function refundableOf(p: PaymentRow, walletBalance: number, now: number): { luv: number; amount: number } | null {
  // A subscription's order is spent on its term the moment it is approved: nothing of it is left to give back.
  if (p.subscriptionChannelId !== null) return null;
  if (p.status !== S.approved || p.approvedAt === null || now - p.approvedAt > REFUND_WINDOW_DAYS * DAY_MS) return null;
  const luv = Math.min(p.luv - p.refundedLuv, walletBalance);
  if (luv <= 0) return null;
  // Integer KRW, rounded down: never more than the luv's share of what was paid.
  const amount = Math.floor((luv * p.amount) / p.luv);
  return amount > 0 ? { luv, amount } : null;
}

export function flaxPaymentOf(p: PaymentRow, walletBalance: number, now = Date.now()): FlaxPayment {
  return {
    paymentId: p.id,
    orderId: p.orderId,
    orderName: p.orderName,
    packId: p.packId,
    luv: p.luv,
    amount: p.amount,
    method: p.method,
    status: p.status,
    createdAt: p.createdAt,
    approvedAt: p.approvedAt,
    cancelledAt: p.cancelledAt,
    refundedLuv: p.refundedLuv,
    refundedAmount: p.refundedAmount,
    refundable: refundableOf(p, walletBalance, now),
    virtualAccount: p.vaBank !== null ? { bank: p.vaBank, accountNumber: p.vaAccount ?? '', holder: p.vaHolder ?? '', dueAt: p.vaDueAt ?? 0 } : null,
  };
}

/** The answer of a confirm (asked again too): the payment, the wallet, and the subscription it paid. */
export async function answerOf(db: D1Database, orderId: string): Promise<ConfirmResponse> {
  const payment = (await findPaymentByOrderId(db, orderId))!;
  // An approved subscription order whose term is not paid yet (the first try failed half-way) pays it now.
  const subscription = payment.status === S.approved ? await paySubscriptionOf(db, payment) : null;
  const balance = await memberBalance(db, payment.memberId, 'wallet');
  return { payment: flaxPaymentOf(payment, balance), balance, subscription };
}
