import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberBalance } from '../../src/db/ledger';
import { historyOf } from '../../src/db/subscriptions';
import { renewDueSubscriptions } from '../../src/api/services/subscriptions';
import type { SubscribeResponse, SubscriptionListResponse } from '../../src/shared/subscription-schemas';
import type { ChannelListItem, ListResponse } from '../../src/shared/streams-api';
import type { Browser } from './helpers';
import { fund, newKey, runCron, viewerAndChannel } from './subscription-fixtures';
import { expectLedgerHolds } from './ledger-audit';
import { clearWatchTables, expectRefused, insertChannel, json, liveChannel, signedIn } from './watch-fixtures';
import { ChatClient, say } from './chat-helpers';
import type { ChatTicketResponse } from '../../src/shared/chat-ticket-api';

// Subscriptions through the real API, and the Cron Trigger through the Worker's own scheduled handler.
// Ledger rows are immutable (never cleared): every test works with members of its own.

beforeEach(clearWatchTables);

const DAY = 86_400_000;
/** A plan that starts when paid (not a pass) answers its expiry. */
type Subscribed = SubscribeResponse & { expiresAt: number };
const subscribe = (browser: Browser, body: Record<string, unknown>, language = 'en') => browser.json('/api/my/subscriptions', body, 'POST', { headers: { 'accept-language': language } });
const row = (memberId: number, channelId: number) =>
  env.DB.prepare('SELECT status, term, plan, expires_at AS expiresAt FROM channel_subscriptions WHERE member_id = ? AND channel_id = ?')
    .bind(memberId, channelId)
    .first<{ status: number; term: number; plan: string; expiresAt: number }>();
const subMovements = async (memberId: number, channelId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements WHERE kind = ? AND idempotency_key LIKE ?').bind('subscription', `sub:${memberId}:${channelId}:%`).first<{ n: number }>())!.n;
const platformRevenue = async () => (await env.DB.prepare("SELECT COALESCE(SUM(balance), 0) AS b FROM ledger_accounts WHERE kind = 'platform_revenue'").first<{ b: number }>())!.b;

describe('POST /api/my/subscriptions', () => {
  it('pays 30 luv for a monthly plan: 21 to the creator, 9 to the platform; counts and lists show it', async () => {
    const { viewer, creator, channel } = await viewerAndChannel(100);
    const revenueBefore = await platformRevenue();
    const res = await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() });
    expect(res.status).toBe(200);
    const body = await json<Subscribed>(res);
    expect(body).toMatchObject({ channelId: channel.id, plan: 'monthly', status: 1, balance: 70, replayed: false });
    expect(Math.abs(body.expiresAt - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(await memberBalance(env.DB, creator.id, 'earnings')).toBe(21);
    expect((await platformRevenue()) - revenueBefore).toBe(9);

    const count = await json<{ count: number }>(await viewer.browser.fetch(`/api/guest/subscriber-count?channelId=${channel.id}`));
    expect(count.count).toBe(1);
    const mine = await json<SubscriptionListResponse>(await viewer.browser.fetch('/api/my/subscription-list?limit=5'));
    expect(mine).toMatchObject({ total: 1, limit: 5, items: [{ channelId: channel.id, loginId: creator.loginId, plan: 'monthly', status: 1 }] });
    const theirs = await json<SubscriptionListResponse>(await creator.browser.fetch('/api/my/channel-subscription-list?limit=5'));
    expect(theirs).toMatchObject({ total: 1, items: [{ channelId: channel.id, loginId: viewer.loginId, plan: 'monthly', status: 1 }] });
    expect((await json<SubscriptionListResponse>(await viewer.browser.fetch('/api/my/channel-subscription-list'))).total).toBe(0);
    const view = await json<ListResponse<ChannelListItem>>(await viewer.browser.fetch('/api/my/streams/subscriptions'));
    expect(view.items.map((i) => [i.channelId, i.status])).toEqual([[channel.id, 1]]);
    // An active subscription cannot be hidden from the list.
    await expectRefused(await viewer.browser.json('/api/my/streams/subscriptions/remove', { channelIds: [channel.id] }, 'DELETE'), 409);
    await expectLedgerHolds();
  });

  it('a 3-month plan costs 90 luv and runs 90 days', async () => {
    const { viewer, channel } = await viewerAndChannel(90);
    const body = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'month3', idempotencyKey: newKey() }));
    expect(body).toMatchObject({ status: 1, balance: 0 });
    expect(Math.abs(body.expiresAt - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
  });

  it('twice at once (different keys) charges once; a retry with the same key replays', async () => {
    const { viewer, channel } = await viewerAndChannel(100);
    const key = newKey();
    const answers = await Promise.all([
      subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: key }),
      subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }),
      subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }),
    ]);
    // Each either subscribed, replayed the winner, or was refused as already subscribed: never a second charge.
    for (const res of answers) expect([200, 409]).toContain(res.status);
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(70);
    const retry = await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: key });
    if (retry.status === 200) expect(await json<Subscribed>(retry)).toMatchObject({ replayed: true, balance: 70 });
    else await expectRefused(retry, 409);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(70);
    await expectLedgerHolds();
  });

  it('refuses a short wallet, an unknown plan or channel, your own channel; in the caller’s language; nothing moves', async () => {
    const { viewer, creator, channel } = await viewerAndChannel(29);
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }), 409, 'Your balance is not enough.');
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'yearly', idempotencyKey: newKey() }), 400);
    await expectRefused(await subscribe(viewer.browser, { channelId: 999_999, plan: 'monthly', idempotencyKey: newKey() }), 404);
    await fund(creator.id, 100);
    await expectRefused(await subscribe(creator.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() }, 'ko'), 400, '내 채널은 구독할 수 없습니다.');
    await expectRefused(await subscribe(creator.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() }, 'ja'), 400, '自分のチャンネルは購読できません。');
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(29);
    expect(await memberBalance(env.DB, creator.id, 'wallet')).toBe(100);
    expect(await row(viewer.id, channel.id)).toBeNull();
    expect(await subMovements(viewer.id, channel.id)).toBe(0);
    const guest = await new (await import('./helpers')).Browser().json('/api/my/subscriptions', { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() });
    expect(guest.status).toBe(401);
  });
});

