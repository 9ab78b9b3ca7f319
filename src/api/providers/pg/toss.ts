// The real adapter: Toss Payments (secrets TOSS_SECRET_KEY, TOSS_CLIENT_KEY, TOSS_WEBHOOK_SECRET; var TOSS_API_URL).
import { timingSafeEqual } from '../../../lib/crypto';
import { type PaymentGateway, type PgPayment, PgRefused, PgUnavailable } from './gateway';
import { SIGNATURE_HEADER, signatureValid } from './signature';
import { parseJson, readError, readEvent, readPayment } from './toss-answers';

export interface TossConfig {
  secretKey: string;
  clientKey: string;
  webhookSecret: string;
  apiUrl: string;
  fetch?: typeof fetch;
}

/** Basic auth of Toss's API: base64("<secret key>:"). */
const tossAuthorization = (secretKey: string) => `Basic ${btoa(`${secretKey}:`)}`;

/**
 * Confirm and cancel carry an Idempotency-Key, so a repeat after an unknown outcome answers the first result.
 * Webhooks: Toss signs some events (tosspayments-webhook-signature, checked with TOSS_WEBHOOK_SECRET when
 * present); its payment events are otherwise proven the way Toss documents: the payment is read back from Toss
 * (GET /v1/payments/{paymentKey} or /v1/payments/orders/{orderId}) and the event is believed only when Toss
 * agrees with it, and a deposit callback's secret must be the payment's.
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
    if (!res.ok) {
      const { code, message } = readError(json);
      throw new PgRefused(code ?? `HTTP_${res.status}`, message ?? '');
    }
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
