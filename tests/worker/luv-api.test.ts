import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditAccounts } from '../../src/db/ledger';
import { receivedSummary } from '../../src/api/services/luv';
import { couponGrant, creditPurchase } from '../../src/api/services/ledger';
import type { ChannelListItem, ListResponse } from '../../src/shared/streams-api';
import type { GiftListResponse, GiftResponse, LuvSumResponse } from '../../src/shared/luv-schemas';
import type { ProfileResponse } from '../../src/shared/account-api';
import { joined, sleep } from './chat-helpers';
import { Browser } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, json, liveChannel, signedIn } from './watch-fixtures';

// The luv calls through the real API. Ledger rows are immutable (never cleared), so every test works with
// members of its own, whose accounts start empty.

beforeEach(clearWatchTables);

let keys = 0;
const newKey = () => `k${Date.now()}${++keys}`.padEnd(8, '0');

async function fund(memberId: number, amount: number) {
  await creditPurchase(env.DB, { memberId, amount, key: `test-purchase:${newKey()}` });
}

const sendGift = (browser: Browser, body: Record<string, unknown>) => browser.json('/api/luv/gift', body);
const sum = async (browser: Browser, path: '/api/luv/luv-sum' | '/api/luv/receivedluv-sum') => (await json<LuvSumResponse>(await browser.fetch(path))).balance;
const list = async (browser: Browser, path: string) => {
  const res = await browser.fetch(path);
  expect(res.status, path).toBe(200);
  return json<GiftListResponse>(res);
};
const movementCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements').first<{ n: number }>())!.n;

/** A funded viewer and a creator (signed in too) whose channel is live. */
async function viewerAndLiveCreator(luv = 1000) {
  const viewer = await signedIn();
  const creator = await signedIn();
  const channel = await liveChannel({ ownerId: creator.id });
  if (luv) await fund(viewer.id, luv);
  return { viewer, creator, channel };
}

