import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { memberBalance } from '../../src/db/ledger';
import { creditPurchase, earningsOf, gift, move, systemAccount } from '../../src/api/services/ledger';
import { applyExchangeRequest } from '../../src/api/services/exchange';
import { withdrawEarnings } from '../../src/api/services/payouts';
import { reauthenticate } from '../../src/api/services/reauth';
import { DOUBLE_SUBMIT_WINDOW_MS, resolveRequestKey } from '../../src/lib/request-key';
import { EXCHANGE_EVENT_KEY } from '../../src/lib/exchange-event';
import type { ExchangeEvent } from '../../src/shared/exchange-schemas';
import type { Browser } from './helpers';
import { signedIn } from './watch-fixtures';

// The money calls' keys: the body's idempotencyKey, else the Idempotency-Key header, else a double submit of the same
// amount within the window is refused in words and moves luv once; after the window the same amount goes through.

let serial = 0;
const newKey = () => `k${Date.now()}${++serial}`.padEnd(8, '0');
const ACCOUNT = { bank_code: '088', bank_account: '110-123-456789', bank_holder_name: '김하늘' };

/** Wait until the window has at least 3 s left, so two calls made now fall in one window. */
async function earlyInWindow() {
  const left = DOUBLE_SUBMIT_WINDOW_MS - (Date.now() % DOUBLE_SUBMIT_WINDOW_MS);
  if (left < 3_000) await new Promise((r) => setTimeout(r, left + 50));
}

async function creator(luv: number) {
  const member = await signedIn();
  const viewer = await signedIn();
  await creditPurchase(env.DB, { memberId: viewer.id, amount: luv, key: `rk-buy:${newKey()}` });
  await gift(env.DB, { from: viewer.id, to: member.id, amount: luv, key: `rk-gift:${newKey()}` });
  expect((await member.browser.json('/api/my/reauth', { password: 'Passw0rd!' })).status).toBe(200);
  expect((await member.browser.json('/api/my/bank-account', ACCOUNT, 'PUT')).status).toBe(200);
  return member;
}

async function earner(luv: number) {
  const member = await signedIn();
  const [pg, earnings] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), earningsOf(env.DB, member.id)]);
  await move(env.DB, {
    idempotencyKey: `rk-earn:${newKey()}`,
    kind: 'purchase',
    legs: [
      { accountId: pg, amount: -luv },
      { accountId: earnings, amount: luv },
    ],
  });
  const event: ExchangeEvent = { id: `rk-${newKey()}`, startsAt: Date.now() - 60_000, endsAt: Date.now() + 3_600_000, ratePermille: 1000, memberCap: 100_000, totalCap: 10_000_000 };
  await env.CONFIG.put(EXCHANGE_EVENT_KEY, JSON.stringify(event));
  return member;
}

const calls = [
  { name: 'POST /api/luv/withdraw', path: '/api/luv/withdraw', member: creator, amount: 100 },
  { name: 'POST /api/events/exchange/apply', path: '/api/events/exchange/apply', member: earner, amount: 100 },
] as const;

const post = (browser: Browser, path: string, body: object, headers: Record<string, string> = {}) => browser.json(path, body, 'POST', { headers: { 'accept-language': 'en', ...headers } });

describe.each(calls)('$name keys', ({ path, member, amount }) => {
  it('the body key: a retry moves luv once and answers replayed', async () => {
    const m = await member(500);
    const key = newKey();
    expect((await post(m.browser, path, { amount, idempotencyKey: key })).status).toBe(200);
    const again = await post(m.browser, path, { amount, idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { replayed: boolean }).replayed).toBe(true);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
  });

  it('the Idempotency-Key header when the body has none: a retry moves luv once; a malformed one is refused', async () => {
    const m = await member(500);
    const key = newKey();
    expect((await post(m.browser, path, { amount }, { 'Idempotency-Key': key })).status).toBe(200);
    const again = await post(m.browser, path, { amount }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { replayed: boolean }).replayed).toBe(true);
    const bad = await post(m.browser, path, { amount }, { 'Idempotency-Key': 'no spaces allowed' });
    expect(bad.status).toBe(400);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
  });

  it('no key: a double submit within the window moves luv once and is refused in words', async () => {
    const m = await member(500);
    await earlyInWindow();
    expect((await post(m.browser, path, { amount })).status).toBe(200);
    const again = await post(m.browser, path, { amount });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'DOUBLE_SUBMIT', message: en.luv.errors.doubleSubmit } });
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
    // Another amount is another request.
    expect((await post(m.browser, path, { amount: amount + 1 })).status).toBe(200);
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400 - amount - 1);
  });
});

