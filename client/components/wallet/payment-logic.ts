// The decisions of the shop and payment pages, apart from React so unit tests can hold them.
import type { PaymentMethod } from '../../../src/shared/payment-methods';
import type { ConfirmRequest, ConfirmResponse, FlaxPayment, PaidSubscription } from '../../../src/shared/shop-schemas';
import { PAYMENT_STATUS, paymentStatusName } from '../../../src/shared/payment-status';

/** What these decisions read of an API call's result (client/data/api.ts ApiResult, which has more). */
export interface CallResult<T> {
  ok: boolean;
  body: T | null;
  /** The server's own words when it refused ('' for none). */
  message: string;
}

/** A payment status's words (paymentHistory.status.<name>), 'unknown' for a code not listed. */
export const statusKey = (status: number) => `paymentHistory.status.${paymentStatusName(status) ?? 'unknown'}`;
export const methodKey = (method: PaymentMethod | string) => `shop.methods.${method}`;

/**
 * The PG's success redirect (?paymentKey&orderId&amount) as a confirm request; null when a part is
 * missing or the amount is not a positive whole number (nothing is sent then).
 */
export function successQuery(query: Record<string, string>): ConfirmRequest | null {
  const { paymentKey, orderId, amount } = query;
  if (!paymentKey || !orderId || !amount || !/^[1-9][0-9]{0,15}$/.test(amount)) return null;
  const value = Number(amount);
  return Number.isSafeInteger(value) ? { paymentKey, orderId, amount: value } : null;
}

export type ConfirmOutcome =
  | { kind: 'approved'; payment: FlaxPayment; balance: number; subscription: PaidSubscription | null }
  | { kind: 'waitingDeposit'; payment: FlaxPayment; balance: number }
  /** The server refused, or the payment ended in another state: `message` is the server's own words ('' for none). */
  | { kind: 'refused'; message: string; status: number | null };

/** What the success page shows for the confirm call's answer. */
export function confirmOutcome(result: CallResult<ConfirmResponse>): ConfirmOutcome {
  if (!result.ok || !result.body) return { kind: 'refused', message: result.message, status: null };
  const { payment, balance, subscription } = result.body;
  if (payment.status === PAYMENT_STATUS.approved) return { kind: 'approved', payment, balance, subscription };
  if (payment.status === PAYMENT_STATUS.waiting && payment.virtualAccount) return { kind: 'waitingDeposit', payment, balance };
  return { kind: 'refused', message: '', status: payment.status };
}

const confirmations = new Map<string, Promise<CallResult<ConfirmResponse>>>();

/**
 * Confirm a payment once per page load, however often the page renders or remounts: the same
 * request shares one call (the API is idempotent too, so a reload asking again is harmless).
 */
export function confirmOnce(request: ConfirmRequest, send: (request: ConfirmRequest) => Promise<CallResult<ConfirmResponse>>): Promise<CallResult<ConfirmResponse>> {
  const key = `${request.orderId}\n${request.paymentKey}\n${request.amount}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = send(request);
    confirmations.set(key, pending);
  }
  return pending;
}

/** A refunded payment's row as the cancel call answered it, in place in the list. */
export function replacePayment(items: FlaxPayment[], updated: FlaxPayment): FlaxPayment[] {
  return items.map((item) => (item.paymentId === updated.paymentId ? updated : item));
}

/** Rows of a next page added after those shown, without one twice (a new payment shifts the offsets). */
export function appendPage<T>(shown: T[], next: T[], idOf: (item: T) => number | string): T[] {
  const seen = new Set(shown.map(idOf));
  return [...shown, ...next.filter((item) => !seen.has(idOf(item)))];
}