describe('POST /api/luv/gift', () => {
  it('moves exactly the amount; both sums and both lists show it', async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(1000);
    const res = await sendGift(viewer.browser, { channelId: channel.id, amount: 300, message: '  화이팅   최고 ', idempotencyKey: newKey() });
    expect(res.status).toBe(200);
    const body = await json<GiftResponse>(res);
    expect(body).toMatchObject({ balance: 700, replayed: false });

    expect(await sum(viewer.browser, '/api/luv/luv-sum')).toBe(700);
    expect(await sum(viewer.browser, '/api/luv/receivedluv-sum')).toBe(0);
    expect(await sum(creator.browser, '/api/luv/receivedluv-sum')).toBe(300);
    expect(await sum(creator.browser, '/api/luv/luv-sum')).toBe(0);
    // The profile carries the wallet's balance too (the pages show it without asking luv-sum).
    const profile = async (browser: Browser) => (await json<ProfileResponse>(await browser.fetch('/api/my/profile'))).profile.balance;
    expect([await profile(viewer.browser), await profile(creator.browser)]).toEqual([700, 0]);

    const sent = await list(viewer.browser, '/api/luv/sentluv-list');
    expect(sent).toMatchObject({ offset: 0, limit: 10, total: 1 });
    expect(sent.items).toEqual([{ movementId: body.movementId, amount: 300, loginId: creator.loginId, nickname: expect.any(String), createdAt: expect.any(Number), anonymous: false }]);
    expect(Math.abs(sent.items[0]!.createdAt - Date.now())).toBeLessThan(60_000);
    const received = await list(creator.browser, '/api/luv/receivedluv-list');
    expect(received.total).toBe(1);
    expect(received.items[0]).toMatchObject({ movementId: body.movementId, amount: 300, loginId: viewer.loginId });
    expect((await list(viewer.browser, '/api/luv/receivedluv-list')).total).toBe(0);
    expect((await list(creator.browser, '/api/luv/sentluv-list')).total).toBe(0);
  });

  it('applies a replay with the same key once', async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(1000);
    const request = { channelId: channel.id, amount: 250, idempotencyKey: newKey() };
    const first = await json<GiftResponse>(await sendGift(viewer.browser, request));
    const again = await json<GiftResponse>(await sendGift(viewer.browser, request));
    expect(first).toMatchObject({ balance: 750, replayed: false });
    expect(again).toEqual({ balance: 750, movementId: first.movementId, replayed: true });
    expect(await sum(creator.browser, '/api/luv/receivedluv-sum')).toBe(250);
    // The same key with another amount is a different gift: refused, nothing moves.
    await expectRefused(await sendGift(viewer.browser, { ...request, amount: 10 }), 409);
    expect(await sum(viewer.browser, '/api/luv/luv-sum')).toBe(750);
    // Another member's same key is their own gift.
    const other = await signedIn();
    await fund(other.id, 100);
    expect(await json<GiftResponse>(await sendGift(other.browser, { ...request, amount: 100 }))).toMatchObject({ balance: 0, replayed: false });
    expect(await sum(creator.browser, '/api/luv/receivedluv-sum')).toBe(350);
    // After the live ends, the first gift's replay still answers as it did; a new gift is refused.
    await env.DB.prepare('UPDATE streams SET ended_at = ? WHERE channel_id = ? AND ended_at IS NULL').bind(Date.now(), channel.id).run();
    expect(await json<GiftResponse>(await sendGift(viewer.browser, request))).toEqual({ balance: 750, movementId: first.movementId, replayed: true });
    await expectRefused(await sendGift(viewer.browser, { ...request, idempotencyKey: newKey() }), 409);
    expect(await sum(viewer.browser, '/api/luv/luv-sum')).toBe(750);
  });

  it('refuses an insufficient balance, a self gift, an offline or unknown channel, and changes nothing', async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(100);
    const before = await movementCount();
    const short = await sendGift(viewer.browser, { channelId: channel.id, amount: 101, idempotencyKey: newKey() });
    expect(short.status).toBe(409);
    expect(((await short.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_LUV');

    await fund(creator.id, 100);
    const self = await sendGift(creator.browser, { channelId: channel.id, amount: 10, idempotencyKey: newKey() });
    expect(self.status).toBe(400);
    expect(((await self.json()) as { error: { code: string } }).error.code).toBe('SELF_GIFT');

    const offline = await insertChannel();
    const notLive = await sendGift(viewer.browser, { channelId: offline.id, amount: 10, idempotencyKey: newKey() });
    expect(notLive.status).toBe(409);
    expect(((await notLive.json()) as { error: { code: string } }).error.code).toBe('NOT_LIVE');
    await expectRefused(await sendGift(viewer.browser, { channelId: 999_999_999, amount: 10, idempotencyKey: newKey() }), 404);

    expect(await movementCount()).toBe(before + 1); // the creator's own purchase only
    expect(await sum(viewer.browser, '/api/luv/luv-sum')).toBe(100);
    expect(await sum(creator.browser, '/api/luv/luv-sum')).toBe(100);
    expect(await sum(creator.browser, '/api/luv/receivedluv-sum')).toBe(0);
  });

  it('refuses bad amounts, messages and keys with 400 and changes nothing', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(1000);
    const before = await movementCount();
    const good = { channelId: channel.id, amount: 5, idempotencyKey: newKey() };
    for (const bad of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: '5' },
      { amount: 10_000_001 },
      { amount: 2 ** 53 },
      { amount: 1e300 },
      { amount: undefined },
      { message: 'x'.repeat(101) },
      { idempotencyKey: 'short' },
      { idempotencyKey: 'has space in it' },
      { idempotencyKey: 'x'.repeat(65) },
      { channelId: '1' },
      { extra: true },
    ]) {
      await expectRefused(await sendGift(viewer.browser, { ...good, ...bad }), 400);
    }
    expect(await movementCount()).toBe(before);
    expect(await sum(viewer.browser, '/api/luv/luv-sum')).toBe(1000);
  });

  it('answers a guest 401 on every luv call', async () => {
    const guest = new Browser();
    const channel = await liveChannel();
    const before = await movementCount();
    for (const path of ['/api/luv/luv-sum', '/api/luv/receivedluv-sum', '/api/luv/sentluv-list', '/api/luv/receivedluv-list']) {
      expect((await guest.fetch(path)).status, path).toBe(401);
    }
    expect((await sendGift(guest, { channelId: channel.id, amount: 1, idempotencyKey: newKey() })).status).toBe(401);
    expect(await movementCount()).toBe(before);
  });
});

