import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberBalance } from '../../src/db/ledger';
import { creditPurchase } from '../../src/api/services/ledger';
import { type ConfirmResponse, confirmResponseSchema } from '../../src/shared/shop-schemas';
import { type SubscriptionOrderResponse, subscriptionOrderResponseSchema } from '../../src/shared/subscription-schemas';
import type { Browser } from './helpers';
import { checkout, confirm, deposit, postWebhook, successBody } from './pg-fixtures';
import { clearWatchTables, expectRefused, insertChannel, json, signedIn } from './watch-fixtures';
import { expectLedgerHolds } from './ledger-audit';

// A subscription paid through the PG: the order buys the plan's luv at its KRW price, and the confirm (or the
// deposit webhook) pays the term with it under the order's id. Ledger rows are immutable: members of each test's own.

beforeEach(clearWatchTables);

const termsOf = async (memberId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_movements WHERE kind = 'subscription' AND idempotency_key LIKE ?").bind(`sub:${memberId}:%`).first<{ n: number }>())!.n;
const payments = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM payments').first<{ n: number }>())!.n;

async function subscriptionOrder(browser: Browser, body: Record<string, unknown>): Promise<SubscriptionOrderResponse> {
  const res = await browser.json('/api/my/subscriptions/order', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return subscriptionOrderResponseSchema.parse(await res.json());
}

async function viewerAndChannel() {
  const viewer = await signedIn();
  const creator = await signedIn();
  const channel = await insertChannel({ ownerId: creator.id });
  return { viewer, creator, channel };
}

describe('POST /api/my/subscriptions/order', () => {
  it('card: the checkout buys the plan at 3,300 KRW and the confirm pays the term; asked again, nothing more moves', async () => {
    const { viewer, creator, channel } = await viewerAndChannel();
    const created = await subscriptionOrder(viewer.browser, { channelId: channel.id, plan: 'month1', method: 'CARD' });
    expect(created).toMatchObject({ amount: 3_300, provider: 'dev', clientKey: null, checkoutUrl: `/__pg/checkout?orderId=${created.orderId}` });
    const back = await checkout(viewer.browser, created, 'approve');
    const answer = confirmResponseSchema.parse(await (await confirm(viewer.browser, successBody(back))).json());
    expect(answer.payment).toMatchObject({ status: 9, luv: 30, amount: 3_300, packId: 'subscription-month1', refundable: null });
    expect(answer.subscription).toMatchObject({ channelId: channel.id, plan: 'month1', status: 1 });
    expect(answer.subscription!.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // The luv bought went straight to the term: 21 to the creator, 9 to the platform, nothing left in the wallet.
    expect(answer.balance).toBe(0);
    expect(await memberBalance(env.DB, creator.id, 'earnings')).toBe(21);

    const again = await json<ConfirmResponse>(await confirm(viewer.browser, successBody(back)));
    expect(again.subscription).toEqual(answer.subscription);
    expect(await termsOf(viewer.id)).toBe(1);
    // A subscription's order is spent on its term: no refund.
    await expectRefused(await viewer.browser.fetch(`/api/shoppings/flax/payments-cancel?paymentId=${answer.payment.paymentId}`), 409);
    const subscribers = await json<{ count: number }>(await viewer.browser.fetch(`/api/guest/subscriber-count?channelId=${channel.id}`));
    expect(subscribers.count).toBe(1);
    await expectLedgerHolds();
  });

  it('virtual account: nothing is subscribed while waiting; the deposit webhook pays the term once', async () => {
    const { viewer, channel } = await viewerAndChannel();
    const created = await subscriptionOrder(viewer.browser, { channelId: channel.id, plan: 'month3', method: 'virtualaccount' });
    expect(created.amount).toBe(9_900);
    const back = await checkout(viewer.browser, created, 'virtual_account');
    const waiting = await json<ConfirmResponse>(await confirm(viewer.browser, successBody(back)));
    expect(waiting.payment.status).toBe(0);
    expect(waiting.subscription).toBeNull();
    expect(await termsOf(viewer.id)).toBe(0);

    const { body, headers } = await deposit(created.orderId, 9_900);
    expect(await (await postWebhook(body, headers)).json()).toEqual({ received: true, outcome: '9' });
    expect(await (await postWebhook(body, headers)).json()).toEqual({ received: true, outcome: 'replayed' });
    expect(await termsOf(viewer.id)).toBe(1);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(0);
    const row = await env.DB.prepare('SELECT status, plan FROM channel_subscriptions WHERE member_id = ? AND channel_id = ?').bind(viewer.id, channel.id).first();
    expect(row).toEqual({ status: 1, plan: 'month3' });
    await expectLedgerHolds();
  });

  it('subscribed with luv before the card payment came back: the luv bought stays in the wallet', async () => {
    const { viewer, channel } = await viewerAndChannel();
    const created = await subscriptionOrder(viewer.browser, { channelId: channel.id, plan: 'month1', method: 'CARD' });
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 30, key: `test-purchase:order-race:${viewer.id}` });
    expect((await viewer.browser.json('/api/my/subscriptions', { channelId: channel.id, plan: 'month1', idempotencyKey: `race${viewer.id}`.padEnd(8, '0') })).status).toBe(200);
    const back = await checkout(viewer.browser, created, 'approve');
    const answer = await json<ConfirmResponse>(await confirm(viewer.browser, successBody(back)));
    expect(answer.payment.status).toBe(9);
    expect(answer.subscription).toBeNull();
    expect(answer.balance).toBe(30);
    expect(await termsOf(viewer.id)).toBe(1);
    await expectLedgerHolds();
  });

  it('refuses a guest, its own channel, a channel subscribed to, no channel, a bad plan or method, and writes no order', async () => {
    const { viewer, creator, channel } = await viewerAndChannel();
    const before = await payments();
    const guest = (await import('./helpers')).Browser;
    await expectRefused(await new guest().json('/api/my/subscriptions/order', { channelId: channel.id, plan: 'month1', method: 'CARD' }), 401);
    const own = await creator.browser.json('/api/my/subscriptions/order', { channelId: channel.id, plan: 'month1', method: 'CARD' }, 'POST', { headers: { 'accept-language': 'ko' } });
    await expectRefused(own, 400);
    await expectRefused(await viewer.browser.json('/api/my/subscriptions/order', { channelId: 999_999, plan: 'month1', method: 'CARD' }), 404);
    for (const body of [
      { channelId: channel.id, plan: 'yearly', method: 'CARD' },
      { channelId: channel.id, plan: 'month1', method: 'bitcoin' },
      { channelId: channel.id, plan: 'month1', method: 'CARD', amount: 1 },
      { channelId: -1, plan: 'month1', method: 'CARD' },
    ]) {
      await expectRefused(await viewer.browser.json('/api/my/subscriptions/order', body), 400);
    }
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 30, key: `test-purchase:already:${viewer.id}` });
    expect((await viewer.browser.json('/api/my/subscriptions', { channelId: channel.id, plan: 'month1', idempotencyKey: `already${viewer.id}`.padEnd(8, '0') })).status).toBe(200);
    await expectRefused(await viewer.browser.json('/api/my/subscriptions/order', { channelId: channel.id, plan: 'month1', method: 'CARD' }), 409);
    expect(await payments()).toBe(before);
  });
});
