// The offline dev PG's checkout (PG_PROVIDER=dev, never in production): the page the shop opens instead of
// Toss's, where the person chooses what the "payment" does. Each choice sends the browser where Toss would:
// approve and virtual account to successUrl?paymentKey&orderId&amount (the dev PG remembers the choice, so
// its confirm answers it), fail and cancel to failUrl?code&message&orderId, and 'wrong' to successUrl with
// another amount than the order's, which the server's confirm must refuse.

import { findPaymentByOrderId, insertDevPgPayment, type PaymentRow } from '../../db/payments';
import { hmacSign, hmacVerify, randomToken } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { isProductionEnv } from '../../shared/environment';
import { PAYMENT_STATUS } from '../../shared/payment-status';
import { providerChoice } from '../config';
import { CHECKOUT_RETURN } from './payments';

export const CHECKOUT_CHOICES = ['approve', 'fail', 'virtual_account', 'wrong', 'cancel'] as const;
export type CheckoutChoice = (typeof CHECKOUT_CHOICES)[number];
/** What the 'wrong' choice adds to the amount it sends back. */
const WRONG_AMOUNT_DELTA = 1_000;

const notHere = () => new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');

export const devCheckoutEnabled = (env: Env) => !isProductionEnv(env.ENVIRONMENT) && providerChoice(env).pg === 'dev';

/** The member's order that waits for its payment; anything else is as missing. */
export async function checkoutOrder(env: Env, memberId: number, orderId: string): Promise<PaymentRow> {
  if (!devCheckoutEnabled(env)) throw notHere();
  const order = await findPaymentByOrderId(env.DB, orderId);
  if (!order || order.memberId !== memberId || order.status !== PAYMENT_STATUS.requested) throw new Refusal(404, 'ORDER_NOT_FOUND', 'payments.errors.orderNotFound');
  return order;
}

/** The page's form token: the choice must come from this page (a plain form cannot carry the XSRF header). */
export const checkoutToken = (env: Env, orderId: string) => hmacSign(env.JWT_SECRET, `pg-checkout:${orderId}`);

/** Where the browser goes after the person's choice. */
export async function checkoutChoose(env: Env, memberId: number, p: { orderId: string; choice: CheckoutChoice; token: string }, t: Translate): Promise<string> {
  const order = await checkoutOrder(env, memberId, p.orderId);
  if (!(await hmacVerify(env.JWT_SECRET, `pg-checkout:${order.orderId}`, p.token))) throw new Refusal(403, 'XSRF', 'errors.xsrf');
  if (p.choice === 'fail' || p.choice === 'cancel') {
    const [code, message] = p.choice === 'fail' ? ['REJECT_CARD_COMPANY', t('pg.failMessage')] : ['PAY_PROCESS_CANCELED', t('pg.cancelMessage')];
    return `${CHECKOUT_RETURN.fail}?${new URLSearchParams({ code, message, orderId: order.orderId })}`;
  }
  const paymentKey = `dev_${randomToken(18)}`;
  await insertDevPgPayment(env.DB, {
    paymentKey,
    orderId: order.orderId,
    amount: order.amount,
    choice: p.choice === 'virtual_account' ? 'virtual_account' : 'approve',
    secret: randomToken(24),
    at: Date.now(),
  });
  const amount = p.choice === 'wrong' ? order.amount + WRONG_AMOUNT_DELTA : order.amount;
  return `${CHECKOUT_RETURN.success}?${new URLSearchParams({ paymentKey, orderId: order.orderId, amount: String(amount) })}`;
}
