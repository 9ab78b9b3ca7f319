// The payment gateway (PG) that takes a member's KRW for a luv pack, as the service sees it: an interface shaped
// like Toss Payments' API, its answers and its two ways of failing. The adapters: toss.ts (the real one) and
// dev.ts (the offline dev PG); index.ts picks one for the Worker.

/** Toss's Payment.status. */
export const PG_STATUSES = ['READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT', 'DONE', 'CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED'] as const;
export type PgStatus = (typeof PG_STATUSES)[number];

/** The part of Toss's Payment object we read. */
export interface PgPayment {
  paymentKey: string;
  orderId: string;
  status: PgStatus;
  totalAmount: number;
  balanceAmount: number;
  method: string | null;
  approvedAt: string | null;
  /** What a deposit callback of this payment carries (virtual accounts). */
  secret: string | null;
  virtualAccount: { accountNumber: string; bank: string; customerName: string; dueDate: string } | null;
}

/** A webhook the PG really sent, as the service reads it. */
export interface PgEvent {
  /** Stable across the PG's retries of the same event (the dedupe key). */
  eventId: string;
  eventType: 'PAYMENT_STATUS_CHANGED' | 'DEPOSIT_CALLBACK';
  orderId: string;
  paymentKey: string | null;
  status: PgStatus;
  /** KRW the payment is for now (a deposit: what was deposited); null when the event does not say. */
  totalAmount: number | null;
  /** A deposit callback's secret, to compare with the one the confirm returned. */
  secret: string | null;
}

/** The PG answered and said no (Toss's error { code, message }): definitive. */
export class PgRefused extends Error {
  constructor(
    readonly code: string,
    readonly pgMessage: string,
  ) {
    super(`PG refused: ${code}`);
    this.name = 'PgRefused';
  }
}

/** No answer, or a 5xx: the outcome is unknown and the same call may be repeated (Idempotency-Key). */
export class PgUnavailable extends Error {
  constructor(detail: string) {
    super(`PG unavailable: ${detail}`);
    this.name = 'PgUnavailable';
  }
}

export interface PaymentGateway {
  readonly provider: 'dev' | 'toss';
  /** The public key the client's checkout SDK needs; null for dev. */
  readonly clientKey: string | null;
  confirm(p: { paymentKey: string; orderId: string; amount: number; idempotencyKey: string }): Promise<PgPayment>;
  cancel(p: { paymentKey: string; cancelAmount: number; reason: string; idempotencyKey: string }): Promise<PgPayment>;
  /** The event a webhook carries when the PG really sent it; null for a forgery. */
  verifyWebhook(headers: Headers, body: string): Promise<PgEvent | null>;
}
