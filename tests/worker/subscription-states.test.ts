import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberBalance } from '../../src/db/ledger';
import { activatePass, cancelRenewal, expire, historyOf, unsubscribe as unsubscribeRow } from '../../src/db/subscriptions';
import { SUBSCRIPTION_STATUS, SUBSCRIPTION_TRANSITIONS, type SubscriptionStatus } from '../../src/shared/subscription-plans';
import { confirmResponseSchema } from '../../src/shared/shop-schemas';
import { type SubscribeResponse, type SubscriptionListResponse, subscriptionOrderResponseSchema } from '../../src/shared/subscription-schemas';
import type { ChannelListItem, ListResponse } from '../../src/shared/streams-api';
import type { Browser } from './helpers';
import { checkout, confirm, successBody } from './pg-fixtures';
import { fund, newKey, runCron, viewerAndChannel } from './subscription-fixtures';
import { expectLedgerHolds } from './ledger-audit';
import { clearWatchTables, expectRefused, insertChannel, json, signedIn } from './watch-fixtures';

// Subscription status 2 (unsubscribed, by the member's own call) and 4 (an unused pass), and the passes, item codes
// 703 and 704, bought through the same calls as the other plans. Ledger rows are immutable: members of each test's own.

beforeEach(clearWatchTables);

const DAY = 86_400_000;
const post = (browser: Browser, path: string, body: Record<string, unknown>, language = 'en') => browser.json(path, body, 'POST', { headers: { 'accept-language': language } });
const subscribe = (browser: Browser, body: Record<string, unknown>, language?: string) => post(browser, '/api/my/subscriptions', body, language);
const unsubscribe = (browser: Browser, channelId: number, language?: string) => post(browser, '/api/my/subscriptions/unsubscribe', { channelId }, language);
const usePass = (browser: Browser, channelId: number, language?: string) => post(browser, '/api/my/subscriptions/activate', { channelId }, language);
const row = (memberId: number, channelId: number) =>
  env.DB.prepare('SELECT status, term, plan, started_at AS startedAt, expires_at AS expiresAt FROM channel_subscriptions WHERE member_id = ? AND channel_id = ?')
    .bind(memberId, channelId)
    .first<{ status: number; term: number; plan: string; startedAt: number; expiresAt: number | null }>();
