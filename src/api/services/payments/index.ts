// Buying luv (docs/product/money.md), shaped like a Toss Payments integration: the server fixes the order's amount,
// the PG's checkout takes the payment and sends the browser back with paymentKey, orderId and amount, the server
// checks the amount against the order and confirms with the PG, and only then credits the luv, in the same batch
// as the order's status (services/ledger.ts `alongside`). Virtual accounts, wrong deposits, cancellations and
// approval errors arrive by webhook. Refunds give back the unspent part within REFUND_WINDOW_DAYS.
//
// One file a part: the shop and its orders (orders.ts), the browser's return from the PG's checkout
// (checkout.ts), the PG's webhooks (webhook.ts), refunds (refunds.ts), the member's history (history.ts); what
// they share in common.ts and view.ts.
export { cancelPayment } from './refunds';
export { confirmPayment, paymentFailure } from './checkout';
export { CHECKOUT_RETURN, createOrder, createSubscriptionOrder, DEV_CHECKOUT_PATH, shop } from './orders';
export { flaxPayments, luvPayments, waitingSummary } from './history';
export { receiveWebhook } from './webhook';