describe('no key: after the window the same amount goes through again', () => {
  const at = Math.floor(Date.now() / DOUBLE_SUBMIT_WINDOW_MS) * DOUBLE_SUBMIT_WINDOW_MS;
  // A login of the member's own (a family of its own), proved by the password as POST /api/my/reauth would.
  const sessionOf = async (m: { id: number }) => {
    const session = { memberId: m.id, loginId: '', familyId: `rk-${newKey()}` };
    await reauthenticate(env.DB, session, { password: 'Passw0rd!' }, `rk-${newKey()}`);
    return session;
  };

  it('withdraw', async () => {
    const m = await creator(500);
    const session = await sessionOf(m);
    await withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, at));
    await expect(withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, at + DOUBLE_SUBMIT_WINDOW_MS - 1))).rejects.toMatchObject({ code: 'DOUBLE_SUBMIT' });
    await withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, at + DOUBLE_SUBMIT_WINDOW_MS));
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(300);
  });

  it('exchange apply', async () => {
    const m = await earner(500);
    await applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, at));
    await expect(applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, at + 1))).rejects.toMatchObject({ code: 'DOUBLE_SUBMIT' });
    await applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, at + DOUBLE_SUBMIT_WINDOW_MS));
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(300);
  });
});

describe('no key: two submits a moment apart across a bucket boundary are still one', () => {
  // The last half second of one bucket and the first of the next: two keys, one submit.
  const boundary = (Math.floor(Date.now() / DOUBLE_SUBMIT_WINDOW_MS) + 1) * DOUBLE_SUBMIT_WINDOW_MS;
  const before = boundary - 500;
  const after = boundary + 500;
  const sessionOf = async (m: { id: number }) => {
    const session = { memberId: m.id, loginId: '', familyId: `rk-${newKey()}` };
    await reauthenticate(env.DB, session, { password: 'Passw0rd!' }, `rk-${newKey()}`);
    return session;
  };

  it('withdraw', async () => {
    const m = await creator(500);
    const session = await sessionOf(m);
    expect(resolveRequestKey(undefined, undefined, 100, before).idempotencyKey).not.toBe(resolveRequestKey(undefined, undefined, 100, after).idempotencyKey);
    await withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, before));
    await expect(withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, after))).rejects.toMatchObject({ status: 409, code: 'DOUBLE_SUBMIT' });
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
    // A full window after the first, the same amount is a new request.
    await withdrawEarnings(env.DB, session, 100, resolveRequestKey(undefined, undefined, 100, before + DOUBLE_SUBMIT_WINDOW_MS));
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(300);
  });

  it('exchange apply', async () => {
    const m = await earner(500);
    await applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, before));
    await expect(applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, after))).rejects.toMatchObject({ status: 409, code: 'DOUBLE_SUBMIT' });
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(400);
  });

  it('a refused submit gives its claim back: the same amount goes through once the refusal is mended', async () => {
    const m = await earner(50);
    await expect(applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, before))).rejects.not.toMatchObject({ code: 'DOUBLE_SUBMIT' });
    await move(env.DB, {
      idempotencyKey: `rk-earn:${newKey()}`,
      kind: 'purchase',
      legs: [
        { accountId: await systemAccount(env.DB, 'pg_clearing'), amount: -100 },
        { accountId: await earningsOf(env.DB, m.id), amount: 100 },
      ],
    });
    await applyExchangeRequest(env, m.id, 100, resolveRequestKey(undefined, undefined, 100, after));
    expect(await memberBalance(env.DB, m.id, 'earnings')).toBe(50);
  });
});
