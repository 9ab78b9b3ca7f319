// The subscription plans and the status and history numbers (docs/product/money.md, "Subscriptions"), without
// zod: the page's dialog imports this.
// Prices are set in KRW (3,300 / 3,300 / 9,900). They are paid with luv from the wallet at the
// packs' rate of 110 KRW a luv (src/api/services/payments/orders.ts), so 30, 30 and 90 luv. Item codes 700-702.
// Item codes 703 and 704 are the one- and three-month passes: with no price of their own, they cost what
// the one- and three-month plans cost; a pass is paid when bought and its period starts only when it is used.

export const KRW_PER_LUV = 110;

export const SUBSCRIPTION_PLANS = {
  /** Monthly, renewing itself each term until the renewal is cancelled. */
  monthly: { itemCode: 700, krw: 3_300, luv: 3_300 / KRW_PER_LUV, days: 30, renews: true, pass: false },
  month1: { itemCode: 701, krw: 3_300, luv: 3_300 / KRW_PER_LUV, days: 30, renews: false, pass: false },
  month3: { itemCode: 702, krw: 9_900, luv: 9_900 / KRW_PER_LUV, days: 90, renews: false, pass: false },
  /** Passes: bought now, held unused (status 4) until the member uses one, which starts its days. */
  pass1: { itemCode: 703, krw: 3_300, luv: 3_300 / KRW_PER_LUV, days: 30, renews: false, pass: true },
  pass3: { itemCode: 704, krw: 9_900, luv: 9_900 / KRW_PER_LUV, days: 90, renews: false, pass: true },
} as const;
export type PlanId = keyof typeof SUBSCRIPTION_PLANS;
export const PLAN_IDS = Object.keys(SUBSCRIPTION_PLANS) as PlanId[];

/** A subscription's status. */
export const SUBSCRIPTION_STATUS = { subscribed: 1, unsubscribed: 2, expired: 3, unused: 4, renewalCancelled: 5 } as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

const S = SUBSCRIPTION_STATUS;
/**
 * The subscription state machine within a term: which status may follow which. A new term (a subscription, a
 * pass bought, a renewal) writes the row afresh as subscribed or unused; src/db/subscriptions.ts guards each
 * other change with this table (`statusesMovingTo`).
 */
export const SUBSCRIPTION_TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  // The member cancels the renewal (monthly), unsubscribes; the term ends unrenewed.
  [S.subscribed]: [S.renewalCancelled, S.unsubscribed, S.expired],
  [S.renewalCancelled]: [S.unsubscribed, S.expired],
  [S.unsubscribed]: [S.expired],
  // The member uses the pass: its days start.
  [S.unused]: [S.subscribed],
  [S.expired]: [],
};

/** The statuses that may move to `to`, in code order. */
export const statusesMovingTo = (to: SubscriptionStatus): SubscriptionStatus[] =>
  (Object.values(S) as SubscriptionStatus[]).sort((a, b) => a - b).filter((from) => SUBSCRIPTION_TRANSITIONS[from].includes(to));
/** The kind of a subscription history line. */
export const RENEWAL_HISTORY = { renewal: 1, renewalCancel: 2, paymentRenewalFailed: 3 } as const;

/** The pack id of an order that pays a subscription through the PG: subscription-<plan>. */
export const SUBSCRIPTION_PACK_PREFIX = 'subscription-';
