import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditAccounts, memberBalance } from '../../src/db/ledger';
import { earningsOf, gift, move, subscriptionPayment, systemAccount } from '../../src/api/services/ledger';
import { EXCHANGE_EVENT_KEY } from '../../src/lib/exchange-event';
import type { ExchangeApplyResponse, ExchangeEvent, ExchangeNow, ExchangeRate, ExchangeStatus, ExchangeTotal } from '../../src/shared/exchange-schemas';
import type { MemberLevelInfo, RankingsResponse } from '../../src/shared/fan-schemas';
import { MEMBER_LEVELS } from '../../src/shared/member-levels';
import type { Browser } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, insertMember, json, liveChannel, signedIn } from './watch-fixtures';
import { ChatClient, say } from './chat-helpers';
import type { ChatTicketResponse } from '../../src/shared/chat-ticket-api';
import { expectLedgerHolds } from './ledger-audit';

// The exchange event (earnings -> wallet at the event's rate, within caps and a window), the member level and
// the rankings, through the real API. Ledger rows are immutable (never cleared): every test has its own
// members and its own event id.

beforeEach(clearWatchTables);

const MINUTE = 60_000;
let serial = 0;
const newKey = () => `x${Date.now()}${++serial}`.padEnd(8, '0');
const eventId = () => `ev-${Date.now()}-${++serial}`;

async function setEvent(e: Partial<ExchangeEvent> = {}): Promise<ExchangeEvent> {
  const event: ExchangeEvent = { id: eventId(), startsAt: Date.now() - MINUTE, endsAt: Date.now() + 60 * MINUTE, ratePermille: 1100, memberCap: 1000, totalCap: 100_000, ...e };
  await env.CONFIG.put(EXCHANGE_EVENT_KEY, JSON.stringify(event));
  return event;
}

/** Luv received, as if from gifts: pg_clearing -> the member's earnings (one movement). */
async function earn(memberId: number, amount: number) {
  const [pg, earnings] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), earningsOf(env.DB, memberId)]);
  await move(env.DB, {
    idempotencyKey: `test-earn:${newKey()}`,
    kind: 'purchase',
    legs: [
      { accountId: pg, amount: -amount },
      { accountId: earnings, amount },
    ],
  });
}

