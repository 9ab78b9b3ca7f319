// The payment gateway (PG) that takes a member's KRW for a luv pack: an interface shaped like Toss Payments'
// API, the real Toss adapter (secrets TOSS_SECRET_KEY, TOSS_CLIENT_KEY, TOSS_WEBHOOK_SECRET; var TOSS_API_URL),
// and the offline dev adapter (PG_PROVIDER=dev) whose checkout page is served by this Worker (routes/pg-checkout.ts)
// and whose payments are rows of dev_pg_payments, so its confirm answers what the person chose there.

import { type DevPgPaymentRow, findDevPgPayment, updateDevPgPayment } from '../../db/payments';
import { hmacBase64, randomToken, timingSafeEqual } from '../../lib/crypto';
import { providerChoice } from '../config';

/** Toss's Payment.status. */
export type PgStatus = 'READY' | 'IN_PROGRESS' | 'WAITING_FOR_DEPOSIT' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED';

/** The part of Toss's Payment object we read. */
export interface PgPayment {
  paymentKey: string;
  orderId: string;
  status: PgStatus;
  totalAmount: number;
  balanceAmount: number;
  method: string | null;
  approvedAt: string | null;
  /** What a deposit callback of this payment carries (virtual accounts). */
  secret: string | null;
  virtualAccount: { accountNumber: string; bank: string; customerName: string; dueDate: string } | null;
}

/** A webhook the PG really sent, as the service reads it. */
export interface PgEvent {
  /** Stable across the PG's retries of the same event (the dedupe key). */
  eventId: string;
  eventType: 'PAYMENT_STATUS_CHANGED' | 'DEPOSIT_CALLBACK';
  orderId: string;
  paymentKey: string | null;
  status: PgStatus;
  /** KRW the payment is for now (a deposit: what was deposited); null when the event does not say. */
  totalAmount: number | null;
  /** A deposit callback's secret, to compare with the one the confirm returned. */
  secret: string | null;
}

/** The PG answered and said no (Toss's error { code, message }): definitive. */
export class PgRefused extends Error {
  constructor(
    readonly code: string,
    readonly pgMessage: string,
  ) {
    super(`PG refused: ${code}`);
    this.name = 'PgRefused';
  }
}

/** No answer, or a 5xx: the outcome is unknown and the same call may be repeated (Idempotency-Key). */
export class PgUnavailable extends Error {
  constructor(detail: string) {
    super(`PG unavailable: ${detail}`);
    this.name = 'PgUnavailable';
  }
}

export interface PaymentGateway {
  readonly provider: 'dev' | 'toss';
  /** The public key the client's checkout SDK needs; null for dev. */
  readonly clientKey: string | null;
  confirm(p: { paymentKey: string; orderId: string; amount: number; idempotencyKey: string }): Promise<PgPayment>;
  cancel(p: { paymentKey: string; cancelAmount: number; reason: string; idempotencyKey: string }): Promise<PgPayment>;
  /** The event a webhook carries when the PG really sent it; null for a forgery. */
  verifyWebhook(headers: Headers, body: string): Promise<PgEvent | null>;
}

// --- webhook signatures (Toss's scheme: HMAC-SHA256 of `${body}:${transmission time}`, base64, as "v1:<mac>[,v1:<mac>]")

export const SIGNATURE_HEADER = 'tosspayments-webhook-signature';
export const TRANSMISSION_TIME_HEADER = 'tosspayments-webhook-transmission-time';

const webhookMac = (secret: string, body: string, time: string) => hmacBase64(secret, `${body}:${time}`);

/** The headers that sign `body` as sent at `time`. */
export async function signWebhook(secret: string, body: string, time = new Date().toISOString()): Promise<Record<string, string>> {
  return { 'content-type': 'application/json', [SIGNATURE_HEADER]: `v1:${await webhookMac(secret, body, time)}`, [TRANSMISSION_TIME_HEADER]: time };
}

