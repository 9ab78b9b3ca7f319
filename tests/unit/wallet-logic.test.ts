import { describe, expect, it } from 'vitest';
import { appendPage, type CallResult, confirmOnce, confirmOutcome, replacePayment, statusKey, successQuery } from '../../client/components/wallet/payment-logic';
import { PAYMENT_METHODS } from '../../src/shared/payment-methods';
import type { ConfirmResponse, FlaxPayment } from '../../src/shared/shop-schemas';
import { PAYMENT_STATUS } from '../../src/shared/payment-status';
import { LOCALES } from '../../src/shared/locales';
import { loadMessages } from '../../src/lib/i18n';

const payment = (over: Partial<FlaxPayment> = {}): FlaxPayment => ({
  paymentId: 1,
  orderId: 'o-1',
  orderName: '1,000 luv',
  packId: 'p1000',
  luv: 1000,
  amount: 11000,
  method: 'creditcard',
  status: PAYMENT_STATUS.approved,
  createdAt: 1,
  approvedAt: 2,
  cancelledAt: null,
  refundedLuv: 0,
  refundedAmount: 0,
  refundable: { luv: 1000, amount: 11000 },
  virtualAccount: null,
  ...over,
});
const answered = (body: ConfirmResponse): CallResult<ConfirmResponse> => ({ ok: true, body, message: '' });

describe('the success redirect', () => {
  it('becomes a confirm request only with all three parts and a positive whole amount', () => {
    expect(successQuery({ paymentKey: 'pk', orderId: 'o-1', amount: '11000' })).toEqual({ paymentKey: 'pk', orderId: 'o-1', amount: 11000 });
    for (const amount of ['', '0', '-5', '1.5', '1e3', 'abc', '99999999999999999']) expect(successQuery({ paymentKey: 'pk', orderId: 'o-1', amount }), amount).toBeNull();
    expect(successQuery({ orderId: 'o-1', amount: '1' })).toBeNull();
    expect(successQuery({ paymentKey: 'pk', amount: '1' })).toBeNull();
  });
});

describe('the confirm outcome', () => {
  it('approved, waiting for a virtual-account deposit, or refused with the server words', () => {
    expect(confirmOutcome(answered({ payment: payment(), balance: 1500, subscription: null }))).toMatchObject({ kind: 'approved', balance: 1500, subscription: null });
    const account = { bank: '국민', accountNumber: '123', holder: 'Flex', dueAt: 3 };
    expect(confirmOutcome(answered({ payment: payment({ status: PAYMENT_STATUS.waiting, virtualAccount: account, method: 'virtualaccount' }), balance: 0, subscription: null }))).toMatchObject({
      kind: 'waitingDeposit',
    });
    expect(confirmOutcome(answered({ payment: payment({ status: PAYMENT_STATUS.approvalError }), balance: 0, subscription: null }))).toEqual({ kind: 'refused', message: '', status: 8 });
    expect(confirmOutcome({ ok: false, body: null, message: '결제 금액이 다릅니다.' })).toEqual({ kind: 'refused', message: '결제 금액이 다릅니다.', status: null });
  });

  it('confirms once however often the page asks', async () => {
    let sent = 0;
    const send = async () => {
      sent += 1;
      return answered({ payment: payment(), balance: 1000, subscription: null });
    };
    const request = { paymentKey: 'pk-once', orderId: 'o-once', amount: 11000 };
    const [a, b] = await Promise.all([confirmOnce(request, send), confirmOnce({ ...request }, send)]);
    await confirmOnce(request, send);
    expect(sent).toBe(1);
    expect(a).toBe(b);
    await confirmOnce({ ...request, orderId: 'o-other' }, send);
    expect(sent).toBe(2);
  });
});

describe('lists', () => {
  it('a refund replaces its row in place; a next page adds no row twice', () => {
    const rows = [payment({ paymentId: 1 }), payment({ paymentId: 2 })];
    const refunded = payment({ paymentId: 2, status: PAYMENT_STATUS.cancelled, refundable: null, refundedLuv: 1000, refundedAmount: 11000 });
    expect(replacePayment(rows, refunded)).toEqual([rows[0], refunded]);
    expect(appendPage([1, 2, 3], [3, 4], (n) => n)).toEqual([1, 2, 3, 4]);
  });
});

describe('labels', () => {
  it('every payment status and method has words in every locale', () => {
    for (const locale of LOCALES) {
      const messages = loadMessages(locale) as Record<string, Record<string, Record<string, string>>>;
      for (const status of Object.values(PAYMENT_STATUS)) {
        const [, , name] = statusKey(status).split('.');
        expect(messages.paymentHistory?.status?.[name!], `${locale} status ${status}`).toBeTruthy();
      }
      for (const method of PAYMENT_METHODS) expect(messages.shop?.methods?.[method], `${locale} ${method}`).toBeTruthy();
    }
    expect(statusKey(3)).toBe('paymentHistory.status.unknown');
  });
});