const subscriberCount = async (browser: Browser, channelId: number) => (await json<{ count: number }>(await browser.fetch(`/api/guest/subscriber-count?channelId=${channelId}`))).count;
const subMovements = async (memberId: number, channelId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_movements WHERE kind = 'subscription' AND idempotency_key LIKE ?").bind(`sub:${memberId}:${channelId}:%`).first<{ n: number }>())!.n;

describe('POST /api/my/subscriptions/unsubscribe (status 2)', () => {
  it('ends a renewing monthly subscription: status 2 at once, usable and counted to its expiry, never renewed, then 3', async () => {
    const { viewer, creator, channel } = await viewerAndChannel(100);
    const first = await json<SubscribeResponse & { expiresAt: number }>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }));
    const res = await unsubscribe(viewer.browser, channel.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ channelId: channel.id, status: 2, expiresAt: first.expiresAt });
    // Asked again while it runs: the same answer, nothing else changes.
    expect(await json(await unsubscribe(viewer.browser, channel.id))).toEqual({ channelId: channel.id, status: 2, expiresAt: first.expiresAt });
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 2, term: 1, expiresAt: first.expiresAt });
    expect((await historyOf(env.DB, viewer.id, channel.id)).map((h) => [h.term, h.kind])).toEqual([[1, 2]]);

    // The days paid stay usable: still a subscriber, counted, on both lists as unsubscribed; no second purchase meanwhile.
    expect(await subscriberCount(viewer.browser, channel.id)).toBe(1);
    const mine = await json<SubscriptionListResponse>(await viewer.browser.fetch('/api/my/subscription-list'));
    expect(mine.items).toMatchObject([{ channelId: channel.id, status: 2, expiresAt: first.expiresAt }]);
    const theirs = await json<SubscriptionListResponse>(await creator.browser.fetch('/api/my/channel-subscription-list'));
    expect(theirs.items).toMatchObject([{ loginId: viewer.loginId, status: 2 }]);
    const view = await json<ListResponse<ChannelListItem>>(await viewer.browser.fetch('/api/my/streams/subscriptions'));
    expect(view.items.map((i) => [i.channelId, i.status])).toEqual([[channel.id, 2]]);
    await expectRefused(await viewer.browser.json('/api/my/streams/subscriptions/remove', { channelIds: [channel.id] }, 'DELETE'), 409);
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }), 409, 'You already subscribe to this channel.');
    await expectRefused(await post(viewer.browser, '/api/my/subscriptions/cancel-renewal', { channelId: channel.id }), 409);

    await runCron(first.expiresAt + 1);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3, term: 1 });
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(70);
    expect(await subscriberCount(viewer.browser, channel.id)).toBe(0);
    await expectLedgerHolds();
  });

  it('ends a fixed plan and a cancelled renewal alike; refuses what is not running, in the caller’s language, changing nothing', async () => {
    const { viewer, channel } = await viewerAndChannel(100);
    await expectRefused(await unsubscribe(viewer.browser, channel.id, 'ko'), 409, '이 채널에 이용 중인 구독이 없습니다.');
    await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() });
    expect((await json(await unsubscribe(viewer.browser, channel.id))).status).toBe(2);

    const second = await insertChannel({ ownerId: (await signedIn()).id });
    await subscribe(viewer.browser, { channelId: second.id, plan: 'monthly', idempotencyKey: newKey() });
    expect((await post(viewer.browser, '/api/my/subscriptions/cancel-renewal', { channelId: second.id })).status).toBe(200);
    expect((await json(await unsubscribe(viewer.browser, second.id))).status).toBe(2);
    expect((await historyOf(env.DB, viewer.id, second.id)).map((h) => h.kind)).toEqual([2]);

    const before = await row(viewer.id, channel.id);
    await runCron(before!.expiresAt! + 1);
    await expectRefused(await unsubscribe(viewer.browser, channel.id, 'ja'), 409, 'このチャンネルに利用中の購読はありません。');
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3 });
    await expectRefused(await post(viewer.browser, '/api/my/subscriptions/unsubscribe', { channelId: 'x' }), 400);
    const guest = (await import('./helpers')).Browser;
    expect((await new guest().json('/api/my/subscriptions/unsubscribe', { channelId: channel.id })).status).toBe(401);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(40);
    await expectLedgerHolds();
  });
});

