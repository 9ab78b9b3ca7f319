import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { assertSafeConfig } from '../../src/api/config';
import { devDepositBody, signWebhook } from '../../src/api/providers/pg';
import { gift, walletOf } from '../../src/api/services/ledger';
import { cancelPayment, confirmPayment } from '../../src/api/services/payments';
import { translatorFor } from '../../src/lib/i18n';
import {
  type ConfirmResponse,
  type CreateOrderResponse,
  confirmResponseSchema,
  type FlaxPaymentListResponse,
  flaxPaymentListResponseSchema,
  type LuvPaymentListResponse,
  luvPaymentListResponseSchema,
  type PaymentCancelResponse,
  paymentCancelResponseSchema,
  paymentFailureResponseSchema,
  type ShopResponse,
  shopResponseSchema,
  waitingSummarySchema,
} from '../../src/shared/shop-schemas';
import { PAYMENT_STATUS, PAYMENT_TRANSITIONS } from '../../src/shared/payment-status';
import { dumpTables, faultyDb } from './fault-db';
import { checkout, confirm, deposit, ORIGIN, order, postWebhook, successBody } from './pg-fixtures';
import { type Browser, productionEnv } from './helpers';
import { expectRefused, insertMember, json, signedIn } from './watch-fixtures';
import { expectLedgerHolds } from './ledger-audit';

// Buying luv through the real API and the offline dev PG: its checkout page, its confirm, its signed webhooks.
// Ledger rows are immutable (never cleared), so every test works with members of its own; after each money
// call the whole ledger is audited (every balance equals its entries, all balances sum to zero).

const ko = translatorFor('ko');

/** What a refusal must leave as it was: every payment row, every refund, every balance, the movement count. */
async function state() {
  const [payments, refunds, accounts, movements] = await env.DB.batch([
    env.DB.prepare('SELECT * FROM payments ORDER BY id'),
    env.DB.prepare('SELECT * FROM payment_refunds ORDER BY id'),
    env.DB.prepare('SELECT id, balance FROM ledger_accounts ORDER BY id'),
    env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements'),
  ]);
  return JSON.stringify([payments!.results, refunds!.results, accounts!.results, movements!.results]);
}
const webhookCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_webhooks').first<{ n: number }>())!.n;

async function unchangedBy(action: () => Promise<void>) {
  const before = await state();
  await action();
  expect(await state()).toBe(before);
  await expectLedgerHolds();
}

const balanceOf = async (browser: Browser) => (await json<{ balance: number }>(await browser.fetch('/api/luv/luv-sum'))).balance;
const paymentRow = (orderId: string) => env.DB.prepare('SELECT * FROM payments WHERE order_id = ?').bind(orderId).first<Record<string, unknown>>();

/** A member who bought `packId` by card through the dev checkout. */
async function bought(packId = 'luv-100') {
  const member = await signedIn();
  const created = await order(member.browser, packId);
  const back = await checkout(member.browser, created, 'approve');
  const res = await confirm(member.browser, successBody(back));
  expect(res.status).toBe(200);
  const body = await json<ConfirmResponse>(res);
  return { ...member, created, back, payment: body.payment };
}

