// The offline dev PG driven as a browser and as the PG itself: orders, its checkout page's buttons, the confirm,
// and its signed webhooks. Shared by the payment and subscription-order tests.
import { env, SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { devDepositBody, signWebhook } from '../../src/api/providers/pg';
import { type CreateOrderResponse, createOrderResponseSchema } from '../../src/shared/shop-schemas';
import type { Browser } from './helpers';

export const ORIGIN = 'http://flex.localhost:8787';

export async function order(browser: Browser, packId = 'luv-100', method = 'CARD'): Promise<CreateOrderResponse> {
  const res = await browser.json('/api/shoppings/luv/orders', { packId, method });
  expect(res.status).toBe(200);
  return createOrderResponseSchema.parse(await res.json());
}

/** Open the dev checkout page and press one of its buttons; the redirect's URL. */
export async function checkout(browser: Browser, created: CreateOrderResponse, choice: string): Promise<URL> {
  const page = await browser.fetch(created.checkoutUrl!);
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
  // A plain form: no XSRF header, the page's own token instead.
  const res = await browser.fetch('/__pg/checkout', {
    method: 'POST',
    xsrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId: created.orderId, choice, token }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, ORIGIN);
}

export function confirm(browser: Browser, body: Record<string, unknown>) {
  return browser.json('/api/shoppings/luv/confirm', body);
}

export const successBody = (url: URL) => ({ paymentKey: url.searchParams.get('paymentKey'), orderId: url.searchParams.get('orderId'), amount: Number(url.searchParams.get('amount')) });

/** A webhook as the PG sends it, straight to the site (no cookie, no XSRF header). */
export function postWebhook(body: string, headers: Record<string, string>) {
  return SELF.fetch(`${ORIGIN}/api/payments/webhook`, { method: 'POST', headers, body });
}

/** The dev PG's deposit into an order's virtual account, signed as `npm run ops -- deposit` signs it. */
export async function deposit(orderId: string, amount: number, secret = env.DEV_PG_WEBHOOK_SECRET) {
  const dev = (await env.DB.prepare('SELECT payment_key AS paymentKey, secret FROM dev_pg_payments WHERE order_id = ?').bind(orderId).first<{ paymentKey: string; secret: string }>())!;
  const body = devDepositBody({ paymentKey: dev.paymentKey, orderId, amount, secret: dev.secret });
  return { body, headers: await signWebhook(secret, body) };
}