const apply = (browser: Browser, amount: number, idempotencyKey = newKey(), language = 'en') =>
  browser.json('/api/events/exchange/apply', { amount, idempotencyKey }, 'POST', { headers: { 'accept-language': language } });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const exchanges = async (memberId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_movements WHERE kind = 'exchange' AND idempotency_key LIKE ?").bind(`exchange:${memberId}:%`).first<{ n: number }>())!.n;

async function earner(luv: number) {
  const member = await signedIn();
  if (luv) await earn(member.id, luv);
  return member;
}

describe('the exchange event: reading it', () => {
  it('no event: status none, the rate and totals 404, apply refused (409) and nothing moves', async () => {
    await env.CONFIG.delete(EXCHANGE_EVENT_KEY);
    const m = await earner(100);
    expect(await json<ExchangeStatus>(await m.browser.fetch('/api/events/exchange/status'))).toMatchObject({ state: 'none', eventId: null, ratePermille: null });
    await expectRefused(await m.browser.fetch('/api/events/exchange/rate'), 404);
    await expectRefused(await m.browser.fetch('/api/events/exchange/amount/total'), 404);
    const res = await apply(m.browser, 50);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('EXCHANGE_CLOSED');
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(100);
  });

  it('status, rate, totals and the member amounts follow the event and its applies', async () => {
    const event = await setEvent({ ratePermille: 1100, memberCap: 300, totalCap: 5000 });
    const m = await earner(1000);
    expect(await json<ExchangeStatus>(await m.browser.fetch('/api/events/exchange/status'))).toMatchObject({ state: 'open', eventId: event.id, ratePermille: 1100, memberCap: 300, totalCap: 5000 });
    expect(await json<ExchangeRate>(await m.browser.fetch('/api/events/exchange/rate'))).toEqual({ eventId: event.id, ratePermille: 1100, rate: 1.1, rounding: 'down' });
    expect(await json<ExchangeNow>(await m.browser.fetch('/api/events/exchange/amount/now'))).toEqual({
      eventId: event.id,
      memberCap: 300,
      applied: 0,
      remaining: 300,
      earnings: 1000,
      available: 300,
    });
    expect((await apply(m.browser, 100)).status).toBe(200);
    expect(await json<ExchangeTotal>(await m.browser.fetch('/api/events/exchange/amount/total'))).toEqual({ eventId: event.id, totalCap: 5000, applied: 100, remaining: 4900 });
    expect(await json<ExchangeNow>(await m.browser.fetch('/api/events/exchange/amount/now'))).toEqual({
      eventId: event.id,
      memberCap: 300,
      applied: 100,
      remaining: 200,
      earnings: 900,
      available: 200,
    });
    // Guests may read the event, not their amounts.
    const { Browser } = await import('./helpers');
    expect((await new Browser().fetch('/api/events/exchange/status')).status).toBe(200);
    expect((await new Browser().fetch('/api/events/exchange/amount/now')).status).toBe(401);
  });
});

describe('POST /api/events/exchange/apply', () => {
  it('converts at the rate: 100 earnings -> 110 wallet, the 10 from promotions; the legs sum to zero', async () => {
    await setEvent({ ratePermille: 1100 });
    const m = await earner(500);
    const promotions = await systemAccount(env.DB, 'promotions');
    const before = (await auditAccounts(env.DB)).find((a) => a.id === promotions)?.balance ?? 0;
    const res = await apply(m.browser, 100);
    expect(res.status).toBe(200);
    const body = await json<ExchangeApplyResponse>(res);
    expect(body).toMatchObject({ amount: 100, credited: 110, ratePermille: 1100, wallet: 110, earnings: 400, applied: 100, remaining: 900, replayed: false });
    expect((await auditAccounts(env.DB)).find((a) => a.id === promotions)!.balance - before).toBe(-10);
    await expectLedgerHolds();
  });

  it('rounds down, never up: 15 at x1.1 is 16; 7 at x1.1 is 7 (no promotions leg); 3 at x0.5 is 1 (2 to promotions); 1 at x0.5 is refused', async () => {
    const m = await earner(100);
    await setEvent({ ratePermille: 1100 });
    expect((await json<ExchangeApplyResponse>(await apply(m.browser, 15))).credited).toBe(16);
    const seven = await json<ExchangeApplyResponse>(await apply(m.browser, 7));
    expect(seven.credited).toBe(7);
    const legs = await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE movement_id = ?').bind(seven.movementId).first<{ n: number }>();
    expect(legs!.n).toBe(2);
    await setEvent({ ratePermille: 500 });
    const promotions = await systemAccount(env.DB, 'promotions');
    const before = (await auditAccounts(env.DB)).find((a) => a.id === promotions)!.balance;
    expect((await json<ExchangeApplyResponse>(await apply(m.browser, 3))).credited).toBe(1);
    expect((await auditAccounts(env.DB)).find((a) => a.id === promotions)!.balance - before).toBe(2);
    const tiny = await apply(m.browser, 1, newKey(), 'ko');
    expect(tiny.status).toBe(400);
    expect(await codeOf(tiny)).toBe('EXCHANGE_TOO_SMALL');
    await setEvent({ ratePermille: 1234 });
    expect((await json<ExchangeApplyResponse>(await apply(m.browser, 50))).credited).toBe(61); // 61.7
    expect(await memberBalance(env.DB, m.id, 'wallet')).toBe(16 + 7 + 1 + 61);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(100 - 15 - 7 - 3 - 50);
    await expectLedgerHolds();
  });

  it('outside the window (before its start, after its end) is refused in the caller language and nothing moves', async () => {
    const m = await earner(100);
    await setEvent({ startsAt: Date.now() + 10 * MINUTE, endsAt: Date.now() + 20 * MINUTE });
    expect((await json<ExchangeStatus>(await m.browser.fetch('/api/events/exchange/status'))).state).toBe('upcoming');
    const early = await apply(m.browser, 10, newKey(), 'ko');
    expect(early.status).toBe(409);
    const body = (await early.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('EXCHANGE_CLOSED');
    expect(body.error.message).toBe('환전 이벤트 기간이 아닙니다. 시작부터 종료까지만 신청할 수 있습니다.');
    await setEvent({ startsAt: Date.now() - 20 * MINUTE, endsAt: Date.now() - MINUTE });
    expect((await json<ExchangeStatus>(await m.browser.fetch('/api/events/exchange/status'))).state).toBe('ended');
    expect(await codeOf(await apply(m.browser, 10))).toBe('EXCHANGE_CLOSED');
    expect(await exchanges(m.id)).toBe(0);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(100);
  });

  it('above the member cap, the total cap or the earnings: refused, nothing moves, the counters stay', async () => {
    const event = await setEvent({ memberCap: 100, totalCap: 150 });
    const a = await earner(1000);
    const b = await earner(30);
    expect(await codeOf(await apply(a.browser, 101))).toBe('EXCHANGE_MEMBER_CAP');
    expect((await apply(a.browser, 100)).status).toBe(200);
    expect(await codeOf(await apply(a.browser, 1))).toBe('EXCHANGE_MEMBER_CAP');
    expect(await codeOf(await apply(b.browser, 31))).toBe('INSUFFICIENT_LUV');
    await earn(b.id, 100);
    const over = await apply(b.browser, 51, newKey(), 'en');
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'EXCHANGE_TOTAL_CAP',
      message: 'This would go over what is left in the event. Check what is left and apply for less.',
    });
    expect((await apply(b.browser, 50)).status).toBe(200);
    expect(await json<ExchangeTotal>(await a.browser.fetch('/api/events/exchange/amount/total'))).toMatchObject({ eventId: event.id, applied: 150, remaining: 0 });
    expect(await exchanges(a.id)).toBe(1);
    expect(await exchanges(b.id)).toBe(1);
    expect(await memberBalance(env.DB, b.id, 'earnings')).toBe(80);
    await expectLedgerHolds();
  });

  it('a replayed key answers the first apply and moves nothing, even after the window closed or the rate changed; another amount is a conflict', async () => {
    await setEvent({ ratePermille: 1100 });
    const m = await earner(500);
    const key = newKey();
    const first = await json<ExchangeApplyResponse>(await apply(m.browser, 100, key));
    await setEvent({ ratePermille: 1500, startsAt: Date.now() - 20 * MINUTE, endsAt: Date.now() - MINUTE });
    const again = await apply(m.browser, 100, key);
    expect(again.status).toBe(200);
    expect(await json<ExchangeApplyResponse>(again)).toMatchObject({ movementId: first.movementId, amount: 100, credited: 110, ratePermille: 1100, replayed: true, wallet: 110, earnings: 400 });
    const other = await apply(m.browser, 99, key);
    expect(other.status).toBe(409);
    expect(await codeOf(other)).toBe('IDEMPOTENCY_CONFLICT');
    expect(await exchanges(m.id)).toBe(1);
  });

  it('the same key sent 10 times at once applies once', async () => {
    await setEvent();
    const m = await earner(500);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(m.browser, 100, key).then((r) => json<ExchangeApplyResponse>(r))));
    expect(new Set(answers.map((a) => a.movementId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
    expect(await exchanges(m.id)).toBe(1);
  });
});

describe('the caps under concurrency', () => {
  it('50 parallel applies of 30 against a member cap of 1,000: exactly 33 succeed (990), 17 are refused', { timeout: 60_000 }, async () => {
    const event = await setEvent({ memberCap: 1000, totalCap: 1_000_000 });
    const m = await earner(10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => apply(m.browser, 30)));
    const ok = results.filter((r) => r.status === 200).length;
    const codes = await Promise.all(results.filter((r) => r.status !== 200).map(codeOf));
    expect(ok).toBe(33);
    expect(codes).toEqual(Array(17).fill('EXCHANGE_MEMBER_CAP'));
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(10_000 - 990);
    expect(await memberBalance(env.DB, m.id, 'wallet')).toBe(33 * 33);
    expect(await json<ExchangeNow>(await m.browser.fetch('/api/events/exchange/amount/now'))).toMatchObject({ eventId: event.id, applied: 990, remaining: 10 });
    expect(await exchanges(m.id)).toBe(33);
    await expectLedgerHolds();
  });

  it('5 members x 10 parallel applies of 20 against a total cap of 700: exactly 35 succeed, the total is 700', { timeout: 60_000 }, async () => {
    const event = await setEvent({ memberCap: 1000, totalCap: 700 });
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await earner(1000)); // sign-ups one by one (each needs its own phone check)
    const results = await Promise.all(members.flatMap((m) => Array.from({ length: 10 }, () => apply(m.browser, 20))));
    const ok = results.filter((r) => r.status === 200).length;
    const codes = await Promise.all(results.filter((r) => r.status !== 200).map(codeOf));
    expect(ok).toBe(35);
    expect(codes).toEqual(Array(15).fill('EXCHANGE_TOTAL_CAP'));
    expect(await json<ExchangeTotal>(await members[0]!.browser.fetch('/api/events/exchange/amount/total'))).toMatchObject({ eventId: event.id, applied: 700, remaining: 0 });
    const moved = await Promise.all(members.map((m) => exchanges(m.id)));
    expect(moved.reduce((s, n) => s + n, 0)).toBe(35);
    const spent = await Promise.all(members.map(async (m) => 1000 - (await memberBalance(env.DB, m.id, 'earnings'))));
    expect(spent.reduce((s, n) => s + n, 0)).toBe(700);
    await expectLedgerHolds();
  });
});

