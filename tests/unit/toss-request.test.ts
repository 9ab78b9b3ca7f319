import { describe, expect, it } from 'vitest';
import { tossRequest } from '../../client/data/toss-request';
import { PAYMENT_METHODS, type PaymentMethod } from '../../src/shared/payment-methods';

const order = (method: PaymentMethod) => ({
  orderId: 'ord_1',
  orderName: '100 luv',
  amount: 11_000,
  method,
  successUrl: '/luv/payment/success',
  failUrl: '/luv/payment/fail?x=1',
  checkoutUrl: null,
});

describe("Toss's requestPayment for an order", () => {
  it('opens the method the member chose, with the order and absolute return addresses', () => {
    expect(tossRequest(order('creditcard'), 'https://flex.example/luv/shop')).toEqual({
      method: '카드',
      options: { amount: 11_000, orderId: 'ord_1', orderName: '100 luv', successUrl: 'https://flex.example/luv/payment/success', failUrl: 'https://flex.example/luv/payment/fail?x=1' },
    });
    expect(tossRequest(order('virtualaccount'), 'https://flex.example/').method).toBe('가상계좌');
    expect(tossRequest(order('kakaopay'), 'https://flex.example/').options).toMatchObject({ flowMode: 'DIRECT', easyPay: '카카오페이' });
  });

  it('only CARD asks for a card issued abroad (the English checkout); a Korean card does not', () => {
    const abroad = PAYMENT_METHODS.filter((m) => tossRequest(order(m), 'https://flex.example/').options.useInternationalCardOnly === true);
    expect(abroad).toEqual(['CARD']);
    expect(tossRequest(order('CARD'), 'https://flex.example/').method).toBe('카드');
  });
});