describe('packs and orders', () => {
  it('lists the packs at 110 KRW a luv, every method, and the dev checkout', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/shoppings/luv/packs`);
    expect(res.status).toBe(200);
    const shop: ShopResponse = shopResponseSchema.parse(await res.json());
    expect(shop.provider).toBe('dev');
    expect(shop.clientKey).toBeNull();
    expect(shop.methods).toContain('virtualaccount');
    expect(shop.packs.map((p) => p.luv)).toEqual([100, 500, 1000, 3000, 10000]);
    for (const p of shop.packs) expect(p.price).toBe(p.luv * 110);
  });

  it('creates an order at the server price, status 1, with an unguessable id', async () => {
    const { browser, id } = await signedIn();
    const a = await order(browser, 'luv-500', 'virtualaccount');
    const b = await order(browser, 'luv-500', 'virtualaccount');
    expect(a).toMatchObject({ amount: 55_000, method: 'virtualaccount', successUrl: '/luv/shop/success', failUrl: '/luv/shop/fail' });
    expect(a.checkoutUrl).toBe(`/__pg/checkout?orderId=${a.orderId}`);
    expect(a.orderId).toMatch(/^ord_[A-Za-z0-9_-]{24}$/);
    expect(a.orderId).not.toBe(b.orderId);
    expect(await paymentRow(a.orderId)).toMatchObject({ member_id: id, status: 1, luv: 500, amount: 55_000, payment_key: null });
  });

  it('refuses bad packs, methods and any price from the client, writing nothing', async () => {
    const { browser } = await signedIn();
    await unchangedBy(async () => {
      for (const body of [
        { packId: 'luv-99', method: 'CARD' },
        { packId: -100, method: 'CARD' },
        { packId: 100.5, method: 'CARD' },
        { packId: 'luv-100', method: 'bitcoin' },
        { packId: 'luv-100', method: 'CARD', amount: 1 },
        { packId: 'luv-100', method: 'CARD', price: 1 },
        { packId: 'x'.repeat(41), method: 'CARD' },
        {},
      ]) {
        await expectRefused(await browser.json('/api/shoppings/luv/orders', body), 400);
      }
    });
    const guest = await SELF.fetch(`${ORIGIN}/api/shoppings/luv/orders`, { method: 'POST' });
    expect(guest.status).not.toBe(200);
  });
});

describe('the card flow', () => {
  it('order -> dev checkout (approve) -> confirm credits the luv once, in the status change batch', async () => {
    const { browser } = await signedIn();
    const created = await order(browser, 'luv-1000');
    const page = await (await browser.fetch(created.checkoutUrl!)).text();
    // The page: the order, its amount, and four labelled choices (buttons of one form) plus cancel.
    expect(page).toContain('<html lang="ko">');
    expect(page).toContain('110,000');
    expect(page).toContain(`<legend>${ko('pg.choose')}</legend>`);
    for (const choice of ['approve', 'fail', 'virtual_account', 'wrong']) expect(page).toContain(`value="${choice}">${ko(`pg.choice.${choice}`)}</button>`);

    const back = await checkout(browser, created, 'approve');
    expect(back.pathname).toBe('/luv/shop/success');
    expect(back.searchParams.get('orderId')).toBe(created.orderId);
    expect(back.searchParams.get('amount')).toBe('110000');
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 1 }); // nothing before the confirm

    const res = await confirm(browser, successBody(back));
    expect(res.status).toBe(200);
    const body: ConfirmResponse = confirmResponseSchema.parse(await res.json());
    expect(body.balance).toBe(1000);
    expect(body.payment).toMatchObject({ orderId: created.orderId, status: 9, luv: 1000, amount: 110_000, refundedLuv: 0, refundable: { luv: 1000, amount: 110_000 } });
    expect(await balanceOf(browser)).toBe(1000);
    await expectLedgerHolds();

    // A replayed confirm answers the same payment and moves nothing.
    await unchangedBy(async () => {
      const again = await confirm(browser, successBody(back));
      expect(again.status).toBe(200);
      expect((await json<ConfirmResponse>(again)).payment).toMatchObject({ paymentId: body.payment.paymentId, status: 9 });
    });
    const list: FlaxPaymentListResponse = flaxPaymentListResponseSchema.parse(await (await browser.fetch('/api/shoppings/flax/payments?option=7')).json());
    expect(list).toMatchObject({ offset: 0, limit: 20, total: 1 });
    expect(list.items[0]).toMatchObject({ paymentId: body.payment.paymentId, status: 9 });
    expect((await json<FlaxPaymentListResponse>(await browser.fetch('/api/shoppings/flax/payments?mobile=true'))).limit).toBe(10);
  });

  it('refuses an amount that differs at confirm (the checkout\u2019s wrong amount), and bad amounts of every kind', async () => {
    const { browser } = await signedIn();
    const created = await order(browser);
    const back = await checkout(browser, created, 'wrong');
    expect(back.searchParams.get('amount')).toBe('12000');
    await unchangedBy(async () => {
      const res = await confirm(browser, successBody(back));
      await expectRefused(res, 400, ko('payments.errors.amountMismatch'));
      const ok = successBody(back);
      for (const amount of [-11_000, 0, 11_000.5, 1e20, '11000', null, Number.MAX_SAFE_INTEGER + 2]) await expectRefused(await confirm(browser, { ...ok, amount }), 400);
      for (const paymentKey of ['', 42, 'k'.repeat(201)]) await expectRefused(await confirm(browser, { ...ok, amount: 11_000, paymentKey }), 400);
      await expectRefused(await confirm(browser, { ...ok, amount: 11_000, extra: 1 }), 400);
    });
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 1, payment_key: null });
  });

  it("refuses someone else's order as a missing one", async () => {
    const owner = await signedIn();
    const created = await order(owner.browser);
    const back = await checkout(owner.browser, created, 'approve');
    const thief = await signedIn();
    await unchangedBy(async () => {
      await expectRefused(await confirm(thief.browser, successBody(back)), 404, ko('payments.errors.orderNotFound'));
      await expectRefused(await confirm(thief.browser, { ...successBody(back), orderId: 'ord_doesnotexist000000000' }), 404);
      expect((await thief.browser.fetch(created.checkoutUrl!)).status).toBe(404);
    });
    expect((await confirm(owner.browser, successBody(back))).status).toBe(200);
  });

  it('a confirm the PG refuses is an approval error (8); the fail redirect is 8, a cancel 7', async () => {
    const { browser } = await signedIn();
    const created = await order(browser);
    await checkout(browser, created, 'approve');
    const refused = await confirm(browser, { paymentKey: 'dev_never_issued', orderId: created.orderId, amount: 11_000 });
    await expectRefused(refused, 409, ko('payments.errors.rejected'));
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 8, failure_code: 'NOT_FOUND_PAYMENT_SESSION' });
    expect(await balanceOf(browser)).toBe(0);

    const failed = await order(browser);
    const failUrl = await checkout(browser, failed, 'fail');
    expect(failUrl.pathname).toBe('/luv/shop/fail');
    expect(failUrl.searchParams.get('code')).toBe('REJECT_CARD_COMPANY');
    const told = await browser.fetch(`/v2/api/guest/payment-failure?${failUrl.searchParams}`, { headers: { 'accept-language': 'en' } });
    expect(told.status).toBe(200);
    const answer = paymentFailureResponseSchema.parse(await told.json());
    expect(answer.status).toBe(8);
    expect([ko('payments.failure.failed'), translatorFor('en')('payments.failure.failed')]).toContain(answer.message);

    const cancelled = await order(browser);
    const cancelUrl = await checkout(browser, cancelled, 'cancel');
    expect(cancelUrl.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
    expect((await json<{ status: number }>(await browser.fetch(`/v2/api/guest/payment-failure?${cancelUrl.searchParams}`))).status).toBe(7);
    // Told again, or about an approved order: nothing changes.
    const paid = await bought();
    await unchangedBy(async () => {
      expect((await json<{ status: number }>(await browser.fetch(`/v2/api/guest/payment-failure?${cancelUrl.searchParams}`))).status).toBe(7);
      const q = new URLSearchParams({ orderId: paid.created.orderId, code: 'PAY_PROCESS_CANCELED' });
      expect((await json<{ status: number }>(await browser.fetch(`/v2/api/guest/payment-failure?${q}`))).status).toBe(9);
      expect((await browser.fetch(`/v2/api/guest/payment-failure?orderId=nope`)).status).toBe(404);
    });
    await expectLedgerHolds();
  });

  it('two concurrent confirms of one order credit it once', async () => {
    const { browser } = await signedIn();
    const created = await order(browser, 'luv-500');
    const back = await checkout(browser, created, 'approve');
    const answers = await Promise.all([confirm(browser, successBody(back)), confirm(browser, successBody(back)), confirm(browser, successBody(back))]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(await balanceOf(browser)).toBe(500);
    const movements = await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements WHERE idempotency_key = ?').bind(`purchase:${created.orderId}`).first<{ n: number }>();
    expect(movements!.n).toBe(1);
    await expectLedgerHolds();
  });
});

describe('an order left at 2 (the PG approved, its answer lost)', () => {
  /** An approved dev payment whose order is at 2, as after a confirm that never heard the PG's answer. */
  async function stuck() {
    const member = await signedIn();
    const created = await order(member.browser);
    const back = await checkout(member.browser, created, 'approve');
    const paymentKey = back.searchParams.get('paymentKey')!;
    await env.DB.prepare('UPDATE payments SET status = 2, payment_key = ? WHERE order_id = ?').bind(paymentKey, created.orderId).run();
    await env.DB.prepare("UPDATE dev_pg_payments SET status = 'DONE', approved_at = ? WHERE payment_key = ?").bind(Date.now(), paymentKey).run();
    return { ...member, created, back, paymentKey };
  }

  it('is finished by the same confirm asked again (the PG is asked again)', async () => {
    const { browser, back, created } = await stuck();
    const res = await confirm(browser, successBody(back));
    expect(res.status).toBe(200);
    expect(confirmResponseSchema.parse(await res.json()).payment.status).toBe(9);
    expect(await balanceOf(browser)).toBe(100);
    // Another key for the same order is refused.
    await unchangedBy(async () => {
      await expectRefused(await confirm(browser, { ...successBody(back), paymentKey: 'dev_other' }), 409);
    });
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 9 });
    await expectLedgerHolds();
  });

  it("is finished by the PG's DONE webhook", async () => {
    const { browser, created, paymentKey } = await stuck();
    const secret = (await env.DB.prepare('SELECT secret FROM dev_pg_payments WHERE payment_key = ?').bind(paymentKey).first<{ secret: string }>())!.secret;
    const body = devDepositBody({ paymentKey, orderId: created.orderId, amount: 11_000, secret });
    expect(await (await postWebhook(body, await signWebhook(env.DEV_PG_WEBHOOK_SECRET, body))).json()).toEqual({ received: true, outcome: '9' });
    expect(await balanceOf(browser)).toBe(100);
    await expectLedgerHolds();
  });
});

describe('virtual accounts and webhooks', () => {
  async function waitingOrder(packId = 'luv-500') {
    const member = await signedIn();
    const created = await order(member.browser, packId, 'virtualaccount');
    const back = await checkout(member.browser, created, 'virtual_account');
    const res = await confirm(member.browser, successBody(back));
    expect(res.status).toBe(200);
    const body = await json<ConfirmResponse>(res);
    return { ...member, created, back, body };
  }

  it('issues an account (0), then the right deposit credits it (9) once; a replayed webhook changes nothing', async () => {
    const { browser, created, body } = await waitingOrder();
    expect(body.payment.status).toBe(0);
    expect(body.balance).toBe(0);
    expect(body.payment.virtualAccount).toMatchObject({ bank: expect.any(String), accountNumber: expect.stringMatching(/^\d+$/) });
    expect(body.payment.virtualAccount!.dueAt).toBeGreaterThan(Date.now());
    expect(waitingSummarySchema.parse(await (await browser.fetch('/api/luv/waiting')).json())).toEqual({ luv: 500, count: 1 });
    // The same confirm again: the same waiting payment.
    await unchangedBy(async () => {
      expect((await json<ConfirmResponse>(await confirm(browser, successBody(await checkoutless(created))))).payment.status).toBe(0);
    });

    const { body: hook, headers } = await deposit(created.orderId, 55_000);
    const res = await postWebhook(hook, headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: '9' });
    expect(await balanceOf(browser)).toBe(500);
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 9, deposited_amount: 55_000 });
    expect(await json(await browser.fetch('/api/luv/waiting'))).toEqual({ luv: 0, count: 0 });
    await expectLedgerHolds();

    await unchangedBy(async () => {
      const again = await postWebhook(hook, headers);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, outcome: 'replayed' });
      // Another deposit event for a paid order: recorded, moves nothing.
      const other = await deposit(created.orderId, 55_000);
      const res2 = await postWebhook(other.body, other.headers);
      expect(await res2.json()).toEqual({ received: true, outcome: 'no change: DONE at 9' });
    });
  });

  /** The success redirect of an order already confirmed, rebuilt from its row. */
  async function checkoutless(created: CreateOrderResponse): Promise<URL> {
    const row = (await paymentRow(created.orderId))!;
    return new URL(`/luv/shop/success?${new URLSearchParams({ paymentKey: String(row.payment_key), orderId: created.orderId, amount: String(row.amount) })}`, ORIGIN);
  }

  it('a wrong deposit is 6 and credits nothing; its return is 7', async () => {
    const { browser, created } = await waitingOrder();
    const wrong = await deposit(created.orderId, 50_000);
    const res = await postWebhook(wrong.body, wrong.headers);
    expect(await res.json()).toEqual({ received: true, outcome: '6' });
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 6, deposited_amount: 50_000 });
    expect(await balanceOf(browser)).toBe(0);
    // The right amount after a wrong one credits nothing either (6 -> 9 is not a transition).
    await unchangedBy(async () => {
      const right = await deposit(created.orderId, 55_000);
      expect(await (await postWebhook(right.body, right.headers)).json()).toEqual({ received: true, outcome: 'no change: DONE at 6' });
    });
    const dev = (await env.DB.prepare('SELECT payment_key AS k, secret FROM dev_pg_payments WHERE order_id = ?').bind(created.orderId).first<{ k: string; secret: string }>())!;
    const cancelled = JSON.stringify({
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: new Date().toISOString(),
      data: { paymentKey: dev.k, orderId: created.orderId, status: 'CANCELED', totalAmount: 55_000, balanceAmount: 0, secret: dev.secret, lastTransactionKey: 'tx_cancel_1' },
    });
    expect(await (await postWebhook(cancelled, await signWebhook(env.DEV_PG_WEBHOOK_SECRET, cancelled))).json()).toEqual({ received: true, outcome: '7' });
    expect(await paymentRow(created.orderId)).toMatchObject({ status: 7 });
    await expectLedgerHolds();
  });

  it('refuses a forged webhook with 401 and changes nothing', async () => {
    const { created } = await waitingOrder();
    const real = await deposit(created.orderId, 55_000);
    const hooks = await webhookCount();
    await unchangedBy(async () => {
      await expectRefused(await postWebhook(real.body, {}), 401, ko('payments.errors.badSignature'));
      await expectRefused(await postWebhook(real.body, await signWebhook('not-the-secret', real.body)), 401);
      // A signed body whose text was changed after signing.
      await expectRefused(await postWebhook(real.body.replace('55000', '55001'), real.headers), 401);
      // Signed with the right key but not carrying the payment's secret.
      const forged = JSON.parse(real.body) as { data: { secret: string } };
      forged.data.secret = 'guessed';
      const text = JSON.stringify(forged);
      await expectRefused(await postWebhook(text, await signWebhook(env.DEV_PG_WEBHOOK_SECRET, text)), 401);
      await expectRefused(await postWebhook('not json', await signWebhook(env.DEV_PG_WEBHOOK_SECRET, 'not json')), 401);
    });
    expect(await webhookCount()).toBe(hooks);
    expect((await postWebhook(real.body, real.headers)).status).toBe(200);
  });

  it('answers 503 during maintenance, so the PG delivers it again later', async () => {
    const { created } = await waitingOrder();
    const real = await deposit(created.orderId, 55_000);
    await env.CONFIG.put('flags', JSON.stringify({ maintenance: true, emergency: false }));
    const { clearAllCaches } = await import('../../src/lib/ttl-cache');
    clearAllCaches();
    try {
      await unchangedBy(async () => {
        expect((await postWebhook(real.body, real.headers)).status).toBe(503);
      });
    } finally {
      await env.CONFIG.put('flags', JSON.stringify({ maintenance: false, emergency: false }));
      clearAllCaches();
    }
    expect(await (await postWebhook(real.body, real.headers)).json()).toEqual({ received: true, outcome: '9' });
  });
});

describe('the status trigger', () => {
  // The state machine's one table: the trigger must allow exactly its transitions.
  const ALLOWED = new Set(Object.entries(PAYMENT_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}-${to}`)));
  const PATH: Record<number, number[]> = { 1: [], 2: [2], 0: [2, 0], 9: [2, 9], 8: [8], 7: [7], 6: [2, 0, 6] };
  const STATUSES = Object.values(PAYMENT_STATUS);

  async function paymentAt(memberId: number, status: number): Promise<number> {
    const orderId = `ord_trigger_${crypto.randomUUID()}`;
    const row = await env.DB.prepare(
      "INSERT INTO payments (order_id, member_id, pack_id, order_name, luv, amount, method, provider, created_at) VALUES (?, ?, 'luv-100', 't', 100, 11000, 'CARD', 'dev', ?) RETURNING id",
    )
      .bind(orderId, memberId, Date.now())
      .first<{ id: number }>();
    for (const step of PATH[status]!) await env.DB.prepare('UPDATE payments SET status = ? WHERE id = ?').bind(step, row!.id).run();
    return row!.id;
  }

  it('allows exactly the transitions of PAYMENT_TRANSITIONS and refuses every other, rolling back its batch', async () => {
    const { id: memberId } = await insertMember();
    let refused = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const id = await paymentAt(memberId, from);
        const update = env.DB.prepare('UPDATE payments SET status = ? WHERE id = ?').bind(to, id);
        const marker = env.DB.prepare("INSERT INTO payment_webhooks (event_id, event_type, outcome, received_at) VALUES (?, 'test', 'marker', 0)").bind(`marker-${id}-${to}`);
        if (ALLOWED.has(`${from}-${to}`)) {
          await env.DB.batch([marker, update]);
          expect((await env.DB.prepare('SELECT status FROM payments WHERE id = ?').bind(id).first<{ status: number }>())!.status).toBe(to);
        } else {
          await expect(env.DB.batch([marker, update]), `${from} -> ${to}`).rejects.toThrow(/transition not allowed/);
          expect((await env.DB.prepare('SELECT status FROM payments WHERE id = ?').bind(id).first<{ status: number }>())!.status).toBe(from);
          expect(await env.DB.prepare('SELECT 1 FROM payment_webhooks WHERE event_id = ?').bind(`marker-${id}-${to}`).first()).toBeNull();
          refused += 1;
        }
      }
    }
    expect(refused).toBe(49 - ALLOWED.size);
    // Orders start at 1; their price and owner never change; a status outside the payment codes (0, 1, 2, 6, 7, 8, 9) is refused.
    await expect(
      env.DB.prepare(
        "INSERT INTO payments (order_id, member_id, pack_id, order_name, luv, amount, method, provider, status, created_at) VALUES ('ord_trigger_starts_at_9', ?, 'p', 't', 1, 1, 'CARD', 'dev', 9, 0)",
      )
        .bind(memberId)
        .run(),
    ).rejects.toThrow();
    const id = await paymentAt(memberId, 1);
    await expect(env.DB.prepare('UPDATE payments SET amount = 1 WHERE id = ?').bind(id).run()).rejects.toThrow(/fixed/);
    await expect(env.DB.prepare('UPDATE payments SET status = 3 WHERE id = ?').bind(id).run()).rejects.toThrow();
  });
});