async function signatureValid(secret: string, headers: Headers, body: string): Promise<boolean> {
  const signature = headers.get(SIGNATURE_HEADER);
  const time = headers.get(TRANSMISSION_TIME_HEADER);
  if (!signature || !time) return false;
  const expected = await webhookMac(secret, body, time);
  const sent = signature.split(',').map((part) => part.trim());
  return sent.some((part) => part.startsWith('v1:') && timingSafeEqual(part.slice(3), expected));
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const PG_STATUSES = new Set<PgStatus>(['READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT', 'DONE', 'CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED']);
const pgStatus = (v: unknown) => (typeof v === 'string' && PG_STATUSES.has(v as PgStatus) ? (v as PgStatus) : null);

/** Toss's Payment object as we read it; null when it is not one. */
export function readPayment(json: Record<string, unknown> | null): PgPayment | null {
  if (!json) return null;
  const paymentKey = str(json.paymentKey);
  const orderId = str(json.orderId);
  const status = pgStatus(json.status);
  const totalAmount = int(json.totalAmount);
  if (!paymentKey || !orderId || !status || totalAmount === null) return null;
  const va = json.virtualAccount as Record<string, unknown> | null | undefined;
  return {
    paymentKey,
    orderId,
    status,
    totalAmount,
    balanceAmount: int(json.balanceAmount) ?? totalAmount,
    method: str(json.method),
    approvedAt: str(json.approvedAt),
    secret: str(json.secret),
    virtualAccount:
      va && typeof va === 'object'
        ? { accountNumber: String(va.accountNumber ?? ''), bank: String(va.bank ?? ''), customerName: String(va.customerName ?? ''), dueDate: String(va.dueDate ?? '') }
        : null,
  };
}

/** The event a (verified) PAYMENT_STATUS_CHANGED body or DEPOSIT_CALLBACK body describes. */
function readEvent(json: Record<string, unknown>): PgEvent | null {
  if (json.eventType === 'PAYMENT_STATUS_CHANGED') {
    const payment = readPayment(json.data as Record<string, unknown> | null);
    if (!payment) return null;
    const data = json.data as Record<string, unknown>;
    const transaction = str(data.lastTransactionKey) ?? str(json.createdAt) ?? '';
    return {
      eventId: `status:${payment.paymentKey}:${payment.status}:${transaction}`,
      eventType: 'PAYMENT_STATUS_CHANGED',
      orderId: payment.orderId,
      paymentKey: payment.paymentKey,
      status: payment.status,
      totalAmount: payment.totalAmount,
      secret: payment.secret,
    };
  }
  // DEPOSIT_CALLBACK: { createdAt, secret, status, transactionKey, orderId } (no eventType, no amount).
  const orderId = str(json.orderId);
  const status = pgStatus(json.status);
  const secret = str(json.secret);
  const transactionKey = str(json.transactionKey);
  if (!orderId || !status || !secret || !transactionKey) return null;
  return { eventId: `deposit:${transactionKey}:${status}`, eventType: 'DEPOSIT_CALLBACK', orderId, paymentKey: null, status, totalAmount: null, secret };
}

// --- Toss Payments

export interface TossConfig {
  secretKey: string;
  clientKey: string;
  webhookSecret: string;
  apiUrl: string;
  fetch?: typeof fetch;
}

/** Basic auth of Toss's API: base64("<secret key>:"). */
export const tossAuthorization = (secretKey: string) => `Basic ${btoa(`${secretKey}:`)}`;

/**
 * The real adapter. Confirm and cancel carry an Idempotency-Key, so a repeat after an unknown outcome
 * answers the first result. Webhooks: Toss signs some events (tosspayments-webhook-signature, checked with
 * TOSS_WEBHOOK_SECRET when present); its payment events are otherwise proven the way Toss documents: the
 * payment is read back from Toss (GET /v1/payments/{paymentKey} or /v1/payments/orders/{orderId}) and the
 * event is believed only when Toss agrees with it, and a deposit callback's secret must be the payment's.
 */
export function tossGateway(config: TossConfig): PaymentGateway {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<PgPayment> {
    const headers: Record<string, string> = { authorization: tossAuthorization(config.secretKey) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new PgUnavailable(error instanceof Error ? error.message : String(error));
    }
    const json = parseJson(await res.text().catch(() => ''));
    if (res.status >= 500) throw new PgUnavailable(`HTTP ${res.status}`);
    if (!res.ok) throw new PgRefused(str(json?.code) ?? `HTTP_${res.status}`, str(json?.message) ?? '');
    const payment = readPayment(json);
    if (!payment) throw new PgUnavailable('answer is not a Payment');
    return payment;
  }

  return {
    provider: 'toss',
    clientKey: config.clientKey,
    async confirm({ paymentKey, orderId, amount, idempotencyKey }) {
      try {
        return await call('POST', '/v1/payments/confirm', { paymentKey, orderId, amount }, idempotencyKey);
      } catch (error) {
        // Confirmed by an earlier call whose answer was lost: the payment as Toss holds it.
        if (error instanceof PgRefused && error.code === 'ALREADY_PROCESSED_PAYMENT') return call('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`);
        throw error;
      }
    },
    cancel({ paymentKey, cancelAmount, reason, idempotencyKey }) {
      return call('POST', `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, { cancelReason: reason, cancelAmount }, idempotencyKey);
    },
    async verifyWebhook(headers, body) {
      if (headers.has(SIGNATURE_HEADER) && !(await signatureValid(config.webhookSecret, headers, body))) return null;
      const json = parseJson(body);
      const event = json && readEvent(json);
      if (!event) return null;
      let truth: PgPayment;
      try {
        truth = event.paymentKey ? await call('GET', `/v1/payments/${encodeURIComponent(event.paymentKey)}`) : await call('GET', `/v1/payments/orders/${encodeURIComponent(event.orderId)}`);
      } catch (error) {
        if (error instanceof PgRefused) return null; // Toss knows no such payment
        throw error; // unknown: answered 5xx, so Toss sends it again
      }
      if (truth.orderId !== event.orderId || truth.status !== event.status) return null;
      if (event.eventType === 'DEPOSIT_CALLBACK' && (!truth.secret || !event.secret || !timingSafeEqual(truth.secret, event.secret))) return null;
      return { ...event, paymentKey: truth.paymentKey, totalAmount: truth.totalAmount, secret: truth.secret };
    },
  };
}

// --- the offline dev PG

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

export interface GatewayContext {
  fetch?: typeof fetch;
  deliver?: DevGatewayOptions['deliver'];
  waitUntil?: DevGatewayOptions['waitUntil'];
}

/** The gateway configured for this Worker (assertSafeConfig has refused dev in production and Toss without secrets). */
export function paymentGatewayFor(env: Env, context: GatewayContext = {}): PaymentGateway {
  if (providerChoice(env).pg === 'dev') {
    const delay = Number(env.DEV_PG_DEPOSIT_DELAY_MS || '10000');
    return devGateway({
      db: env.DB,
      webhookSecret: env.DEV_PG_WEBHOOK_SECRET,
      depositDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 10_000,
      deliver: context.deliver,
      waitUntil: context.waitUntil,
    });
  }
  if (!env.TOSS_SECRET_KEY || !env.TOSS_CLIENT_KEY || !env.TOSS_WEBHOOK_SECRET) throw new Error('Toss Payments is not configured');
  return tossGateway({
    secretKey: env.TOSS_SECRET_KEY,
    clientKey: env.TOSS_CLIENT_KEY,
    webhookSecret: env.TOSS_WEBHOOK_SECRET,
    apiUrl: env.TOSS_API_URL || 'https://api.tosspayments.com',
    fetch: context.fetch,
  });
}
