// The offline dev PG (PG_PROVIDER=dev): its checkout page is served by this Worker (routes/pg-checkout.ts) and its
// payments are rows of dev_pg_payments, so its confirm answers what the person chose there.
import { type DevPgPaymentRow, findDevPgPayment, updateDevPgPayment } from '../../../db/payments';
import { randomToken, timingSafeEqual } from '../../../lib/crypto';
import { type PaymentGateway, type PgPayment, PgRefused, PgUnavailable } from './gateway';
import { signWebhook, signatureValid } from './signature';
import { parseJson, readEvent } from './toss-answers';

const DEV_BANK = '개발은행';
/** How long a dev virtual account waits for its deposit. */
const DEV_DEPOSIT_DAYS = 3;

export interface DevGatewayOptions {
  db: D1Database;
  webhookSecret: string;
  /** Milliseconds after a virtual account's issue at which the dev PG deposits the right amount; 0: never by itself. */
  depositDelayMs: number;
  /** Where the dev PG's deposit webhook goes (the service's webhook handler), and how it outlives the request. */
  deliver?: (headers: Headers, body: string) => Promise<unknown>;
  waitUntil?: (promise: Promise<unknown>) => void;
}

function devPayment(row: DevPgPaymentRow): PgPayment {
  const waiting = row.choice === 'virtual_account';
  return {
    paymentKey: row.paymentKey,
    orderId: row.orderId,
    status: row.status === 'READY' ? 'IN_PROGRESS' : row.status,
    totalAmount: row.amount,
    balanceAmount: row.balanceAmount,
    method: waiting ? '가상계좌' : '카드',
    approvedAt: row.approvedAt === null ? null : new Date(row.approvedAt).toISOString(),
    secret: waiting ? row.secret : null,
    virtualAccount: waiting
      ? {
          accountNumber: `9${row.paymentKey.replace(/\D/g, '').padEnd(11, '7').slice(0, 11)}`,
          bank: DEV_BANK,
          customerName: 'FLEX LIVE',
          dueDate: new Date(row.createdAt + DEV_DEPOSIT_DAYS * 86_400_000).toISOString(),
        }
      : null,
  };
}

/** A dev deposit webhook (PAYMENT_STATUS_CHANGED, DONE) for `amount` KRW, as the dev PG or `npm run ops -- deposit` sends it. */
export function devDepositBody(p: { paymentKey: string; orderId: string; amount: number; secret: string }): string {
  return JSON.stringify({
    eventType: 'PAYMENT_STATUS_CHANGED',
    createdAt: new Date().toISOString(),
    data: {
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      status: 'DONE',
      totalAmount: p.amount,
      balanceAmount: p.amount,
      method: '가상계좌',
      secret: p.secret,
      lastTransactionKey: `dev_tx_${randomToken(9)}`,
      approvedAt: new Date().toISOString(),
    },
  });
}

/**
 * The offline adapter. Its confirm answers the checkout's choice: 'approve' is DONE at once, 'virtual_account'
 * is WAITING_FOR_DEPOSIT with a dev account, and then (depositDelayMs later, through waitUntil) a signed
 * deposit webhook for the right amount. Its webhooks are signed like Toss's with DEV_PG_WEBHOOK_SECRET and must
 * carry the secret of a payment it issued.
 */
export function devGateway(o: DevGatewayOptions): PaymentGateway {
  return {
    provider: 'dev',
    clientKey: null,
    async confirm({ paymentKey, orderId, amount }) {
      const row = await findDevPgPayment(o.db, paymentKey);
      if (!row || row.orderId !== orderId) throw new PgRefused('NOT_FOUND_PAYMENT_SESSION', 'No such payment at the dev PG.');
      if (row.amount !== amount) throw new PgRefused('INVALID_REQUEST', 'The amount differs from the payment.');
      if (row.status !== 'READY') return devPayment(row); // confirmed before: the same answer (Toss's confirm is idempotent too)
      const now = Date.now();
      const to = row.choice === 'approve' ? 'DONE' : 'WAITING_FOR_DEPOSIT';
      await updateDevPgPayment(o.db, paymentKey, ['READY'], { status: to, approvedAt: to === 'DONE' ? now : undefined });
      const confirmed = await findDevPgPayment(o.db, paymentKey);
      if (!confirmed) throw new PgUnavailable('dev payment vanished');
      if (to === 'WAITING_FOR_DEPOSIT' && confirmed.status === 'WAITING_FOR_DEPOSIT' && o.depositDelayMs > 0 && o.deliver && o.waitUntil) {
        const { deliver } = o;
        const body = devDepositBody({ paymentKey, orderId, amount: row.amount, secret: row.secret });
        o.waitUntil(
          (async () => {
            await new Promise((resolve) => setTimeout(resolve, o.depositDelayMs));
            await deliver(new Headers(await signWebhook(o.webhookSecret, body)), body);
          })().catch((error) => console.error('dev PG deposit not delivered', error)),
        );
      }
      return devPayment(confirmed);
    },
    async cancel({ paymentKey, cancelAmount, idempotencyKey }) {
      const row = await findDevPgPayment(o.db, paymentKey);
      if (!row) throw new PgRefused('NOT_FOUND_PAYMENT', 'No such payment at the dev PG.');
      if (row.lastCancelKey === idempotencyKey) return devPayment(row); // asked again: the same answer
      if (!['DONE', 'PARTIAL_CANCELED', 'WAITING_FOR_DEPOSIT'].includes(row.status) || cancelAmount > row.balanceAmount) {
        throw new PgRefused('NOT_CANCELABLE_AMOUNT', 'The dev PG cannot cancel this amount.');
      }
      const balanceAmount = row.balanceAmount - cancelAmount;
      const moved = await updateDevPgPayment(o.db, paymentKey, [row.status], { status: balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED', balanceAmount, cancelKey: idempotencyKey });
      if (!moved) throw new PgRefused('NOT_CANCELABLE_AMOUNT', 'The dev PG payment changed meanwhile.');
      return devPayment((await findDevPgPayment(o.db, paymentKey))!);
    },
    async verifyWebhook(headers, body) {
      if (!(await signatureValid(o.webhookSecret, headers, body))) return null;
      const json = parseJson(body);
      const event = json && readEvent(json);
      if (!event?.paymentKey) return null;
      const row = await findDevPgPayment(o.db, event.paymentKey);
      if (!row || row.orderId !== event.orderId || !event.secret || !timingSafeEqual(row.secret, event.secret)) return null;
      return event;
    },
  };
}