describe('the Cron Trigger (scheduled handler)', () => {
  it('renews a due monthly subscription once when run twice, even at once', async () => {
    const { viewer, creator, channel } = await viewerAndChannel(100);
    const first = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }));
    const due = first.expiresAt + 1000;
    await runCron(first.expiresAt - 1000); // not due yet: nothing happens
    expect(await subMovements(viewer.id, channel.id)).toBe(1);

    await Promise.all([runCron(due), runCron(due)]);
    await runCron(due);
    expect(await subMovements(viewer.id, channel.id)).toBe(2);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(40);
    expect(await memberBalance(env.DB, creator.id, 'earnings')).toBe(42);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 1, term: 2, expiresAt: first.expiresAt + 30 * DAY });
    expect(await historyOf(env.DB, viewer.id, channel.id)).toEqual([{ term: 2, kind: 1, at: due }]);
    await expectLedgerHolds();
  });

  it('a short wallet at renewal records history 3 and the subscription lapses to 3 expired', async () => {
    const { viewer, channel } = await viewerAndChannel(40);
    const first = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }));
    await runCron(first.expiresAt);
    await runCron(first.expiresAt);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(10);
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3, term: 1 });
    expect(await historyOf(env.DB, viewer.id, channel.id)).toEqual([{ term: 2, kind: 3, at: first.expiresAt }]);
    const count = await json<{ count: number }>(await viewer.browser.fetch(`/api/guest/subscriber-count?channelId=${channel.id}`));
    expect(count.count).toBe(0);
    // Ended: it can be hidden from the list now, and subscribed again (a new term).
    expect(await json(await viewer.browser.json('/api/my/streams/subscriptions/remove', { channelIds: [channel.id] }, 'DELETE'))).toMatchObject({ removed: 1 });
    await fund(viewer.id, 20);
    expect(await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() }))).toMatchObject({ status: 1, balance: 0 });
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 1, term: 2, plan: 'month1' });
    await expectLedgerHolds();
  });

  it('cancelling renewal gives status 5 and history 2; the term runs out to 3 expired without a charge', async () => {
    const { viewer, channel } = await viewerAndChannel(100);
    const first = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }));
    const cancel = await viewer.browser.json('/api/my/subscriptions/cancel-renewal', { channelId: channel.id });
    expect(cancel.status).toBe(200);
    expect(await json(cancel)).toEqual({ channelId: channel.id, status: 5, expiresAt: first.expiresAt });
    await expectRefused(
      await viewer.browser.json('/api/my/subscriptions/cancel-renewal', { channelId: channel.id }, 'POST', { headers: { 'accept-language': 'th' } }),
      409,
      'ไม่มีการสมัครสมาชิกรายเดือนที่ต่ออายุอยู่สำหรับช่องนี้',
    );
    // Still running until it expires: counted, and no second subscription.
    expect((await json<{ count: number }>(await viewer.browser.fetch(`/api/guest/subscriber-count?channelId=${channel.id}`))).count).toBe(1);
    await expectRefused(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }), 409, 'You already subscribe to this channel.');

    await runCron(first.expiresAt + 1);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3, term: 1 });
    expect(await subMovements(viewer.id, channel.id)).toBe(1);
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(70);
    expect((await historyOf(env.DB, viewer.id, channel.id)).map((h) => [h.term, h.kind])).toEqual([[1, 2]]);
  });

  it('works through the due subscriptions page by page in one run', async () => {
    const { viewer, channel } = await viewerAndChannel(200);
    const second = await insertChannel({ ownerId: (await signedIn()).id });
    const a = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() }));
    await json<Subscribed>(await subscribe(viewer.browser, { channelId: second.id, plan: 'monthly', idempotencyKey: newKey() }));
    const report = await renewDueSubscriptions(env.DB, a.expiresAt + 60_000, 1);
    expect(report).toEqual({ renewed: 2, replayed: 0, failed: 0, expired: 0 });
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(80);
    await expectLedgerHolds();
  });

  it('a fixed plan lapses at its end, never renewed', async () => {
    const { viewer, channel } = await viewerAndChannel(100);
    const first = await json<Subscribed>(await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() }));
    await expectRefused(await viewer.browser.json('/api/my/subscriptions/cancel-renewal', { channelId: channel.id }), 409);
    await runCron(first.expiresAt);
    expect(await row(viewer.id, channel.id)).toMatchObject({ status: 3, term: 1 });
    expect(await memberBalance(env.DB, viewer.id, 'wallet')).toBe(70);
    await expectLedgerHolds();
  });
});