describe('refunds', () => {
  const cancel = (browser: Browser, paymentId: unknown, headers: Record<string, string> = {}) => browser.fetch(`/api/shoppings/flax/payments-cancel?paymentId=${paymentId}`, { headers });

  it('refunds only the unspent part: partial after spending (stays 9), then nothing more', async () => {
    const buyer = await bought('luv-1000');
    const creator = await insertMember();
    await gift(env.DB, { from: buyer.id, to: creator.id, amount: 300, key: `test-gift:${crypto.randomUUID()}` });
    const listed = await json<FlaxPaymentListResponse>(await buyer.browser.fetch('/api/shoppings/flax/payments'));
    expect(listed.items[0]!.refundable).toEqual({ luv: 700, amount: 77_000 });

    const res = await cancel(buyer.browser, buyer.payment.paymentId);
    expect(res.status).toBe(200);
    const body: PaymentCancelResponse = paymentCancelResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ refundedLuv: 700, refundedAmount: 77_000, balance: 0 });
    expect(body.payment).toMatchObject({ status: 9, refundedLuv: 700, refundedAmount: 77_000, refundable: null });
    expect(await env.DB.prepare('SELECT status FROM payment_refunds WHERE payment_id = ?').bind(buyer.payment.paymentId).first()).toEqual({ status: 'done' });
    expect(await env.DB.prepare('SELECT balance_amount AS b FROM dev_pg_payments WHERE order_id = ?').bind(buyer.created.orderId).first()).toEqual({ b: 33_000 });
    await expectLedgerHolds();
    await unchangedBy(async () => {
      await expectRefused(await cancel(buyer.browser, buyer.payment.paymentId), 409, ko('payments.errors.notRefundable'));
    });
    // Luv payments: the gift, with its receiver.
    const spent: LuvPaymentListResponse = luvPaymentListResponseSchema.parse(await (await buyer.browser.fetch('/api/shoppings/luv/payments?option=30')).json());
    expect(spent.total).toBe(1);
    expect(spent.items[0]).toMatchObject({ kind: 'gift', amount: 300, loginId: creator.loginId });
  });

  it('refunds all of an unspent payment (9 -> 7)', async () => {
    const buyer = await bought('luv-100');
    const body = await json<PaymentCancelResponse>(await cancel(buyer.browser, buyer.payment.paymentId));
    expect(body).toMatchObject({ refundedLuv: 100, refundedAmount: 11_000, balance: 0 });
    expect(body.payment).toMatchObject({ status: 7, cancelledAt: expect.any(Number) });
    await expectLedgerHolds();
  });

  it('refuses after 7 days, cross-site, bad ids, and someone else\u2019s payment, changing nothing', async () => {
    const buyer = await bought('luv-100');
    const other = await signedIn();
    await unchangedBy(async () => {
      await expectRefused(await cancel(other.browser, buyer.payment.paymentId), 404, ko('payments.errors.paymentNotFound'));
      await expectRefused(await cancel(other.browser, 999_999_999), 404);
      for (const bad of [-1, 0, 1.5, 'abc', '1e400', '']) await expectRefused(await cancel(buyer.browser, bad), 400);
      await expectRefused(await cancel(buyer.browser, buyer.payment.paymentId, { 'sec-fetch-site': 'cross-site' }), 403);
    });
    await env.DB.prepare('UPDATE payments SET approved_at = ? WHERE id = ?')
      .bind(Date.now() - 8 * 86_400_000, buyer.payment.paymentId)
      .run();
    await unchangedBy(async () => {
      await expectRefused(await cancel(buyer.browser, buyer.payment.paymentId), 409, ko('payments.errors.notRefundable'));
    });
    expect(await balanceOf(buyer.browser)).toBe(100);
  });

  it('two concurrent cancels move the luv once', async () => {
    const buyer = await bought('luv-500');
    const answers = await Promise.all([cancel(buyer.browser, buyer.payment.paymentId), cancel(buyer.browser, buyer.payment.paymentId)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    expect(await balanceOf(buyer.browser)).toBe(0);
    const refunds = await env.DB.prepare('SELECT luv, status FROM payment_refunds WHERE payment_id = ?').bind(buyer.payment.paymentId).all();
    expect(refunds.results).toEqual([{ luv: 500, status: 'done' }]);
    expect(await paymentRow(buyer.created.orderId)).toMatchObject({ status: 7, refunded_luv: 500, refunded_amount: 55_000 });
    await expectLedgerHolds();
  });

  it('when the PG refuses the refund, the luv comes back by a movement of its own', async () => {
    const buyer = await bought('luv-100');
    await env.DB.prepare('UPDATE dev_pg_payments SET balance_amount = 0 WHERE order_id = ?').bind(buyer.created.orderId).run();
    await expectRefused(await cancel(buyer.browser, buyer.payment.paymentId), 409, ko('payments.errors.refundRejected'));
    expect(await balanceOf(buyer.browser)).toBe(100);
    expect(await paymentRow(buyer.created.orderId)).toMatchObject({ status: 9, refunded_luv: 0, refunded_amount: 0 });
    expect(await env.DB.prepare('SELECT status FROM payment_refunds WHERE payment_id = ?').bind(buyer.payment.paymentId).first()).toEqual({ status: 'reversed' });
    const keys = await env.DB.prepare('SELECT idempotency_key AS k, kind FROM ledger_movements WHERE idempotency_key LIKE ? ORDER BY id').bind(`refund:${buyer.created.orderId}%`).all();
    expect(keys.results).toEqual([
      { k: `refund:${buyer.created.orderId}:0`, kind: 'refund' },
      { k: `refund:${buyer.created.orderId}:0:reversed`, kind: 'refund' },
    ]);
    await expectLedgerHolds();
  });
});

