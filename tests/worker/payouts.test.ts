import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import { memberBalance } from '../../src/db/ledger';
import { creditPurchase, gift } from '../../src/api/services/ledger';
import { cancelWithdrawal, decideWithdrawal, requestWithdrawal, setBankAccount } from '../../src/api/services/payouts';
import { Refusal } from '../../src/lib/errors';
import { BANK_CODES, PAYOUT_MIN_LUV, payoutQuote } from '../../src/shared/payout-rules';
import type { BankListResponse, StaffWithdrawListResponse, StaffWithdrawResponse, WithdrawCancelResponse, WithdrawListResponse, WithdrawResponse } from '../../src/shared/payout-schemas';
import { Browser } from './helpers';
import type { ChannelListItem, ListResponse } from '../../src/shared/streams-api';
import { expectRefused, insertChannel, json, signedIn } from './watch-fixtures';
import { expectLedgerHolds } from './ledger-audit';

// Creator payouts through the real API (and the real proxy): the bank account, requests, the creator's
// cancel, the operators' approve / pay / reject, and every refusal leaving the ledger as it was.
// Ledger rows are immutable (never cleared): every test works with members of its own.

let keys = 0;
const newKey = () => `p${Date.now()}${++keys}`.padEnd(8, '0');
const ACCOUNT = { bank_code: '088', bank_account: '110-123-456789', bank_holder_name: '김하늘' };

const systemBalance = async (kind: 'pg_clearing' | 'platform_revenue') =>
  (await env.DB.prepare('SELECT COALESCE(SUM(balance), 0) AS b FROM ledger_accounts WHERE kind = ?').bind(kind).first<{ b: number }>())!.b;
const payoutRows = async (memberId: number) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM payouts WHERE member_id = ?').bind(memberId).first<{ n: number }>())!.n;
const balances = async (memberId: number) => ({ earnings: await memberBalance(env.DB, memberId, 'earnings'), pending: await memberBalance(env.DB, memberId, 'payout_pending') });

/** The fresh proof the bank account and withdrawals ask for (the password of signUpMember). */
const prove = async (browser: Browser) => expect((await browser.json('/api/my/reauth', { password: 'Passw0rd!' })).status).toBe(200);

/** A creator whose earnings are `luv` (a viewer bought them and gave them), signed in, with a bank account unless told not to. */
async function creatorWith(luv: number, { bank = true } = {}) {
  const creator = await signedIn();
  const viewer = await signedIn();
  if (luv > 0) {
    await creditPurchase(env.DB, { memberId: viewer.id, amount: luv, key: `payout-test-buy:${newKey()}` });
    await gift(env.DB, { from: viewer.id, to: creator.id, amount: luv, key: `payout-test-gift:${newKey()}` });
  }
  await prove(creator.browser);
  if (bank) expect((await creator.browser.json('/api/my/bank-account', ACCOUNT, 'PUT')).status).toBe(200);
  return creator;
}

const withdraw = (browser: Browser, amount: number, key = newKey(), language = 'ko') =>
  browser.json('/api/luv/withdraw', { amount, idempotencyKey: key }, 'POST', { headers: { 'accept-language': language } });
const cancel = (browser: Browser, id: number, language = 'ko') => browser.fetch(`/api/luv/withdraw-cancel?withdrawId=${id}`, { headers: { 'accept-language': language } });

async function staff() {
  const operator = await signedIn();
  await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(operator.id).run();
  return operator;
}
const decide = (browser: Browser, id: number, action: 'approve' | 'pay' | 'reject') => browser.json(`/api/admin/payouts/${id}/${action}`, {});

