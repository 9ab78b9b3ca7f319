import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { devDepositBody, devGateway, PgRefused, PgUnavailable, SIGNATURE_HEADER, signWebhook, TRANSMISSION_TIME_HEADER, tossGateway } from '../../src/api/providers/pg';
import { insertDevPgPayment } from '../../src/db/payments';

// The Toss Payments adapter against Toss's documented request and answer shapes (v1 API): an injected fetch
// records each request and answers as Toss does, errors included. And the dev adapter's delayed deposit.

const SECRET_KEY = 'test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R';
const API = 'https://api.tosspayments.test';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that answers each call with the next of `answers` ([status, JSON]) and remembers the request. */
function tossFetch(answers: [number, unknown][]) {
  const seen: Seen[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: text ? JSON.parse(text) : undefined });
    const next = answers.shift();
    if (!next) throw new TypeError('network down');
    return new Response(JSON.stringify(next[1]), { status: next[0], headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, seen };
}

/** A Payment object as Toss documents it (fields we do not read included). */
function payment(p: Partial<Record<string, unknown>> = {}) {
  return {
    mId: 'tosspayments',
    version: '2022-11-16',
    lastTransactionKey: 'txrd_a01jrz',
    paymentKey: 'tgen_20240101abcd',
    orderId: 'ord_abcdefghijklmnopqrstuvwx',
    orderName: '루브 100개',
    currency: 'KRW',
    method: '카드',
    status: 'DONE',
    requestedAt: '2024-01-01T10:00:00+09:00',
    approvedAt: '2024-01-01T10:00:30+09:00',
    totalAmount: 11_000,
    balanceAmount: 11_000,
    suppliedAmount: 10_000,
    vat: 1_000,
    virtualAccount: null,
    secret: null,
    cancels: null,
    failure: null,
    ...p,
  };
}

const gateway = (fn: typeof fetch) => tossGateway({ secretKey: SECRET_KEY, clientKey: 'test_ck_x', webhookSecret: 'whsec_test', apiUrl: API, fetch: fn });