describe('GET /api/my/member-level-info', () => {
  it('level 1 with nothing sent; gifts and subscriptions raise it at the thresholds; item-free and exchange-free', async () => {
    const m = await signedIn();
    expect(await json<MemberLevelInfo>(await m.browser.fetch('/api/my/member-level-info'))).toEqual({
      level: 1,
      icon: 'level-1',
      color: MEMBER_LEVELS[0]!.color,
      isMemberLevelIconEnabled: true,
      sent: 0,
      levelFrom: 0,
      nextLevelFrom: 100,
    });
    const creator = await insertMember();
    await earn(m.id, 5000); // luv received does not count: only luv sent
    const [pg, wallet] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), (await import('../../src/api/services/ledger')).walletOf(env.DB, m.id)]);
    await move(env.DB, {
      idempotencyKey: `test-buy:${newKey()}`,
      kind: 'purchase',
      legs: [
        { accountId: pg, amount: -5000 },
        { accountId: wallet, amount: 5000 },
      ],
    });
    await gift(env.DB, { from: m.id, to: creator.id, amount: 90, key: `test-gift:${newKey()}` });
    expect((await json<MemberLevelInfo>(await m.browser.fetch('/api/my/member-level-info'))).level).toBe(1);
    await subscriptionPayment(env.DB, { from: m.id, creator: creator.id, amount: 10, key: `test-sub:${newKey()}` });
    expect(await json<MemberLevelInfo>(await m.browser.fetch('/api/my/member-level-info'))).toMatchObject({ level: 2, icon: 'level-2', sent: 100, levelFrom: 100, nextLevelFrom: 300 });
    await gift(env.DB, { from: m.id, to: creator.id, amount: 900, key: `test-gift:${newKey()}` });
    expect(await json<MemberLevelInfo>(await m.browser.fetch('/api/my/member-level-info'))).toMatchObject({ level: 4, sent: 1000, nextLevelFrom: 3000 });
  });
});