describe('payout figures (src/shared/payout-rules.ts)', () => {
  it('100 luv: 10,000 KRW, a 20% fee, 3% + 0.3% withheld from the income, each truncated to 10 won', () => {
    expect(payoutQuote(100)).toEqual({ luv: 100, grossKrw: 10_000, feeLuv: 20, feeKrw: 2_000, incomeKrw: 8_000, incomeTaxKrw: 240, localTaxKrw: 20, withholdingKrw: 260, netKrw: 7_740 });
    // 987,600 KRW of income: 29,628 -> 29,620 income tax; 2,962 -> 2,960 local tax.
    expect(payoutQuote(12_345)).toEqual({
      luv: 12_345,
      grossKrw: 1_234_500,
      feeLuv: 2_469,
      feeKrw: 246_900,
      incomeKrw: 987_600,
      incomeTaxKrw: 29_620,
      localTaxKrw: 2_960,
      withholdingKrw: 32_580,
      netKrw: 955_020,
    });
    for (const luv of [100, 101, 103, 999, 77_777]) {
      const q = payoutQuote(luv);
      expect(q.netKrw + q.withholdingKrw + q.feeKrw).toBe(q.grossKrw);
      expect(q.incomeTaxKrw % 10).toBe(0);
      expect(q.localTaxKrw % 10).toBe(0);
    }
  });

  it('GET /api/luv/withdraw-rules gives the rules and the figures of an amount', async () => {
    const { browser } = await signedIn();
    const rules = await json<{ minLuv: number; feePercent: number; quote: unknown }>(await browser.fetch('/api/luv/withdraw-rules?amount=100'));
    expect(rules).toMatchObject({ minLuv: PAYOUT_MIN_LUV, feePercent: 20, krwPerLuv: 100, incomeTaxPercent: 3, localTaxPercentOfIncomeTax: 10, quote: payoutQuote(100) });
    await expectRefused(await browser.fetch('/api/luv/withdraw-rules?amount=-5'), 400);
  });
});

describe('bank account and banks', () => {
  it('lists the banks in the caller’s language, and stores the account; bad fields are refused and change nothing', async () => {
    const { browser } = await signedIn();
    await prove(browser);
    const banks = await json<BankListResponse>(await browser.fetch('/api/my/banks', { headers: { 'accept-language': 'ko' } }));
    expect(banks.items).toHaveLength(BANK_CODES.length);
    expect(banks.items).toContainEqual({ code: '088', name: ko.payout.banks['088'] });
    const english = await json<BankListResponse>(await browser.fetch('/api/my/banks', { headers: { 'accept-language': 'en' } }));
    expect(english.items).toContainEqual({ code: '090', name: en.payout.banks['090'] });

    expect(await json(await browser.fetch('/api/my/bank-account'))).toEqual({ account: null });
    for (const bad of [{ ...ACCOUNT, bank_code: '999' }, { ...ACCOUNT, bank_account: '12ab45678' }, { ...ACCOUNT, bank_holder_name: '  ' }, { bank_code: '088' }]) {
      await expectRefused(await browser.json('/api/my/bank-account', bad, 'PUT'), 400);
    }
    expect(await json(await browser.fetch('/api/my/bank-account'))).toEqual({ account: null });
    const saved = await browser.json('/api/my/bank-account', { ...ACCOUNT, bank_holder_name: ' 김하늘 ' }, 'PUT');
    expect(await json(saved)).toEqual({ account: ACCOUNT });
    expect(await json(await browser.fetch('/api/my/bank-account'))).toEqual({ account: ACCOUNT });
  });

  it('guests get 401', async () => {
    const { Browser } = await import('./helpers');
    const guest = new Browser();
    expect((await guest.fetch('/api/my/banks')).status).toBe(401);
    expect((await guest.json('/api/luv/withdraw', { amount: 100, idempotencyKey: newKey() })).status).toBe(401);
  });
});

