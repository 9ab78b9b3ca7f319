// The wallet, the shop, the payment result pages and payment history: their paths and the
// data each page's loader puts in `data`. Type-only imports: the client reads these without pulling zod in.
import type { z } from 'zod';
import type { GiftListResponse } from './luv-schemas';
import type { FlaxPaymentListResponse, ShopResponse, paymentFailureResponseSchema, receivedSummarySchema, waitingSummarySchema } from './shop-schemas';

export const WALLET_PATHS = {
  LUV: '/luv',
  SHOP: '/luv/shop',
  SHOP_SUCCESS: '/luv/shop/success',
  SHOP_FAIL: '/luv/shop/fail',
  PAYMENTS: '/luv/payments',
} as const;

/** Payment history periods in days (the `option` of the payments calls); 90 by default. */
export const PAYMENT_PERIODS = ['7', '30', '90', '365'] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];
export const DEFAULT_PAYMENT_PERIOD: PaymentPeriod = '90';
/** Rows per page of payment history (the calls' own default with mobile=true). */
export const PAYMENTS_PAGE = 10;

export type ReceivedSummary = z.infer<typeof receivedSummarySchema>;
export type WaitingSummary = z.infer<typeof waitingSummarySchema>;
export type PaymentFailure = z.infer<typeof paymentFailureResponseSchema>;

/** Each part is null when its call failed: the page shows what it has. */
export interface LuvPageData {
  title: string;
  balance: number | null;
  waiting: WaitingSummary | null;
  received: ReceivedSummary | null;
  sent: GiftListResponse | null;
  receivedList: GiftListResponse | null;
}

export interface ShopPageData {
  title: string;
  shop: ShopResponse | null;
  balance: number | null;
  /** Days within which unspent luv can be refunded (the terms say so). */
  refundDays: number;
}

export interface PaymentFailData {
  title: string;
  /** What the server recorded about the failed order; null when the order is unknown or the call failed. */
  failure: PaymentFailure | null;
}

export interface PaymentsPageData {
  title: string;
  period: PaymentPeriod;
  payments: FlaxPaymentListResponse | null;
  balance: number | null;
}
