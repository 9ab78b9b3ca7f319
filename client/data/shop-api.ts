import type { GiftListResponse } from '../../src/shared/luv-schemas';
import type {
  ConfirmRequest,
  ConfirmResponse,
  CouponResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  FlaxPaymentListResponse,
  LuvPaymentListResponse,
  PaymentCancelResponse,
} from '../../src/shared/shop-schemas';
import type { PaymentPeriod } from '../../src/shared/wallet-pages';
import { call } from './api';

export const redeemCoupon = (couponNumber: string) => call<CouponResponse>('POST', '/api/shoppings/useCoupon', { couponNumber });
export const createOrder = (order: CreateOrderRequest) => call<CreateOrderResponse>('POST', '/api/shoppings/luv/orders', order);
export const confirmPayment = (payment: ConfirmRequest) => call<ConfirmResponse>('POST', '/api/shoppings/luv/confirm', payment);
export const cancelPayment = (paymentId: number) => call<PaymentCancelResponse>('GET', `/api/shoppings/flax/payments-cancel?paymentId=${paymentId}`);

export const giftList = (kind: 'sent' | 'received', offset: number, limit: number) => call<GiftListResponse>('GET', `/api/luv/${kind}luv-list?offset=${offset}&limit=${limit}`);

const paymentsQuery = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) => `offset=${offset}&limit=${limit}&option=${period}&mobile=${mobile}`;
export const flaxPayments = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) =>
  call<FlaxPaymentListResponse>('GET', `/api/shoppings/flax/payments?${paymentsQuery(offset, limit, period, mobile)}`);
export const luvPayments = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) =>
  call<LuvPaymentListResponse>('GET', `/api/shoppings/luv/payments?${paymentsQuery(offset, limit, period, mobile)}`);