describe('POST /api/luv/withdraw', () => {
  it('moves the luv from earnings to pending, records the request with its figures and bank account, and replays a retry', async () => {
    const creator = await creatorWith(500);
    const key = newKey();
    const res = await withdraw(creator.browser, 300, key);
    expect(res.status).toBe(200);
    const body = await json<WithdrawResponse>(res);
    expect(body).toMatchObject({ earnings: 200, replayed: false });
    expect(body.withdrawal).toMatchObject({
      ...payoutQuote(300),
      status: 'requested',
      bankCode: '088',
      bankAccount: ACCOUNT.bank_account,
      bankHolderName: ACCOUNT.bank_holder_name,
      cancellable: true,
      paidAt: null,
    });
    expect(await balances(creator.id)).toEqual({ earnings: 200, pending: 300 });

    // The same key again: the same request, nothing more moves. The same key with another amount: refused.
    const again = await json<WithdrawResponse>(await withdraw(creator.browser, 300, key));
    expect(again).toMatchObject({ replayed: true, earnings: 200, withdrawal: { withdrawId: body.withdrawal.withdrawId } });
    await expectRefused(await withdraw(creator.browser, 100, key), 409);
    expect(await balances(creator.id)).toEqual({ earnings: 200, pending: 300 });
    expect(await payoutRows(creator.id)).toBe(1);

    const list = await json<WithdrawListResponse>(await creator.browser.fetch('/api/luv/withdraw-list?limit=5'));
    expect(list).toMatchObject({ total: 1, limit: 5, offset: 0, earnings: 200, pending: 300 });
    expect(list.items.map((w) => [w.withdrawId, w.status, w.luv, w.netKrw])).toEqual([[body.withdrawal.withdrawId, 'requested', 300, payoutQuote(300).netKrw]]);
    await expectLedgerHolds();
  });

  it('refuses, with a clear message and nothing moved: no bank account, below the minimum, more than earned', async () => {
    const noBank = await creatorWith(500, { bank: false });
    await expectRefused(await withdraw(noBank.browser, 200), 409, ko.payout.errors.noBankAccount);
    await expectRefused(await withdraw(noBank.browser, 200, newKey(), 'en'), 409, en.payout.errors.noBankAccount);
    expect(await balances(noBank.id)).toEqual({ earnings: 500, pending: 0 });

    const creator = await creatorWith(500);
    await expectRefused(await withdraw(creator.browser, PAYOUT_MIN_LUV - 1), 400, ko.payout.errors.belowMinimum);
    await expectRefused(await withdraw(creator.browser, 501), 409, ko.payout.errors.insufficient);
    await expectRefused(await withdraw(creator.browser, 501, newKey(), 'en'), 409, en.payout.errors.insufficient);
    for (const bad of [{ amount: 0 }, { amount: 1.5 }, { amount: '200' }, { amount: 200, idempotencyKey: 'x' }, { amount: 200, idempotencyKey: newKey(), extra: 1 }]) {
      await expectRefused(await creator.browser.json('/api/luv/withdraw', { idempotencyKey: newKey(), ...bad }), 400);
    }
    expect(await balances(creator.id)).toEqual({ earnings: 500, pending: 0 });
    expect((await payoutRows(creator.id)) + (await payoutRows(noBank.id))).toBe(0);
    await expectLedgerHolds();
  });

  it('100 withdrawals at once that together exceed the earnings: exactly the ones that fit go through, and the sum is kept', async () => {
    const creator = await creatorWith(1_050);
    const answers = await Promise.all(Array.from({ length: 100 }, () => withdraw(creator.browser, 100)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    for (const r of answers.filter((a) => a.status === 409)) expect(((await r.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_EARNINGS');
    expect(await balances(creator.id)).toEqual({ earnings: 50, pending: 1_000 });
    expect(await payoutRows(creator.id)).toBe(10);
    await expectLedgerHolds();
  }, 30_000);
});

describe('GET /api/luv/withdraw-cancel', () => {
  it('the creator cancels a request: the luv is back in earnings; again answers the same and moves nothing', async () => {
    const creator = await creatorWith(400);
    const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 400));
    const res = await cancel(creator.browser, withdrawal.withdrawId);
    expect(res.status).toBe(200);
    expect(await json<WithdrawCancelResponse>(res)).toMatchObject({ earnings: 400, withdrawal: { withdrawId: withdrawal.withdrawId, status: 'cancelled', cancellable: false } });
    expect(await balances(creator.id)).toEqual({ earnings: 400, pending: 0 });
    expect((await cancel(creator.browser, withdrawal.withdrawId)).status).toBe(200);
    expect(await balances(creator.id)).toEqual({ earnings: 400, pending: 0 });
    const moves = await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements WHERE idempotency_key = ?').bind(`payout:${withdrawal.withdrawId}:cancel`).first<{ n: number }>();
    expect(moves!.n).toBe(1);
    await expectLedgerHolds();
  });

  it("someone else's withdrawal, or one that does not exist, is not found; nothing moves", async () => {
    const creator = await creatorWith(300);
    const other = await creatorWith(0);
    const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 300));
    await expectRefused(await cancel(other.browser, withdrawal.withdrawId), 404, ko.payout.errors.notFound);
    await expectRefused(await cancel(other.browser, withdrawal.withdrawId, 'en'), 404, en.payout.errors.notFound);
    await expectRefused(await cancel(creator.browser, withdrawal.withdrawId + 1_000_000), 404);
    await expectRefused(await creator.browser.fetch('/api/luv/withdraw-cancel?withdrawId=abc'), 400);
    // A link on another site that a browser follows with the creator's cookies: refused.
    await expectRefused(await creator.browser.fetch(`/api/luv/withdraw-cancel?withdrawId=${withdrawal.withdrawId}`, { headers: { 'sec-fetch-site': 'cross-site' } }), 403, ko.payout.errors.crossSite);
    expect(await balances(creator.id)).toEqual({ earnings: 0, pending: 300 });
    expect((await json<WithdrawListResponse>(await creator.browser.fetch('/api/luv/withdraw-list'))).items[0]!.status).toBe('requested');
  });
});

describe('operators: /api/admin/payouts (and so npm run ops -- payout)', () => {
  it('approve then pay: the luv leaves pending, the fee to platform revenue and the rest to PG clearing; a repeat is a replay', async () => {
    const operator = await staff();
    const creator = await creatorWith(1_000);
    const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 1_000));
    const [clearing, revenue] = [await systemBalance('pg_clearing'), await systemBalance('platform_revenue')];

    // Paying before approving is out of order.
    await expectRefused(await decide(operator.browser, withdrawal.withdrawId, 'pay'), 409);
    const approved = await json<StaffWithdrawResponse>(await decide(operator.browser, withdrawal.withdrawId, 'approve'));
    expect(approved.withdrawal).toMatchObject({ status: 'approved', loginId: creator.loginId, memberId: creator.id });
    expect(typeof approved.withdrawal.decidedAt).toBe('number');
    // Once approved the creator can no longer cancel it.
    await expectRefused(await cancel(creator.browser, withdrawal.withdrawId), 409, ko.payout.errors.wrongState);

    const paid = await json<StaffWithdrawResponse>(await decide(operator.browser, withdrawal.withdrawId, 'pay'));
    expect(paid).toMatchObject({ replayed: false, withdrawal: { status: 'paid' } });
    expect(await balances(creator.id)).toEqual({ earnings: 0, pending: 0 });
    expect((await systemBalance('platform_revenue')) - revenue).toBe(200);
    expect((await systemBalance('pg_clearing')) - clearing).toBe(800);
    expect(await json<StaffWithdrawResponse>(await decide(operator.browser, withdrawal.withdrawId, 'pay'))).toMatchObject({ replayed: true, withdrawal: { status: 'paid' } });
    await expectRefused(await decide(operator.browser, withdrawal.withdrawId, 'reject'), 409);
    expect((await systemBalance('pg_clearing')) - clearing).toBe(800);

    const queue = await json<{ items: { withdrawId: number }[] }>(await operator.browser.fetch('/api/admin/payouts?status=paid&limit=100'));
    expect(queue.items.map((w) => w.withdrawId)).toContain(withdrawal.withdrawId);
    await expectLedgerHolds();
  });

  it('reject gives the luv back; nothing can follow it; a cancel racing a reject lets one through and returns the luv once', async () => {
    const operator = await staff();
    const creator = await creatorWith(800);
    const first = (await json<WithdrawResponse>(await withdraw(creator.browser, 300))).withdrawal;
    const rejected = await json<StaffWithdrawResponse>(await decide(operator.browser, first.withdrawId, 'reject'));
    expect(rejected.withdrawal.status).toBe('rejected');
    expect(await balances(creator.id)).toEqual({ earnings: 800, pending: 0 });
    for (const action of ['approve', 'pay'] as const) await expectRefused(await decide(operator.browser, first.withdrawId, action), 409);
    await expectRefused(await cancel(creator.browser, first.withdrawId), 409);

    // Another request stays pending, so a second return of the same luv would find enough in payout_pending:
    // only the withdrawal's state (its trigger) can stop it.
    expect((await withdraw(creator.browser, 300)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 200));
      const [c, r] = await Promise.all([cancel(creator.browser, withdrawal.withdrawId), decide(operator.browser, withdrawal.withdrawId, 'reject')]);
      expect([c.status, r.status].sort()).toEqual([200, 409]);
      expect(await balances(creator.id)).toEqual({ earnings: 500, pending: 300 });
    }
    expect(await decide(operator.browser, 999_999_999, 'approve').then((r) => r.status)).toBe(404);
    await expectLedgerHolds();
  });

  it('members who are not staff get 403 and guests 401; nothing changes', async () => {
    const creator = await creatorWith(300);
    const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 300));
    for (const action of ['approve', 'pay', 'reject'] as const) await expectRefused(await decide(creator.browser, withdrawal.withdrawId, action), 403);
    expect((await creator.browser.fetch('/api/admin/payouts')).status).toBe(403);
    expect(await balances(creator.id)).toEqual({ earnings: 0, pending: 300 });
  });

  it('the table itself refuses a state change out of order and a change of the figures', async () => {
    const creator = await creatorWith(300);
    const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, 300));
    const set = (sql: string) => env.DB.prepare(sql).bind(withdrawal.withdrawId).run();
    await expect(set("UPDATE payouts SET status = 'paid' WHERE id = ?")).rejects.toThrow(/payout status out of order/);
    await expect(set('UPDATE payouts SET luv = 1 WHERE id = ?')).rejects.toThrow(/immutable/);
    await expect(set('DELETE FROM payouts WHERE id = ?')).rejects.toThrow(/never deleted/);
  });
});

