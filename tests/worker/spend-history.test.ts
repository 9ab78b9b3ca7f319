import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import { type LuvPaymentListResponse, luvPaymentListResponseSchema } from '../../src/shared/shop-schemas';
import { clearWatchTables, insertChannel, liveChannel, signedIn } from './watch-fixtures';

// The luv tab of the payment history (GET /api/shoppings/luv/payments) lists every spend out of the wallet.

beforeEach(clearWatchTables);

let keys = 0;
const newKey = () => `h${Date.now()}${++keys}`.padEnd(8, '0');

describe('the spend history', () => {
  it('lists gifts, subscription terms and items bought, newest first, each with what it paid for', async () => {
    const member = await signedIn();
    await creditPurchase(env.DB, { memberId: member.id, amount: 100_000, key: `test-purchase:${newKey()}` });
    const [gifted, subscribed] = [await signedIn(), await signedIn()];
    const live = await liveChannel({ ownerId: gifted.id });
    const channel = await insertChannel({ ownerId: subscribed.id });
    expect((await member.browser.json('/api/luv/gift', { channelId: live.id, amount: 30, idempotencyKey: newKey() })).status).toBe(200);
    expect((await member.browser.json('/api/my/subscriptions', { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() })).status).toBe(200);
    expect((await member.browser.json('/api/my/items/buy', { prodName: '420', quantity: 2, idempotencyKey: newKey() })).status).toBe(200);

    const res = await member.browser.fetch('/api/shoppings/luv/payments?option=30');
    expect(res.status).toBe(200);
    const spent: LuvPaymentListResponse = luvPaymentListResponseSchema.parse(await res.json());
    expect(spent.total).toBe(3);
    expect(spent.items.map(({ kind, loginId, itemCode, quantity }) => ({ kind, loginId, itemCode, quantity }))).toEqual([
      { kind: 'item', loginId: null, itemCode: 420, quantity: 2 },
      { kind: 'subscription', loginId: subscribed.loginId, itemCode: null, quantity: null },
      { kind: 'gift', loginId: gifted.loginId, itemCode: null, quantity: null },
    ]);
    expect(spent.items.map((i) => i.amount)).toEqual([2_000, expect.any(Number), 30]);
    // Their sum is what left the wallet.
    const balance = ((await (await member.browser.fetch('/api/luv/luv-sum')).json()) as { balance: number }).balance;
    expect(spent.items.reduce((sum, i) => sum + i.amount, 0)).toBe(100_000 - balance);
  });
});