describe("the channel's chat room", () => {
  it('hears of a gift once, with its cleaned message, and not of its replay', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(1000);
    const { client } = await joined(String(channel.id), null);
    const request = { channelId: channel.id, amount: 40, message: '  화이팅 \n \u202e 최고\u0007 ', idempotencyKey: newKey() };
    expect((await sendGift(viewer.browser, request)).status).toBe(200);
    const event = await client.waitFor((f) => f.type === 'event' && f.kind === 'gift');
    expect(event).toMatchObject({ from: { loginId: viewer.loginId }, amount: 40, message: '화이팅 최고' });
    expect(await json<GiftResponse>(await sendGift(viewer.browser, request))).toMatchObject({ replayed: true });
    await sleep(200);
    expect(client.frames.filter((f) => f.type === 'event' && f.kind === 'gift')).toHaveLength(1);
  });

  it('hears of gifts sent together each once', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(1000);
    const { client } = await joined(String(channel.id), null);
    const amounts = [1, 2, 3, 4, 5, 6];
    const answers = await Promise.all(amounts.map((amount) => sendGift(viewer.browser, { channelId: channel.id, amount, idempotencyKey: newKey() })));
    expect(answers.map((res) => res.status)).toEqual(amounts.map(() => 200));
    await client.waitForMessages(amounts.length, (f) => f.type === 'event' && f.kind === 'gift');
    await sleep(200);
    const heard = client.frames.flatMap((f) => (f.type === 'event' && f.kind === 'gift' ? [f.amount] : []));
    expect(heard.sort((a, b) => a - b)).toEqual(amounts);
  });
});

describe('the gift lists', () => {
  it('page newest first with offset and limit', async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(1000);
    const ids: number[] = [];
    for (let amount = 1; amount <= 5; amount++) {
      ids.push((await json<GiftResponse>(await sendGift(viewer.browser, { channelId: channel.id, amount, idempotencyKey: newKey() }))).movementId);
    }
    const newest = [...ids].reverse();
    const all = await list(viewer.browser, '/api/luv/sentluv-list');
    expect(all.items.map((i) => i.movementId)).toEqual(newest);
    expect(all.items.map((i) => i.amount)).toEqual([5, 4, 3, 2, 1]);

    const page = await list(viewer.browser, '/api/luv/sentluv-list?offset=1&limit=2');
    expect(page).toMatchObject({ offset: 1, limit: 2, total: 5 });
    expect(page.items.map((i) => i.movementId)).toEqual(newest.slice(1, 3));
    const last = await list(creator.browser, '/api/luv/receivedluv-list?offset=4&limit=2');
    expect(last).toMatchObject({ total: 5 });
    expect(last.items.map((i) => i.movementId)).toEqual(newest.slice(4));
    expect((await list(creator.browser, '/api/luv/receivedluv-list?offset=9')).items).toEqual([]);

    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'offset=-1']) {
      await expectRefused(await viewer.browser.fetch(`/api/luv/sentluv-list?${bad}`), 400);
    }
  });
});

describe('GET /api/luv/received', () => {
  const received = async (browser: Browser) => {
    const res = await browser.fetch('/api/luv/received');
    expect(res.status).toBe(200);
    return json<{ balance: number; total: number; thisMonth: number; count: number }>(res);
  };

  it("sums the gifts into the member's earnings: all time, this month (KST), how many", async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(1000);
    expect(await received(creator.browser)).toEqual({ balance: 0, total: 0, thisMonth: 0, count: 0 });
    const other = await signedIn();
    await fund(other.id, 100);
    await sendGift(viewer.browser, { channelId: channel.id, amount: 300, idempotencyKey: newKey() });
    const request = { channelId: channel.id, amount: 45, idempotencyKey: newKey() };
    await sendGift(viewer.browser, request);
    await sendGift(viewer.browser, request); // a replay counts once
    await sendGift(other.browser, { channelId: channel.id, amount: 100, idempotencyKey: newKey() });
    // Luv into the creator's wallet (a purchase, a coupon) is not received.
    await fund(creator.id, 70);
    await couponGrant(env.DB, { memberId: creator.id, amount: 5, key: `test-coupon:${newKey()}` });

    expect(await received(creator.browser)).toEqual({ balance: 445, total: 445, thisMonth: 445, count: 3 });
    expect(await received(viewer.browser)).toEqual({ balance: 0, total: 0, thisMonth: 0, count: 0 });
    // Next month (KST) the same gifts are no longer this month's.
    expect(await receivedSummary(env.DB, creator.id, Date.now() + 32 * 86_400_000)).toEqual({ balance: 445, total: 445, thisMonth: 0, count: 3 });
  });

  it('answers a guest 401', async () => {
    expect((await new Browser().fetch('/api/luv/received')).status).toBe(401);
  });
});