describe('GET /api/my/rankings', () => {
  it("top senders and channels, the member's channel's fans, their place among each channel's fans, ties share a rank", async () => {
    const me = await signedIn();
    const myChannel = await insertChannel({ ownerId: me.id, title: 'my channel' });
    const c1 = await insertChannel({ title: 'one' });
    const c2 = await insertChannel({ title: 'two' });
    const [fanA, fanB] = [await insertMember(), await insertMember()];
    const walletFund = async (memberId: number, amount: number) => {
      const { walletOf } = await import('../../src/api/services/ledger');
      const [pg, wallet] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), walletOf(env.DB, memberId)]);
      await move(env.DB, {
        idempotencyKey: `test-buy:${newKey()}`,
        kind: 'purchase',
        legs: [
          { accountId: pg, amount: -amount },
          { accountId: wallet, amount },
        ],
      });
    };
    await Promise.all([walletFund(me.id, 10_000), walletFund(fanA.id, 10_000), walletFund(fanB.id, 10_000)]);
    const send = (from: number, to: number, amount: number) => gift(env.DB, { from, to, amount, key: `test-gift:${newKey()}` });
    await send(me.id, c1.ownerId, 300);
    await send(fanA.id, c1.ownerId, 500);
    await send(fanB.id, c1.ownerId, 300); // ties with me on c1
    await send(me.id, c2.ownerId, 50);
    await send(me.id, c2.ownerId, 50);
    await send(fanA.id, myChannel.ownerId, 700);
    await send(fanB.id, myChannel.ownerId, 200);

    const r = await json<RankingsResponse>(await me.browser.fetch('/api/my/rankings'));
    expect(r.period).toBe('week');
    // Other tests of this file sent gifts this week too: my rank is one more than the senders above me.
    expect(r.me.amount).toBe(400);
    expect(r.me.rank).toBe(r.topSenders.filter((s) => s.amount > 400).length + 1);
    const names = r.topSenders.map((s) => s.amount);
    expect(names).toEqual([...names].sort((a, b) => b - a));
    expect(r.topSenders.find((s) => s.loginId === me.loginId)).toMatchObject({ rank: r.me.rank, amount: 400, level: 3 });
    expect(r.myFanRanks.map((f) => [f.channelId, f.amount, f.rank, f.fans])).toEqual([
      [c1.id, 300, 2, 3],
      [c2.id, 100, 1, 1],
    ]);
    expect(r.myChannel).toEqual({
      channelId: myChannel.id,
      fans: [expect.objectContaining({ rank: 1, amount: 700, level: 4 }), expect.objectContaining({ rank: 2, amount: 200 })],
    });
    // Rankings over the whole ledger of this test file: ours are at least in the right order.
    const topIds = r.topChannels.map((c) => c.channelId);
    expect(topIds.indexOf(c1.id)).toBeLessThan(topIds.indexOf(myChannel.id));
    expect(topIds.indexOf(myChannel.id)).toBeLessThan(topIds.indexOf(c2.id));
    expect(r.topChannels.find((c) => c.channelId === c1.id)).toMatchObject({ title: 'one', amount: 1100 });

    const all = await json<RankingsResponse>(await me.browser.fetch('/api/my/rankings?period=all'));
    expect(all).toMatchObject({ period: 'all', since: 0, me: { amount: 400 } });
    const someoneElse = await signedIn();
    expect(await json<RankingsResponse>(await someoneElse.browser.fetch('/api/my/rankings?period=month'))).toMatchObject({ myChannel: null, myFanRanks: [], me: { amount: 0, rank: null } });
    await expectRefused(await me.browser.fetch('/api/my/rankings?period=year'), 400);
  });
});