describe('the staff list (what /staff/payouts shows): GET /api/admin/payouts', () => {
  const list = (browser: Browser, query: string) => browser.fetch(`/api/admin/payouts?${query}`);
  const sqlCounts = async () => {
    const { results } = await env.DB.prepare('SELECT status, COUNT(*) AS n FROM payouts GROUP BY status').all<{ status: string; n: number }>();
    return Object.fromEntries(['requested', 'approved', 'paid', 'rejected', 'cancelled'].map((s) => [s, results.find((r) => r.status === s)?.n ?? 0]));
  };

  it('filters by status, pages newest first, names the creator (login id and nickname) and counts each status', async () => {
    const operator = await staff();
    const creator = await creatorWith(1_000);
    const nickname = (await env.DB.prepare('SELECT nickname FROM members WHERE id = ?').bind(creator.id).first<{ nickname: string }>())!.nickname;
    const made: number[] = [];
    for (const luv of [100, 200, 300, 150]) made.push((await json<WithdrawResponse>(await withdraw(creator.browser, luv))).withdrawal.withdrawId);
    await json<StaffWithdrawResponse>(await decide(operator.browser, made[0]!, 'approve'));

    const requested = await json<StaffWithdrawListResponse>(await list(operator.browser, 'status=requested&limit=100'));
    expect(requested.counts).toEqual(await sqlCounts());
    expect(requested.total).toBe(requested.counts.requested);
    expect(requested.items.every((w) => w.status === 'requested')).toBe(true);
    const mine = requested.items.filter((w) => w.memberId === creator.id);
    expect(mine.map((w) => w.withdrawId)).toEqual([made[3], made[2], made[1]]);
    expect(mine[0]).toMatchObject({
      loginId: creator.loginId,
      nickname,
      luv: 150,
      netKrw: payoutQuote(150).netKrw,
      bankCode: '088',
      bankAccount: ACCOUNT.bank_account,
      bankHolderName: ACCOUNT.bank_holder_name,
    });
    const approved = await json<StaffWithdrawListResponse>(await list(operator.browser, 'status=approved&limit=100'));
    expect(approved.items.find((w) => w.withdrawId === made[0])).toMatchObject({ status: 'approved', nickname });

    // Every status (no filter), a page at a time: the pages follow on, newest first, none repeated.
    const first = await json<StaffWithdrawListResponse>(await list(operator.browser, 'limit=2&offset=0'));
    const second = await json<StaffWithdrawListResponse>(await list(operator.browser, 'limit=2&offset=2'));
    const all = Object.values(first.counts).reduce((a, b) => a + b, 0);
    expect([first.total, second.total]).toEqual([all, all]);
    const ids = [...first.items, ...second.items].map((w) => w.withdrawId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
    expect(ids[0]).toBe(made[3]);

    for (const query of ['status=unknown', 'limit=0', 'offset=-1']) await expectRefused(await list(operator.browser, query), 400);
  });

  it('members who are not staff get 403 and guests 401, whatever the filter', async () => {
    const creator = await creatorWith(0, { bank: false });
    for (const query of ['status=requested', 'status=paid&offset=20', '']) {
      await expectRefused(await list(creator.browser, query), 403);
      expect((await new Browser().fetch(`/api/admin/payouts?${query}`)).status).toBe(401);
    }
  });

  it('a change refused from the wrong state (in the caller’s language) changes nothing: no money, no state, no count', async () => {
    const operator = await staff();
    const creator = await creatorWith(1_000);
    const at = async (luv: number, steps: ('approve' | 'pay' | 'reject')[], cancelled = false) => {
      const { withdrawal } = await json<WithdrawResponse>(await withdraw(creator.browser, luv));
      for (const step of steps) expect((await decide(operator.browser, withdrawal.withdrawId, step)).status).toBe(200);
      if (cancelled) expect((await cancel(creator.browser, withdrawal.withdrawId)).status).toBe(200);
      return withdrawal.withdrawId;
    };
    const wrong: [number, 'approve' | 'pay' | 'reject'][] = [];
    const requested = await at(100, []);
    wrong.push([requested, 'pay']);
    const paid = await at(200, ['approve', 'pay']);
    wrong.push([paid, 'approve'], [paid, 'reject']);
    const rejected = await at(300, ['reject']);
    wrong.push([rejected, 'approve'], [rejected, 'pay']);
    const cancelled = await at(100, [], true);
    wrong.push([cancelled, 'approve'], [cancelled, 'pay'], [cancelled, 'reject']);

    const before = { mine: await balances(creator.id), clearing: await systemBalance('pg_clearing'), revenue: await systemBalance('platform_revenue'), counts: await sqlCounts() };
    const statuses = async () =>
      Promise.all([requested, paid, rejected, cancelled].map(async (id) => (await env.DB.prepare('SELECT status FROM payouts WHERE id = ?').bind(id).first<{ status: string }>())!.status));
    expect(await statuses()).toEqual(['requested', 'paid', 'rejected', 'cancelled']);
    for (const [id, action] of wrong) {
      const res = await operator.browser.json(`/api/admin/payouts/${id}/${action}`, {}, 'POST', { headers: { 'accept-language': 'en' } });
      await expectRefused(res, 409, en.payout.errors.wrongState);
    }
    expect(await statuses()).toEqual(['requested', 'paid', 'rejected', 'cancelled']);
    expect({ mine: await balances(creator.id), clearing: await systemBalance('pg_clearing'), revenue: await systemBalance('platform_revenue'), counts: await sqlCounts() }).toEqual(before);
    // 1,000 earned: 100 pending, 200 paid out, 300 and 100 back in earnings.
    expect(before.mine).toEqual({ earnings: 700, pending: 100 });
    await expectLedgerHolds();
  });
});

describe('subscription leftover: cancelling the renewal where the member sees their subscriptions', () => {
  it('the subscriptions-view list carries the plan; cancel-renewal makes it 5 with a history line 2, once', async () => {
    const viewer = await signedIn();
    const creator = await signedIn();
    const channel = await insertChannel({ ownerId: creator.id });
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 30, key: `payout-test-sub:${newKey()}` });
    expect((await viewer.browser.json('/api/my/subscriptions', { channelId: channel.id, plan: 'monthly', idempotencyKey: newKey() })).status).toBe(200);
    const view = async () => (await json<ListResponse<ChannelListItem>>(await viewer.browser.fetch('/api/my/streams/subscriptions'))).items.find((i) => i.channelId === channel.id)!;
    expect(await view()).toMatchObject({ status: 1, plan: 'monthly' });

    expect((await viewer.browser.json('/api/my/subscriptions/cancel-renewal', { channelId: channel.id })).status).toBe(200);
    expect(await view()).toMatchObject({ status: 5, plan: 'monthly' });
    await expectRefused(await viewer.browser.json('/api/my/subscriptions/cancel-renewal', { channelId: channel.id }), 409);
    const history = await env.DB.prepare('SELECT kind FROM subscription_history WHERE member_id = ? AND channel_id = ?').bind(viewer.id, channel.id).all<{ kind: number }>();
    expect(history.results.map((h) => h.kind)).toEqual([2]);
  });
});

