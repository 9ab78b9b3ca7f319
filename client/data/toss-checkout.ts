// The Toss Payments checkout (SDK v1, https://docs.tosspayments.com/reference/js-sdk): its script is
// loaded when a member pays, never before; requestPayment leaves the page for Toss, which comes back to
// the order's successUrl (?paymentKey&orderId&amount) or failUrl (?code&message&orderId).
import type { CreateOrderResponse } from '../../src/shared/shop-schemas';
import { tossRequest } from './toss-request';

const SDK_URL = 'https://js.tosspayments.com/v1/payment';

interface TossPayments {
  requestPayment(method: string, options: Record<string, unknown>): Promise<void>;
}
declare global {
  interface Window {
    TossPayments?: (clientKey: string) => TossPayments;
  }
}

function loadSdk(): Promise<NonNullable<Window['TossPayments']>> {
  if (window.TossPayments) return Promise.resolve(window.TossPayments);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.onload = () => (window.TossPayments ? resolve(window.TossPayments) : reject(new Error('Toss SDK loaded without TossPayments')));
    script.onerror = () => reject(new Error('Toss SDK failed to load'));
    document.head.append(script);
  });
}

/** Open Toss's checkout for an order the server created. Rejects when the SDK cannot load or the buyer closes it. */
export async function tossCheckout(clientKey: string, order: CreateOrderResponse): Promise<void> {
  const TossPayments = await loadSdk();
  const { method, options } = tossRequest(order, window.location.href);
  await TossPayments(clientKey).requestPayment(method, options);
}
