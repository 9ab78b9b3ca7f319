// Coupons (migration 0009, POST /api/shoppings/useCoupon): a grant from the promotions pool, once per
// member and at most max_redemptions times, through the real API. Every refusal changes nothing: the ledger
// still holds (sum zero, balances equal entries) and the coupon rows are as they were.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ja from '../../locales/ja.json';
import ko from '../../locales/ko.json';
import th from '../../locales/th.json';
import zh from '../../locales/zh.json';
import { redemptionStatements } from '../../src/db/coupons';
import { auditAccounts } from '../../src/db/ledger';
import { couponGrant } from '../../src/api/services/ledger';
import { normalizeCouponCode } from '../../src/api/services/coupons';
import type { CouponResponse } from '../../src/shared/shop-schemas';
import { Browser, setFlags } from './helpers';
import { json, signedIn } from './watch-fixtures';

const LOCALES = { ko, en, zh, ja, th };
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

let minted = 0;
/** A coupon row as `npm run ops -- coupon` writes it; expiresIn in seconds (negative: expired). */
async function mint(o: { luv?: number; uses?: number; expiresIn?: number } = {}) {
  minted += 1;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => ALPHABET[b % ALPHABET.length]).join('');
  const code = `${random}${minted}`.slice(0, 12).padEnd(12, 'A');
  const row = await env.DB.prepare('INSERT INTO coupons (code, luv, expires_at, max_redemptions) VALUES (?, ?, unixepoch() + ?, ?) RETURNING id')
    .bind(code, o.luv ?? 500, o.expiresIn ?? 86_400, o.uses ?? 1)
    .first<{ id: number }>();
  return { id: row!.id, code, typed: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`, luv: o.luv ?? 500 };
}

const use = (browser: Browser, body: unknown, headers: Record<string, string> = {}) =>
  browser.fetch('/api/shoppings/useCoupon', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const wallet = async (browser: Browser) => ((await (await browser.fetch('/api/luv/luv-sum')).json()) as { balance: number }).balance;

/** Everything a coupon use may write: the ledger (with its audit), the coupons and their redemptions. */
async function state() {
  const [accounts, movements, coupons, redemptions] = await Promise.all([
    auditAccounts(env.DB),
    env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements').first<{ n: number }>(),
    env.DB.prepare('SELECT id, code, luv, expires_at, max_redemptions, redeemed_count FROM coupons ORDER BY id').all(),
    env.DB.prepare('SELECT coupon_id, member_id FROM coupon_redemptions ORDER BY id').all(),
  ]);
  for (const a of accounts) {
    expect(a.balance, `account ${a.id}`).toBe(a.entrySum);
    if (a.kind === 'wallet' || a.kind === 'earnings') expect(a.balance).toBeGreaterThanOrEqual(0);
  }
  expect(accounts.reduce((sum, a) => sum + a.balance, 0)).toBe(0);
  // An account opened empty by a refused attempt is no change: compare balances that are not zero.
  const balances = accounts.filter((a) => a.balance !== 0).map((a) => [a.id, a.balance]);
  return { balances, movements: movements!.n, coupons: coupons.results, redemptions: redemptions.results };
}

async function couponRow(id: number) {
  return env.DB.prepare('SELECT redeemed_count AS redeemed, (SELECT COUNT(*) FROM coupon_redemptions WHERE coupon_id = ?1) AS rows FROM coupons WHERE id = ?1')
    .bind(id)
    .first<{ redeemed: number; rows: number }>();
}

describe('POST /api/shoppings/useCoupon', () => {
  it('grants the luv from the promotions pool, matching the code without case, dashes or spaces', async () => {
    const member = await signedIn();
    const coupon = await mint({ luv: 700 });
    const promotionsBefore = (await auditAccounts(env.DB)).find((a) => a.kind === 'promotions')?.balance ?? 0;
    const res = await use(member.browser, { couponNumber: `  ${coupon.typed.toLowerCase().replace('-', ' - ')} ` });
    expect(res.status).toBe(200);
    expect(await json<CouponResponse>(res)).toEqual({ luv: 700, balance: 700 });
    expect(await wallet(member.browser)).toBe(700);
    expect(await couponRow(coupon.id)).toEqual({ redeemed: 1, rows: 1 });
    const after = await state();
    expect(after.balances).toContainEqual([expect.any(Number), 700]);
    expect((await auditAccounts(env.DB)).find((a) => a.kind === 'promotions')!.balance).toBe(promotionsBefore - 700);
    const movement = await env.DB.prepare('SELECT kind FROM ledger_movements WHERE idempotency_key = ?').bind(`coupon:${coupon.id}:${member.id}`).first<{ kind: string }>();
    expect(movement).toEqual({ kind: 'coupon' });
  });

  it('normalizes typed codes: full-width letters, lower case, dashes and spaces', () => {
    expect(normalizeCouponCode(' abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(normalizeCouponCode('ＡＢＣＤ－２３４５')).toBe('ABCD2345');
  });

  it('refuses a second use by the same member, and a single-use code to another member; nothing changes', async () => {
    const [first, second] = [await signedIn(), await signedIn()];
    const coupon = await mint({ luv: 300 });
    expect((await use(first.browser, { couponNumber: coupon.code })).status).toBe(200);
    const before = await state();

    const again = await use(first.browser, { couponNumber: coupon.typed });
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('COUPON_ALREADY_USED');
    const other = await use(second.browser, { couponNumber: coupon.typed });
    expect(other.status).toBe(409);
    expect(await codeOf(other)).toBe('COUPON_EXHAUSTED');

    expect(await state()).toEqual(before);
    expect(await wallet(first.browser)).toBe(300);
    expect(await wallet(second.browser)).toBe(0);
  });

  it('lets a coupon minted for 3 uses be used by 3 members, once each', async () => {
    const members = [await signedIn(), await signedIn(), await signedIn(), await signedIn()];
    const coupon = await mint({ luv: 40, uses: 3 });
    for (const m of members.slice(0, 3)) expect(await json<CouponResponse>(await use(m.browser, { couponNumber: coupon.typed }))).toEqual({ luv: 40, balance: 40 });
    expect(await codeOf(await use(members[0]!.browser, { couponNumber: coupon.typed }))).toBe('COUPON_ALREADY_USED');
    const before = await state();
    const fourth = await use(members[3]!.browser, { couponNumber: coupon.typed });
    expect(fourth.status).toBe(409);
    expect(await codeOf(fourth)).toBe('COUPON_EXHAUSTED');
    expect(await state()).toEqual(before);
    expect(await couponRow(coupon.id)).toEqual({ redeemed: 3, rows: 3 });
  });

  it('refuses an unknown and an expired code, in each of the five languages, and changes nothing', async () => {
    const member = await signedIn();
    const expired = await mint({ expiresIn: -1 });
    const before = await state();
    for (const [locale, messages] of Object.entries(LOCALES)) {
      const unknown = await use(member.browser, { couponNumber: 'ZZZZ-ZZZZ-ZZZZ' }, { 'accept-language': locale });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: { code: 'COUPON_NOT_FOUND', message: messages.coupon.errors.notFound } });
      const late = await use(member.browser, { couponNumber: expired.typed }, { 'accept-language': locale });
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({ error: { code: 'COUPON_EXPIRED', message: messages.coupon.errors.expired } });
    }
    // The messages differ by language (a missing translation would repeat another's).
    expect(new Set(Object.values(LOCALES).map((m) => m.coupon.errors.expired)).size).toBe(5);
    // Codes that normalize to nothing, or to characters no code has, are unknown too.
    for (const couponNumber of ['----', '쿠폰쿠폰', 'abc']) expect((await use(member.browser, { couponNumber })).status).toBe(404);
    expect(await state()).toEqual(before);
    expect(await wallet(member.browser)).toBe(0);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const member = await signedIn();
    const coupon = await mint();
    const before = await state();
    for (const body of [
      {},
      { couponNumber: '' },
      { couponNumber: '   ' },
      { couponNumber: 'A'.repeat(41) },
      { couponNumber: 123 },
      { couponNumber: null },
      { couponNumber: [coupon.code] },
      { couponNumber: coupon.code, extra: 1 },
      'x',
      null,
    ]) {
      const res = await use(member.browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await codeOf(res)).toBe('BAD_REQUEST');
    }
    const notJson = await member.browser.fetch('/api/shoppings/useCoupon', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"couponNumber":' });
    expect(notJson.status).toBe(400);
    expect(await state()).toEqual(before);
    expect(await couponRow(coupon.id)).toEqual({ redeemed: 0, rows: 0 });
  });

  it('refuses a coupon while maintenance is on (503) and changes nothing', async () => {
    const member = await signedIn();
    const coupon = await mint();
    const before = await state();
    await setFlags({ maintenance: true, emergency: false });
    try {
      expect((await use(member.browser, { couponNumber: coupon.code })).status).toBe(503);
    } finally {
      await setFlags({ maintenance: false, emergency: false });
    }
    expect(await state()).toEqual(before);
    expect((await use(member.browser, { couponNumber: coupon.code })).status).toBe(200);
  });

  it('answers a guest 401 and changes nothing', async () => {
    const coupon = await mint();
    const before = await state();
    expect((await use(new Browser(), { couponNumber: coupon.code })).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});

describe('a coupon used twice in parallel', () => {
  it('applies once for the same member sending it 5 times at once', async () => {
    const member = await signedIn();
    const coupon = await mint({ luv: 250, uses: 10 });
    const movementsBefore = (await state()).movements;
    const answers = await Promise.all(Array.from({ length: 5 }, () => use(member.browser, { couponNumber: coupon.typed })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(await codeOf(r)).toBe('COUPON_ALREADY_USED');
    expect(await wallet(member.browser)).toBe(250);
    expect(await couponRow(coupon.id)).toEqual({ redeemed: 1, rows: 1 });
    expect((await state()).movements).toBe(movementsBefore + 1);
  });

  it('applies once for two members on a single-use code at once (10 codes)', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const movementsBefore = (await state()).movements;
    for (let round = 0; round < 10; round++) {
      const coupon = await mint({ luv: 10 });
      const answers = await Promise.all([use(a.browser, { couponNumber: coupon.typed }), use(b.browser, { couponNumber: coupon.typed })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await codeOf(answers.find((r) => r.status === 409)!)).toBe('COUPON_EXHAUSTED');
      expect(await couponRow(coupon.id)).toEqual({ redeemed: 1, rows: 1 });
    }
    expect((await wallet(a.browser)) + (await wallet(b.browser))).toBe(100);
    expect((await state()).movements).toBe(movementsBefore + 10);
  });
});

describe("the redemption's statements in the grant's batch", () => {
  // The checks before the batch are only for the message: these are the races they cannot see (a use that
  // commits between the read and the batch, a coupon that expires meanwhile). Each statement must throw.
  const grant = (coupon: { id: number; luv: number }, memberId: number, key = `coupon:${coupon.id}:${memberId}`) =>
    couponGrant(env.DB, { memberId, amount: coupon.luv, key, alongside: redemptionStatements(env.DB, coupon.id, memberId) });

  it('throws for an expired coupon, a used-up one and a second use under another key; nothing is written', async () => {
    const [m1, m2] = [await signedIn(), await signedIn()];
    const expired = await mint({ expiresIn: -1 });
    const single = await mint();
    expect((await grant(single, m1.id)).status).toBe('applied');
    const before = await state();
    await expect(grant(expired, m1.id)).rejects.toThrow(/coupon_expired/);
    await expect(grant(single, m2.id)).rejects.toThrow(/coupon_exhausted/);
    await expect(grant(single, m1.id, `coupon-other-key:${single.id}:${m1.id}`)).rejects.toThrow(/coupon_redemptions\.coupon_id/);
    await expect(grant({ id: 999_999_999, luv: 5 }, m1.id)).rejects.toThrow(/coupon_expired/);
    expect(await state()).toEqual(before);
  });
});