/** One step of a random run: creators and withdrawals are indexes (a withdrawal index picks among those made so far). */
type Step = { op: 'request'; creator: number; amount: number; key: number } | { op: 'cancel'; creator: number; w: number } | { op: 'approve' | 'pay' | 'reject'; w: number };
const CREATORS = 2;
const START = 600;
const step: fc.Arbitrary<Step> = fc.oneof(
  // Keys from a small pool, so a key comes back with the same amount (a replay) or another (a conflict).
  fc.record({ op: fc.constant('request' as const), creator: fc.nat(CREATORS - 1), amount: fc.constantFrom(50, 100, 150, 250, 400), key: fc.nat(3) }),
  fc.record({ op: fc.constant('cancel' as const), creator: fc.nat(CREATORS - 1), w: fc.nat(50) }),
  fc.record({ op: fc.constantFrom('approve' as const, 'pay' as const, 'reject' as const), w: fc.nat(50) }),
);

/**
 * One scripted run that reaches every answer, played before the random ones (fast-check's `examples`): random runs
 * reach INSUFFICIENT_EARNINGS only when two fresh requests of one creator exceed their 600, which 40 runs missed
 * about one time in three.
 */
const EVERY_ANSWER: Step[] = [
  { op: 'request', creator: 0, amount: 50, key: 0 }, // BELOW_MINIMUM
  { op: 'request', creator: 0, amount: 400, key: 1 }, // ok
  { op: 'request', creator: 0, amount: 400, key: 1 }, // replayed
  { op: 'request', creator: 0, amount: 250, key: 1 }, // IDEMPOTENCY_CONFLICT
  { op: 'request', creator: 0, amount: 400, key: 2 }, // INSUFFICIENT_EARNINGS: 200 left
  { op: 'cancel', creator: 1, w: 0 }, // WITHDRAWAL_NOT_FOUND: creator 0's
  { op: 'pay', w: 0 }, // WITHDRAWAL_STATE: requested, not approved
];