describe('configuration', () => {
  it('refuses the dev PG in production and Toss without its secrets', () => {
    const base = productionEnv();
    expect(() => assertSafeConfig(base)).not.toThrow();
    expect(() => assertSafeConfig({ ...base, PG_PROVIDER: 'dev' })).toThrow(/PG_PROVIDER=dev/);
    for (const name of ['TOSS_SECRET_KEY', 'TOSS_CLIENT_KEY', 'TOSS_WEBHOOK_SECRET'] as const) {
      expect(() => assertSafeConfig({ ...base, [name]: undefined })).toThrow(new RegExp(name));
      expect(() => assertSafeConfig({ ...base, ENVIRONMENT: 'development', [name]: '' })).toThrow(new RegExp(name));
    }
  });

  it('has no dev checkout where the PG is Toss', async () => {
    const { pgCheckoutRoutes } = await import('../../src/api/routes/pg-checkout');
    expect(pgCheckoutRoutes).toBeDefined();
    const { devCheckoutEnabled } = await import('../../src/api/services/pg-checkout');
    expect(devCheckoutEnabled(env)).toBe(true);
    expect(devCheckoutEnabled({ ...env, ENVIRONMENT: 'production' })).toBe(false);
    expect(devCheckoutEnabled({ ...env, PG_PROVIDER: 'toss' })).toBe(false);
  });
});