describe('the level icon in chat', () => {
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

  it("a member's messages carry their level from luv sent, as the API knew when it signed the ticket", async () => {
    const fan = await signedIn();
    const newcomer = await signedIn();
    const channel = await liveChannel({});
    const { walletOf } = await import('../../src/api/services/ledger');
    const [pg, wallet] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), walletOf(env.DB, fan.id)]);
    await move(env.DB, {
      idempotencyKey: `test-buy:${newKey()}`,
      kind: 'purchase',
      legs: [
        { accountId: pg, amount: -300 },
        { accountId: wallet, amount: 300 },
      ],
    });
    await gift(env.DB, { from: fan.id, to: channel.ownerId, amount: 300, key: `test-gift:${newKey()}` });

    const mine = await chatAs(fan.browser, channel.id);
    const theirs = await chatAs(newcomer.browser, channel.id);
    expect(await say(mine, 'level three')).toMatchObject({ type: 'message', from: { loginId: fan.loginId, level: 3 } });
    expect(await theirs.waitFor((f) => f.type === 'message' && f.text === 'level three')).toMatchObject({ from: { level: 3 } });
    expect(await say(theirs, 'level one')).toMatchObject({ type: 'message', from: { loginId: newcomer.loginId, level: 1 } });
    mine.close();
    theirs.close();
  });
});

describe('a brand without the exchange event', () => {
  it('answers its exchange calls as not found, in the caller’s language, before the API', async () => {
    const { get } = await import('./helpers');
    expect((await get('/api/events/exchange/status')).status).toBe(200);
    for (const path of ['/api/events/exchange/status', '/api/events/exchange/rate', '/api/events/exchange/amount/now']) {
      const res = await get(path, { host: 'live.localhost', headers: { 'accept-language': 'ko' } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'FEATURE_OFF', message: '이 사이트에서는 사용할 수 없는 기능입니다.' } });
    }
  });
});
