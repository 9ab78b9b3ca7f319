import type { ConfirmRequest, CreateOrderRequest } from '../../src/shared/shop-schemas';
import type { PaymentPeriod } from '../../src/shared/wallet-pages';
import { call } from './api';

export const redeemCoupon = (couponNumber: string) => call('POST', '/api/shoppings/useCoupon', { json: { couponNumber } });
export const createOrder = (order: CreateOrderRequest) => call('POST', '/api/shoppings/luv/orders', { json: order });
export const confirmPayment = (payment: ConfirmRequest) => call('POST', '/api/shoppings/luv/confirm', { json: payment });
export const cancelPayment = (paymentId: number) => call('GET', '/api/shoppings/flax/payments-cancel', { query: { paymentId } });

export const giftList = (kind: 'sent' | 'received', offset: number, limit: number) => call('GET', `/api/luv/${kind}luv-list`, { query: { offset, limit } });

const paymentsQuery = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) => ({ query: { offset, limit, option: period, mobile } });
export const flaxPayments = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) => call('GET', '/api/shoppings/flax/payments', paymentsQuery(offset, limit, period, mobile));
export const luvPayments = (offset: number, limit: number, period: PaymentPeriod, mobile: boolean) => call('GET', '/api/shoppings/luv/payments', paymentsQuery(offset, limit, period, mobile));