let bare = 0;
async function bareMember(): Promise<{ id: number }> {
  const name = `pm${Date.now().toString(36)}${++bare}`;
  return (await env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id").bind(name, name.slice(-10)).first<{ id: number }>())!;
}

interface PayoutModel {
  earnings: number[];
  pending: number[];
  clearing: number;
  revenue: number;
  keys: Map<string, { amount: number; w: number }>;
  withdrawals: { id: number; creator: number; luv: number; status: string }[];
}

/** What the model says a step answers ('ok', 'replayed' or a refusal's code), the model updated. */
function expected(m: PayoutModel, s: Step): string {
  if (s.op === 'request') {
    const used = m.keys.get(`${s.creator}:${s.key}`);
    if (used) return used.amount === s.amount ? 'replayed' : 'IDEMPOTENCY_CONFLICT';
    if (s.amount < PAYOUT_MIN_LUV) return 'BELOW_MINIMUM';
    if (m.earnings[s.creator]! < s.amount) return 'INSUFFICIENT_EARNINGS';
    m.earnings[s.creator]! -= s.amount;
    m.pending[s.creator]! += s.amount;
    m.withdrawals.push({ id: 0, creator: s.creator, luv: s.amount, status: 'requested' });
    m.keys.set(`${s.creator}:${s.key}`, { amount: s.amount, w: m.withdrawals.length - 1 });
    return 'ok';
  }
  const w = m.withdrawals[s.w % m.withdrawals.length]!;
  const back = () => {
    m.earnings[w.creator]! += w.luv;
    m.pending[w.creator]! -= w.luv;
  };
  const target = { cancel: 'cancelled', approve: 'approved', pay: 'paid', reject: 'rejected' }[s.op];
  if (s.op === 'cancel' && s.creator !== w.creator) return 'WITHDRAWAL_NOT_FOUND';
  if (w.status === target) return 'replayed';
  const allowed = { cancel: ['requested'], approve: ['requested'], pay: ['approved'], reject: ['requested', 'approved'] }[s.op];
  if (!allowed.includes(w.status)) return 'WITHDRAWAL_STATE';
  if (s.op === 'cancel' || s.op === 'reject') back();
  if (s.op === 'pay') {
    const fee = payoutQuote(w.luv).feeLuv;
    m.pending[w.creator]! -= w.luv;
    m.clearing += w.luv - fee;
    m.revenue += fee;
  }
  w.status = target;
  return 'ok';
}

describe('model test: random requests, cancels, approvals, payments, rejections and replays against a plain model', () => {
  it('every balance equals the model, none negative, the sum conserved', { timeout: 300_000 }, async () => {
    let runs = 0;
    const outcomes: Record<string, number> = {};
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        runs += 1;
        // Members by hand (the services are called directly; sign-ups of one identity are limited).
        const creators = await Promise.all(Array.from({ length: CREATORS }, () => bareMember()));
        const viewer = await bareMember();
        await creditPurchase(env.DB, { memberId: viewer.id, amount: START * CREATORS, key: `model-buy:${newKey()}` });
        for (const c of creators) {
          await gift(env.DB, { from: viewer.id, to: c.id, amount: START, key: `model-gift:${newKey()}` });
          await setBankAccount(env.DB, c.id, ACCOUNT as Parameters<typeof setBankAccount>[2]);
        }
        const model: PayoutModel = {
          earnings: Array(CREATORS).fill(START),
          pending: Array(CREATORS).fill(0),
          clearing: await systemBalance('pg_clearing'),
          revenue: await systemBalance('platform_revenue'),
          keys: new Map(),
          withdrawals: [],
        };
        const run = `${runs}-${Date.now()}`;
        for (const s of steps) {
          if (s.op !== 'request' && model.withdrawals.length === 0) continue;
          const w = s.op === 'request' ? null : model.withdrawals[s.w % model.withdrawals.length]!;
          let outcome: string;
          let madeId = 0;
          try {
            if (s.op === 'request') {
              const r = await requestWithdrawal(env.DB, creators[s.creator]!.id, { amount: s.amount, idempotencyKey: `model-${run}-${s.key}` });
              outcome = r.replayed ? 'replayed' : 'ok';
              madeId = r.withdrawal.withdrawId;
            } else if (s.op === 'cancel') {
              const before = w!.status;
              await cancelWithdrawal(env.DB, creators[s.creator]!.id, w!.id);
              outcome = before === 'cancelled' ? 'replayed' : 'ok';
            } else {
              const r = await decideWithdrawal(env.DB, w!.id, ({ approve: 'approved', pay: 'paid', reject: 'rejected' } as const)[s.op]);
              outcome = r.replayed ? 'replayed' : 'ok';
            }
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            outcome = error.code;
          }
          expect(outcome, JSON.stringify(s)).toBe(expected(model, s));
          // The model's new withdrawal is the row the call made.
          if (s.op === 'request' && outcome === 'ok') model.withdrawals.at(-1)!.id = madeId;
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
        for (const [i, c] of creators.entries()) expect(await balances(c.id), `creator ${i}`).toEqual({ earnings: model.earnings[i], pending: model.pending[i] });
        expect([await systemBalance('pg_clearing'), await systemBalance('platform_revenue')]).toEqual([model.clearing, model.revenue]);
        await expectLedgerHolds();
      }),
      { numRuns: 40, examples: [[EVERY_ANSWER]] },
    );
    console.log(`payout model test: ${runs} runs in ${Date.now() - started} ms, ${JSON.stringify(outcomes)}`);
    expect(Object.keys(outcomes).sort()).toEqual(['BELOW_MINIMUM', 'IDEMPOTENCY_CONFLICT', 'INSUFFICIENT_EARNINGS', 'WITHDRAWAL_NOT_FOUND', 'WITHDRAWAL_STATE', 'ok', 'replayed']);
  });
});
