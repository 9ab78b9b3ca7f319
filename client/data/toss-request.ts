// What the Toss checkout is asked for (no browser globals: tested beside the server's code).
import type { PaymentMethod } from '../../src/shared/payment-methods';
import type { CreateOrderResponse } from '../../src/shared/shop-schemas';

/**
 * Our payment methods as Toss names them; kakaopay is Toss's card flow sent straight to the easy-pay app, CARD its
 * card flow for cards issued abroad (Visa, Mastercard, UnionPay) in its English checkout, creditcard a Korean card.
 */
const TOSS_METHODS: Record<PaymentMethod, { method: string; extra?: Record<string, unknown> }> = {
  creditcard: { method: '카드' },
  CARD: { method: '카드', extra: { useInternationalCardOnly: true } },
  kakaopay: { method: '카드', extra: { flowMode: 'DIRECT', easyPay: '카카오페이' } },
  virtualaccount: { method: '가상계좌' },
  myaccount: { method: '계좌이체' },
  mobile: { method: '휴대폰' },
};

/** requestPayment's two arguments for `order`, its return addresses made absolute against the page's `base`. */
export function tossRequest(order: CreateOrderResponse, base: string): { method: string; options: Record<string, unknown> } {
  const { method, extra } = TOSS_METHODS[order.method];
  return {
    method,
    options: {
      amount: order.amount,
      orderId: order.orderId,
      orderName: order.orderName,
      successUrl: new URL(order.successUrl, base).href,
      failUrl: new URL(order.failUrl, base).href,
      ...extra,
    },
  };
}
