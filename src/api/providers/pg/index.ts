// The payment gateway (PG) that takes a member's KRW for a luv pack: the interface (gateway.ts), Toss's webhook
// signatures (signature.ts), Toss's answers read by zod schemas (toss-answers.ts), the real Toss adapter (toss.ts)
// and the offline dev adapter (dev.ts); here, the one this Worker is configured for.
import { providerChoice } from '../../config';
import { type DevGatewayOptions, devGateway } from './dev';
import type { PaymentGateway } from './gateway';
import { tossGateway } from './toss';

export { devDepositBody, devGateway } from './dev';
export { type PaymentGateway, type PgPayment, PgRefused, PgUnavailable } from './gateway';
export { SIGNATURE_HEADER, signWebhook, TRANSMISSION_TIME_HEADER } from './signature';
export { tossGateway } from './toss';

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