describe('the subscriber badge in chat', () => {
  /** The member's ticket from the API, then the socket, joined. */
  async function chatAs(browser: Browser, room: number) {
    const res = await browser.json('/api/chat/ticket', { room: String(room) });
    expect(res.status).toBe(200);
    const { ticket } = await json<ChatTicketResponse>(res);
    const up = await SELF.fetch(`http://flex.localhost:8787/chat/${room}?ticket=${encodeURIComponent(ticket)}`, { headers: { upgrade: 'websocket', origin: 'http://flex.localhost:8787' } });
    expect(up.status).toBe(101);
    const client = new ChatClient(up.webSocket!);
    client.send({ type: 'join', room: String(room), streamId: null, source: 'web' });
    await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
    return client;
  }

  it("comes from the server's knowledge: a subscriber's message carries it, another member's does not", async () => {
    const viewer = await signedIn();
    const other = await signedIn();
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    await fund(viewer.id, 30);
    expect((await subscribe(viewer.browser, { channelId: channel.id, plan: 'month1', idempotencyKey: newKey() })).status).toBe(200);

    const mine = await chatAs(viewer.browser, channel.id);
    const theirs = await chatAs(other.browser, channel.id);
    const said = await say(mine, 'subscriber here');
    expect(said).toMatchObject({ type: 'message', from: { loginId: viewer.loginId, subscriber: true } });
    const heard = await theirs.waitFor((f) => f.type === 'message' && f.text === 'subscriber here');
    expect(heard).toMatchObject({ from: { loginId: viewer.loginId, subscriber: true } });
    const plain = await say(theirs, 'not one');
    expect(plain).toMatchObject({ type: 'message', from: { loginId: other.loginId } });
    expect((plain as { from: { subscriber?: boolean } }).from.subscriber).toBeUndefined();
    mine.close();
    theirs.close();
  });
});