describe('subscription passes: item codes 703 (pass1) and 704 (pass3), status 4 until used', () => {
  it('buying a pass pays now under the idempotency key and holds it unused; using it starts its days; it never renews', async () => {
    const { viewer, creator, channel } = await viewerAndChannel(100);
    const key = newKey();
    const bought = await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass3', idempotencyKey: key });
    expect(bought.status).toBe(200);
    expect(await json(bought)).toEqual({ channelId: channel.id, plan: 'pass3', status: 4, expiresAt: null, balance: 10, replayed: false });
    expect(await memberBalance(env.DB, creator.id, 'earnings')).toBe(63);
    expect(await json(await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass3', idempotencyKey: key }))).toMatchObject({ status: 4, expiresAt: null, balance: 10, replayed: true });
    expect(await subMovements(viewer.id, channel.id)).toBe(1);

    // Unused: not a subscriber yet, shown as unused on the lists, not hidden, not replaced, not ended.
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 4, plan: 'pass3', expiresAt: null });
    expect(await subscriberCount(viewer.browser, channel.id)).toBe(0);
    expect((await json<SubscriptionListResponse>(await viewer.browser.fetch('/api/my/subscription-list'))).items).toMatchObject([{ plan: 'pass3', status: 4, expiresAt: null }]);
    expect((await json<ListResponse<ChannelListItem>>(await viewer.browser.fetch('/api/my/streams/subscriptions'))).items).toMatchObject([{ status: 4, plan: 'pass3' }]);
    await expectRefused(await viewer.browser.json('/api/my/streams/subscriptions/remove', { channelIds: [channel.id] }, 'DELETE'), 409);
    await fund(viewer.id, 30);
    await expectRefused(
      await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() }, 'ko'),
      409,
      '이 채널에 사용하지 않은 구독권이 있습니다. 내 구독 목록에서 먼저 사용해 주세요.',
    );
    await expectRefused(await unsubscribe(viewer.browser, channel.id), 409);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(40);
    // An unused pass has no expiry: the renewal run leaves it alone however late.
    await runCron(Date.now() + 400 * DAY);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 4 });

    const used = await usePass(viewer.browser, channel.id);
    expect(used.status).toBe(200);
    const body = await json<{ status: number; startedAt: number; expiresAt: number; plan: string }>(used);
    expect(body).toMatchObject({ channelId: channel.id, plan: 'pass3', status: 1 });
    expect(Math.abs(body.startedAt - Date.now())).toBeLessThan(60_000);
    expect(body.expiresAt - body.startedAt).toBe(90 * DAY);
    expect(await json(await usePass(viewer.browser, channel.id))).toEqual(await json(await usePass(viewer.browser, channel.id)));
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 1, term: 1, startedAt: body.startedAt, expiresAt: body.expiresAt });
    const term = await env.DB.prepare('SELECT starts_at AS s, ends_at AS e FROM subscription_terms WHERE member_id = ? AND channel_id = ?').bind(viewer.id, channel.id).first();
    expect(term).toEqual({ s: body.startedAt, e: body.expiresAt });
    expect(await subscriberCount(viewer.browser, channel.id)).toBe(1);
    expect(await subMovements(viewer.id, channel.id)).toBe(1);

    await runCron(body.expiresAt + 1);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3, term: 1 });
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(40);
    await expectLedgerHolds();
  });

  it('pass1 costs 30 luv for 30 days; a short wallet, a second pass or a running subscription is refused and nothing moves', async () => {
    const { viewer, channel } = await viewerAndChannel(29);
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass1', idempotencyKey: newKey() }), 409, 'Your balance is not enough.');
    expect(await row(viewer.id, channel.id)).toBeNull();
    await expectRefused(await usePass(viewer.browser, channel.id, 'th'), 409, 'คุณไม่มีบัตรสมาชิกที่ใช้กับช่องนี้ได้');
    await fund(viewer.id, 31);
    expect(await json(await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass1', idempotencyKey: newKey() }))).toMatchObject({ status: 4, balance: 30 });
    await expectRefused(
      await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass1', idempotencyKey: newKey() }),
      409,
      'You hold an unused pass for this channel. Use it first from your subscriptions list.',
    );
    const used = await json<{ expiresAt: number; startedAt: number }>(await usePass(viewer.browser, channel.id));
    expect(used.expiresAt - used.startedAt).toBe(30 * DAY);
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'pass1', idempotencyKey: newKey() }), 409, 'You already subscribe to this channel.');
    // A used pass can be ended like any running subscription.
    expect((await json(await unsubscribe(viewer.browser, channel.id))).status).toBe(2);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(30);
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    await expectLedgerHolds();
  });

  it('paid by card through the PG: the confirm buys the pass at its KRW price and holds it unused', async () => {
    const viewer = await signedIn();
    const channel = await insertChannel({ ownerId: (await signedIn()).id });
    const res = await viewer.browser.json('/api/my/subscriptions/order', { channelId: channel.id, plan: 'pass1', method: 'CARD' });
    expect(res.status, await res.clone().text()).toBe(200);
    const created = subscriptionOrderResponseSchema.parse(await res.json());
    expect(created.amount).toBe(3_300);
    const back = await checkout(viewer.browser, created, 'approve');
    const answer = confirmResponseSchema.parse(await (await confirm(viewer.browser, successBody(back))).json());
    expect(answer.payment).toMatchObject({ status: 9, luv: 30, packId: 'subscription-pass1' });
    expect(answer.subscription).toEqual({ channelId: channel.id, plan: 'pass1', status: 4, expiresAt: null });
    expect(answer.balance).toBe(0);
    // Asked again: the same answer, one term paid.
    expect(confirmResponseSchema.parse(await (await confirm(viewer.browser, successBody(back))).json()).subscription).toEqual(answer.subscription);
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    await expectRefused(await viewer.browser.json('/api/my/subscriptions/order', { channelId: channel.id, plan: 'pass3', method: 'CARD' }), 409);
    expect((await json(await usePass(viewer.browser, channel.id))).status).toBe(1);
    await expectLedgerHolds();
  });
});