describe('the gift history (/my/gifts, GET /api/my/streams/present)', () => {
  const present = async (browser: Browser) => {
    const res = await browser.fetch('/api/my/streams/present');
    expect(res.status).toBe(200);
    return (await json<ListResponse<ChannelListItem>>(res)).items.map((i) => ({ channelId: i.channelId, totalAmount: i.totalAmount, at: i.at }));
  };

  it('is written by each gift, in its batch: totals per channel, newest first, a replay once', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(1000);
    const second = await liveChannel();
    expect(await present(viewer.browser)).toEqual([]);

    const request = { channelId: channel.id, amount: 300, idempotencyKey: newKey() };
    const before = Date.now();
    await sendGift(viewer.browser, request);
    await sendGift(viewer.browser, { ...request, amount: 200, idempotencyKey: newKey() });
    expect(await json<GiftResponse>(await sendGift(viewer.browser, request))).toMatchObject({ replayed: true });
    const [row] = await present(viewer.browser);
    expect(row).toEqual({ channelId: channel.id, totalAmount: 500, at: expect.any(Number) });
    expect(row!.at).toBeGreaterThanOrEqual(before);
    expect(row!.at).toBeLessThanOrEqual(Date.now());

    await sleep(5);
    await sendGift(viewer.browser, { channelId: second.id, amount: 7, idempotencyKey: newKey() });
    expect((await present(viewer.browser)).map((r) => [r.channelId, r.totalAmount])).toEqual([
      [second.id, 7],
      [channel.id, 500],
    ]);
  });

  it('counts a gift sent 5 times at once with one key once', async () => {
    const { viewer, creator, channel } = await viewerAndLiveCreator(1000);
    const request = { channelId: channel.id, amount: 60, idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendGift(viewer.browser, request)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await present(viewer.browser)).toEqual([{ channelId: channel.id, totalAmount: 60, at: expect.any(Number) }]);
    expect(await sum(creator.browser, '/api/luv/receivedluv-sum')).toBe(60);
  });

  it('is not written by a refused gift', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(100);
    await expectRefused(await sendGift(viewer.browser, { channelId: channel.id, amount: 101, idempotencyKey: newKey() }), 409);
    await expectRefused(await sendGift(viewer.browser, { channelId: (await insertChannel()).id, amount: 10, idempotencyKey: newKey() }), 409);
    await expectRefused(await sendGift(viewer.browser, { channelId: channel.id, amount: 0, idempotencyKey: newKey() }), 400);
    expect(await present(viewer.browser)).toEqual([]);
    const accounts = await auditAccounts(env.DB);
    for (const a of accounts) expect(a.balance, `account ${a.id}`).toBe(a.entrySum);
    expect(accounts.reduce((total, a) => total + a.balance, 0)).toBe(0);
  });

  it('brings back a hidden channel when the member gifts to it again', async () => {
    const { viewer, channel } = await viewerAndLiveCreator(1000);
    await sendGift(viewer.browser, { channelId: channel.id, amount: 10, idempotencyKey: newKey() });
    expect(await json(await viewer.browser.fetch(`/api/my/streams/gift/present/${channel.id}`, { method: 'DELETE' }))).toEqual({ deleted: 1 });
    expect(await present(viewer.browser)).toEqual([]);
    await sendGift(viewer.browser, { channelId: channel.id, amount: 15, idempotencyKey: newKey() });
    expect((await present(viewer.browser)).map((r) => r.totalAmount)).toEqual([25]);
  });
});
