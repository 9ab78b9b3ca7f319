// A flax payment's status (docs/product/money.md, "Buying luv"): its codes, their names and which may follow which.
// No zod here: the client imports it (the schema is paymentStatusSchema in shop-schemas.ts).

/** A flax payment's status: the published contract's codes. */
export const PAYMENT_STATUS = { waiting: 0, requested: 1, inProgress: 2, wrongDeposit: 6, cancelled: 7, approvalError: 8, approved: 9 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export type PaymentStatusName = keyof typeof PAYMENT_STATUS;

/** The name of a status code (as the locale keys paymentHistory.status.<name> say it); null for a code not listed. */
export function paymentStatusName(status: number): PaymentStatusName | null {
  for (const [name, code] of Object.entries(PAYMENT_STATUS)) if (code === status) return name as PaymentStatusName;
  return null;
}

const S = PAYMENT_STATUS;
/**
 * The payment state machine: which status may follow which. The database holds every status change to the same
 * (migration 0008's trigger payments_status_transition; tests/worker/payments.test.ts compares the two), and the
 * same status again is no change either.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  // The confirm starts; the PG's fail redirect; the person gave up (fail redirect or the PG's CANCELED).
  [S.requested]: [S.inProgress, S.approvalError, S.cancelled],
  // The PG approved; it issued a virtual account; it refused (or aborted) the payment.
  [S.inProgress]: [S.approved, S.waiting, S.approvalError],
  // The right deposit; another amount; the account expired or was cancelled.
  [S.waiting]: [S.approved, S.wrongDeposit, S.cancelled],
  // The wrong deposit returned.
  [S.wrongDeposit]: [S.cancelled],
  // Refunded in full.
  [S.approved]: [S.cancelled],
  [S.cancelled]: [],
  [S.approvalError]: [],
};

/** Whether a payment at `from` may move to `to`. */
export const mayMove = (from: PaymentStatus, to: PaymentStatus): boolean => PAYMENT_TRANSITIONS[from].includes(to);