describe('the member’s subscriptions page (/my/subscriptions, server-rendered)', () => {
  it('shows an unsubscribed subscription with its last day, an unused pass with its use button, a running one with its unsubscribe button', async () => {
    const { viewer, channel } = await viewerAndChannel(90);
    const passChannel = await insertChannel({ ownerId: (await signedIn()).id });
    const running = await insertChannel({ ownerId: (await signedIn()).id });
    await subscribe(viewer.browser, { channelId: running.id, plan: 'monthly', idempotencyKey: newKey() });
    await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() });
    await unsubscribe(viewer.browser, channel.id);
    await subscribe(viewer.browser, { channelId: passChannel.id, plan: 'pass1', idempotencyKey: newKey() });
    const html = await (await viewer.browser.fetch('/my/subscriptions', { headers: { 'accept-language': 'ko' } })).text();
    expect(html).toMatch(/구독 해지 · \d{4}\. ?\d{1,2}\. ?\d{1,2}\.?까지 이용/);
    expect(html).toMatch(/미사용 구독권 · \d{4}\. ?\d{1,2}\. ?\d{1,2}\.? 구매/);
    expect(html).toContain('>구독권 사용</button>');
    // One unsubscribe button, the running one's: the other is ended already and the pass is not running.
    expect(html.match(/>구독 해지<\/button>/g)).toHaveLength(1);
    expect(html).toContain('>갱신 해지</button>');
  });
});

describe('the subscription state machine (SUBSCRIPTION_TRANSITIONS)', () => {
  it('is what the queries do: each change moves a row from exactly the statuses the table lets move there', async () => {
    const { viewer, channel } = await viewerAndChannel(0);
    const [m, c] = [viewer.id, channel.id];
    const now = Date.now();
    const put = (status: number, expiresAt: number) =>
      env.DB.prepare(
        `INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at, hidden, plan, term) VALUES (?1, ?2, ?3, ?4, ?5, 0, 'monthly', 1)
         ON CONFLICT (member_id, channel_id) DO UPDATE SET status = excluded.status, started_at = excluded.started_at, expires_at = excluded.expires_at, plan = 'monthly'`,
      )
        .bind(m, c, status, now - DAY, expiresAt)
        .run();
    const S = SUBSCRIPTION_STATUS;
    // Each change, with the expiry that lets it happen when the status does.
    const changes: [SubscriptionStatus, number, () => Promise<unknown>][] = [
      [S.renewalCancelled, now + DAY, () => cancelRenewal(env.DB, m, c, now)],
      [S.unsubscribed, now + DAY, () => unsubscribeRow(env.DB, m, c, now)],
      [S.subscribed, now + DAY, () => activatePass(env.DB, m, c, 1, now, now + DAY)],
      [S.expired, now - DAY, () => expire(env.DB, { memberId: m, channelId: c, status: 0, plan: 'monthly', term: 1, startedAt: now - DAY, expiresAt: now - DAY }, null)],
    ];
    const moved: string[] = [];
    const allowed: string[] = [];
    for (const from of Object.values(S)) {
      for (const [to, expiresAt, change] of changes) {
        await put(from, expiresAt);
        await change();
        if ((await row(m, c))!.status !== from) moved.push(`${from} -> ${(await row(m, c))!.status}`);
        if (SUBSCRIPTION_TRANSITIONS[from].includes(to)) allowed.push(`${from} -> ${to}`);
      }
    }
    expect(moved).toEqual(allowed);
    // The machine itself (docs/product/money.md, "Subscriptions"): the queries' guards before there was a table.
    expect(moved).toEqual(['1 -> 5', '1 -> 2', '1 -> 3', '2 -> 3', '4 -> 1', '5 -> 2', '5 -> 3']);
  });
});
