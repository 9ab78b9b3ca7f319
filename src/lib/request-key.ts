// The idempotency key of a money call: the body's idempotencyKey, else the Idempotency-Key header, else one derived
// from the amount and the current DOUBLE_SUBMIT_WINDOW_MS bucket. The caller scopes every key by member and route.
// A derived key alone would let two identical submits a moment apart but on either side of a bucket boundary both
// through, so a derived key comes with a claim without the bucket (member + route + amount, made at `at`): the
// service takes it for the window before moving anything (src/api/services/double-submit.ts), and a second submit
// within DOUBLE_SUBMIT_WINDOW_MS of the first is refused as a double submit whatever the buckets. The bucketed key
// still meets the ledger's UNIQUE key should a claim ever be given back; once the window has passed the same amount
// may be asked for again.

import { Refusal } from './errors';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const DOUBLE_SUBMIT_WINDOW_MS = 10_000;

export interface ResolvedKey {
  idempotencyKey: string;
  /** The key was derived: a replay is a double submit, refused in words rather than answered as the first. */
  derived: boolean;
  /** A derived key's claim: the submit without its time (the amount; the service adds member and route), and when it was made. */
  claim?: { submit: string; at: number };
}

export function resolveRequestKey(bodyKey: string | undefined, headerKey: string | undefined, amount: number, now = Date.now()): ResolvedKey {
  if (bodyKey !== undefined) return { idempotencyKey: bodyKey, derived: false };
  if (headerKey !== undefined) {
    if (!IDEMPOTENCY_KEY_PATTERN.test(headerKey)) throw new Refusal(400, 'BAD_IDEMPOTENCY_KEY', 'luv.errors.badKey');
    return { idempotencyKey: headerKey, derived: false };
  }
  return { idempotencyKey: `auto-${amount}-${Math.floor(now / DOUBLE_SUBMIT_WINDOW_MS)}`, derived: true, claim: { submit: String(amount), at: now } };
}

/** The refusal of a second submit within the window (no key given): the first one went through. */
export const doubleSubmit = () => new Refusal(409, 'DOUBLE_SUBMIT', 'luv.errors.doubleSubmit');