// A fault at each statement of the batch that credits a confirmed payment or takes a refund's luv back
// (tests/worker/fault-db.ts): the ledger and the payment's rows are as before, and the same call then goes through.
describe('a fault in a payment money batch leaves nothing half-written', () => {
  const MONEY_TABLES = ['ledger_accounts', 'ledger_movements', 'ledger_entries', 'payment_refunds'];
  const moneyTables = () => dumpTables(env.DB, MONEY_TABLES);

  /** A member with a card payment approved at the dev PG, not yet confirmed; their wallet is open (opening one is not money). */
  async function approvedAtPg() {
    const member = await signedIn();
    await walletOf(env.DB, member.id);
    const created = await order(member.browser);
    const back = successBody(await checkout(member.browser, created, 'approve'));
    return { member, created, body: { paymentKey: back.paymentKey!, orderId: back.orderId!, amount: back.amount } };
  }

  it('confirm: the credit and the approval commit together or not at all', async () => {
    const probe = faultyDb(env.DB);
    const first = await approvedAtPg();
    await confirmPayment({ ...env, DB: probe.db }, first.member.id, first.body, {});
    const length = probe.lastTargetBatch!.length;
    expect(length, 'the credit carries the status change').toBeGreaterThan(5);
    for (let index = 0; index < length; index++) {
      const { member, created, body } = await approvedAtPg();
      const faulty = faultyDb(env.DB);
      const broken = { ...env, DB: faulty.db };
      const before = await moneyTables();
      faulty.arm(index);
      await expect(confirmPayment(broken, member.id, body, {}), `statement ${index}`).rejects.toThrow(/no such function/);
      expect(faulty.fired).toBe(1);
      expect(await moneyTables(), `statement ${index}: nothing moved`).toEqual(before);
      expect((await paymentRow(created.orderId))!.status, `statement ${index}: not approved`).not.toBe(9);
      const again = await confirmPayment(broken, member.id, body, {});
      expect(again.payment.status).toBe(9);
      expect(again.balance).toBe(100);
      await expectLedgerHolds();
    }
  });

  it('refund: the wallet debit and the pending refund commit together or not at all', async () => {
    const probe = faultyDb(env.DB);
    const first = await bought();
    await cancelPayment({ ...env, DB: probe.db }, first.id, first.payment.paymentId, {});
    const length = probe.lastTargetBatch!.length;
    expect(length, 'the debit carries the pending refund').toBeGreaterThan(5);
    for (let index = 0; index < length; index++) {
      const buyer = await bought();
      const faulty = faultyDb(env.DB);
      const broken = { ...env, DB: faulty.db };
      const before = await moneyTables();
      faulty.arm(index);
      await expect(cancelPayment(broken, buyer.id, buyer.payment.paymentId, {}), `statement ${index}`).rejects.toThrow(/no such function/);
      expect(faulty.fired).toBe(1);
      expect(await moneyTables(), `statement ${index}: nothing moved`).toEqual(before);
      const refunded = await cancelPayment(broken, buyer.id, buyer.payment.paymentId, {});
      expect(refunded.refundedLuv).toBe(100);
      expect(refunded.balance).toBe(0);
      await expectLedgerHolds();
    }
  });
});