describe('Toss Payments adapter', () => {
  it('confirms with POST /v1/payments/confirm, Basic auth of "<secret key>:", an Idempotency-Key and the documented body', async () => {
    const { fn, seen } = tossFetch([[200, payment()]]);
    const answer = await gateway(fn).confirm({ paymentKey: 'tgen_20240101abcd', orderId: 'ord_abcdefghijklmnopqrstuvwx', amount: 11_000, idempotencyKey: 'confirm:ord_abcdefghijklmnopqrstuvwx' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe(`${API}/v1/payments/confirm`);
    expect(seen[0]!.headers.get('authorization')).toBe(`Basic ${btoa(`${SECRET_KEY}:`)}`);
    expect(seen[0]!.headers.get('authorization')).toBe('Basic dGVzdF9za196WExrS0V5cE5BcldtbzUwblgzbG1lYXhZRzVSOg==');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('confirm:ord_abcdefghijklmnopqrstuvwx');
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.body).toEqual({ paymentKey: 'tgen_20240101abcd', orderId: 'ord_abcdefghijklmnopqrstuvwx', amount: 11_000 });
    expect(answer).toMatchObject({ paymentKey: 'tgen_20240101abcd', status: 'DONE', totalAmount: 11_000, balanceAmount: 11_000, method: '카드', virtualAccount: null });
  });

  it('reads a virtual account: WAITING_FOR_DEPOSIT with its account and the deposit secret', async () => {
    const va = {
      accountType: '일반',
      accountNumber: 'X6505636518308',
      bankCode: '20',
      customerName: '김토스',
      dueDate: '2024-01-04T23:59:59+09:00',
      refundStatus: 'NONE',
      expired: false,
      settlementStatus: 'INCOMPLETED',
    };
    const { fn } = tossFetch([[200, payment({ status: 'WAITING_FOR_DEPOSIT', method: '가상계좌', approvedAt: null, virtualAccount: { ...va, bank: '우리' }, secret: 'ps_secret_1' })]]);
    const answer = await gateway(fn).confirm({ paymentKey: 'k', orderId: 'o', amount: 11_000, idempotencyKey: 'i' });
    expect(answer.status).toBe('WAITING_FOR_DEPOSIT');
    expect(answer.secret).toBe('ps_secret_1');
    expect(answer.virtualAccount).toEqual({ accountNumber: 'X6505636518308', bank: '우리', customerName: '김토스', dueDate: '2024-01-04T23:59:59+09:00' });
  });

  it('reads an answer by what it needs: a Payment without a key, order, known status or whole amount is no answer; the rest falls back', async () => {
    const confirm = (answer: unknown) => gateway(tossFetch([[200, answer]]).fn).confirm({ paymentKey: 'k', orderId: 'o', amount: 11_000, idempotencyKey: 'i' });
    for (const broken of [
      payment({ paymentKey: '' }),
      payment({ orderId: 7 }),
      payment({ status: 'PAID' }),
      payment({ totalAmount: 11_000.5 }),
      payment({ totalAmount: '11000' }),
      [payment()],
      null,
    ]) {
      await expect(confirm(broken), JSON.stringify(broken)?.slice(0, 80)).rejects.toBeInstanceOf(PgUnavailable);
    }
    const sparse = await confirm(payment({ balanceAmount: undefined, method: 5, approvedAt: '', secret: undefined, virtualAccount: { accountNumber: 12345 } }));
    expect(sparse).toEqual({
      paymentKey: 'tgen_20240101abcd',
      orderId: 'ord_abcdefghijklmnopqrstuvwx',
      status: 'DONE',
      totalAmount: 11_000,
      balanceAmount: 11_000,
      method: null,
      approvedAt: null,
      secret: null,
      virtualAccount: { accountNumber: '12345', bank: '', customerName: '', dueDate: '' },
    });
    // An error answer without Toss's fields is still a refusal, named by its HTTP status.
    await expect(gateway(tossFetch([[403, { error: 'nope' }]]).fn).cancel({ paymentKey: 'k', cancelAmount: 1, reason: 'r', idempotencyKey: 'i' })).rejects.toMatchObject({
      code: 'HTTP_403',
      pgMessage: '',
    });
  });

  it("turns Toss's error answers into refusals, and 5xx or no answer into 'unavailable'", async () => {
    const refused = tossFetch([[400, { code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' }]]);
    const error = await gateway(refused.fn)
      .confirm({ paymentKey: 'k', orderId: 'o', amount: 1, idempotencyKey: 'i' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PgRefused);
    expect(error).toMatchObject({ code: 'REJECT_CARD_PAYMENT', pgMessage: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' });
    const down = tossFetch([[500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' }]]);
    await expect(gateway(down.fn).confirm({ paymentKey: 'k', orderId: 'o', amount: 1, idempotencyKey: 'i' })).rejects.toBeInstanceOf(PgUnavailable);
    await expect(gateway(tossFetch([]).fn).confirm({ paymentKey: 'k', orderId: 'o', amount: 1, idempotencyKey: 'i' })).rejects.toBeInstanceOf(PgUnavailable);
    const unauthorized = tossFetch([[401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' }]]);
    await expect(gateway(unauthorized.fn).confirm({ paymentKey: 'k', orderId: 'o', amount: 1, idempotencyKey: 'i' })).rejects.toMatchObject({ code: 'UNAUTHORIZED_KEY' });
  });

  it('reads back a payment already confirmed (ALREADY_PROCESSED_PAYMENT) with GET /v1/payments/{paymentKey}', async () => {
    const { fn, seen } = tossFetch([
      [400, { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' }],
      [200, payment()],
    ]);
    const answer = await gateway(fn).confirm({ paymentKey: 'tgen_20240101abcd', orderId: 'ord_abcdefghijklmnopqrstuvwx', amount: 11_000, idempotencyKey: 'i' });
    expect(answer.status).toBe('DONE');
    expect(seen[1]).toMatchObject({ method: 'GET', url: `${API}/v1/payments/tgen_20240101abcd`, body: undefined });
    expect(seen[1]!.headers.get('authorization')).toBe(`Basic ${btoa(`${SECRET_KEY}:`)}`);
  });

  it('cancels part of a payment with POST /v1/payments/{paymentKey}/cancel {cancelReason, cancelAmount}', async () => {
    const { fn, seen } = tossFetch([
      [200, payment({ status: 'PARTIAL_CANCELED', balanceAmount: 3_300, cancels: [{ cancelAmount: 7_700, cancelReason: 'unspent', canceledAt: '2024-01-02T10:00:00+09:00', transactionKey: 'tx1' }] })],
    ]);
    const answer = await gateway(fn).cancel({ paymentKey: 'tgen_20240101abcd', cancelAmount: 7_700, reason: 'unspent', idempotencyKey: 'refund:o:0' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: `${API}/v1/payments/tgen_20240101abcd/cancel`, body: { cancelReason: 'unspent', cancelAmount: 7_700 } });
    expect(seen[0]!.headers.get('idempotency-key')).toBe('refund:o:0');
    expect(answer).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: 3_300 });
    const refused = tossFetch([[403, { code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' }]]);
    await expect(gateway(refused.fn).cancel({ paymentKey: 'k', cancelAmount: 1, reason: 'r', idempotencyKey: 'i' })).rejects.toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT' });
  });

  it('believes a PAYMENT_STATUS_CHANGED webhook only when Toss, asked back, agrees', async () => {
    const body = JSON.stringify({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: '2024-01-02T10:00:00.000000', data: payment({ status: 'DONE', lastTransactionKey: 'tx_9' }) });
    const agrees = tossFetch([[200, payment({ status: 'DONE', lastTransactionKey: 'tx_9' })]]);
    const event = await gateway(agrees.fn).verifyWebhook(new Headers({ 'content-type': 'application/json' }), body);
    expect(agrees.seen[0]).toMatchObject({ method: 'GET', url: `${API}/v1/payments/tgen_20240101abcd` });
    expect(event).toEqual({
      eventId: 'status:tgen_20240101abcd:DONE:tx_9',
      eventType: 'PAYMENT_STATUS_CHANGED',
      orderId: 'ord_abcdefghijklmnopqrstuvwx',
      paymentKey: 'tgen_20240101abcd',
      status: 'DONE',
      totalAmount: 11_000,
      secret: null,
    });
    // A body that says DONE while Toss says it is still waiting: forged.
    const disagrees = tossFetch([[200, payment({ status: 'WAITING_FOR_DEPOSIT' })]]);
    expect(await gateway(disagrees.fn).verifyWebhook(new Headers(), body)).toBeNull();
    // A payment Toss does not know.
    const unknown = tossFetch([[404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' }]]);
    expect(await gateway(unknown.fn).verifyWebhook(new Headers(), body)).toBeNull();
    // Toss could not be asked: thrown (answered 502, so Toss retries).
    await expect(gateway(tossFetch([]).fn).verifyWebhook(new Headers(), body)).rejects.toBeInstanceOf(PgUnavailable);
  });

  it("checks a DEPOSIT_CALLBACK's secret against the payment's, read by orderId", async () => {
    const body = JSON.stringify({ createdAt: '2024-01-02T10:00:00.000', secret: 'ps_secret_1', status: 'DONE', transactionKey: 'tx_dep_1', orderId: 'ord_abcdefghijklmnopqrstuvwx' });
    const real = tossFetch([[200, payment({ status: 'DONE', secret: 'ps_secret_1', method: '가상계좌' })]]);
    const event = await gateway(real.fn).verifyWebhook(new Headers(), body);
    expect(real.seen[0]!.url).toBe(`${API}/v1/payments/orders/ord_abcdefghijklmnopqrstuvwx`);
    expect(event).toMatchObject({ eventId: 'deposit:tx_dep_1:DONE', eventType: 'DEPOSIT_CALLBACK', status: 'DONE', totalAmount: 11_000, paymentKey: 'tgen_20240101abcd' });
    const wrongSecret = tossFetch([[200, payment({ status: 'DONE', secret: 'ps_other' })]]);
    expect(await gateway(wrongSecret.fn).verifyWebhook(new Headers(), body)).toBeNull();
  });

  it('checks tosspayments-webhook-signature (HMAC-SHA256 of "<body>:<transmission time>") when Toss signs', async () => {
    const body = JSON.stringify({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: '2024-01-02T10:00:00.000000', data: payment() });
    const signed = await signWebhook('whsec_test', body, '2024-09-05T12:19:21+09:00');
    // The documented form: "v1:<base64 mac>", possibly two (key rotation), either matching.
    expect(signed[SIGNATURE_HEADER]).toMatch(/^v1:[A-Za-z0-9+/]{43}=$/);
    const two = { ...signed, [SIGNATURE_HEADER]: `v1:${btoa('x'.repeat(32))},${signed[SIGNATURE_HEADER]}` };
    expect(await gateway(tossFetch([[200, payment()]]).fn).verifyWebhook(new Headers(two), body)).not.toBeNull();
    const forged = await signWebhook('not-the-key', body, '2024-09-05T12:19:21+09:00');
    const { fn, seen } = tossFetch([[200, payment()]]);
    expect(await gateway(fn).verifyWebhook(new Headers(forged), body)).toBeNull();
    expect(seen).toHaveLength(0); // refused before anything else
    const otherTime = { ...signed, [TRANSMISSION_TIME_HEADER]: '2024-09-05T12:19:22+09:00' };
    expect(await gateway(tossFetch([[200, payment()]]).fn).verifyWebhook(new Headers(otherTime), body)).toBeNull();
  });
});

describe('dev adapter', () => {
  it('delivers a signed deposit webhook for the right amount after the delay (waitUntil)', async () => {
    const paymentKey = `dev_${crypto.randomUUID()}`;
    const orderId = `ord_dev_${crypto.randomUUID()}`;
    await insertDevPgPayment(env.DB, { paymentKey, orderId, amount: 55_000, choice: 'virtual_account', secret: 'dev-secret-1', at: Date.now() });
    const delivered: { headers: Headers; body: string }[] = [];
    const pending: Promise<unknown>[] = [];
    const pg = devGateway({
      db: env.DB,
      webhookSecret: env.DEV_PG_WEBHOOK_SECRET,
      depositDelayMs: 50,
      deliver: async (headers, body) => delivered.push({ headers, body }),
      waitUntil: (p) => pending.push(p),
    });
    const started = Date.now();
    const answer = await pg.confirm({ paymentKey, orderId, amount: 55_000, idempotencyKey: 'i' });
    expect(answer).toMatchObject({ status: 'WAITING_FOR_DEPOSIT', secret: 'dev-secret-1', virtualAccount: { bank: expect.any(String) } });
    expect(delivered).toHaveLength(0);
    await Promise.all(pending);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(delivered).toHaveLength(1);
    const event = await pg.verifyWebhook(delivered[0]!.headers, delivered[0]!.body);
    expect(event).toMatchObject({ orderId, paymentKey, status: 'DONE', totalAmount: 55_000 });
    // Confirmed again: the same answer, and no second deposit.
    expect((await pg.confirm({ paymentKey, orderId, amount: 55_000, idempotencyKey: 'i' })).status).toBe('WAITING_FOR_DEPOSIT');
    expect(pending).toHaveLength(1);
    // The same deposit signed with another key, or for a payment it never issued, is not the dev PG's.
    expect(await pg.verifyWebhook(new Headers(await signWebhook('other', delivered[0]!.body)), delivered[0]!.body)).toBeNull();
    const stranger = devDepositBody({ paymentKey: 'dev_unknown', orderId, amount: 55_000, secret: 'dev-secret-1' });
    expect(await pg.verifyWebhook(new Headers(await signWebhook(env.DEV_PG_WEBHOOK_SECRET, stranger)), stranger)).toBeNull();
  });
});
