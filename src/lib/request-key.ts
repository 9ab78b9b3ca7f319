// The idempotency key of a money call: the body's idempotencyKey, else the Idempotency-Key header, else one derived
// from the amount and the current DOUBLE_SUBMIT_WINDOW_MS bucket. The caller scopes every key by member and route,
// so a derived key is member + route + amount + bucket: a second submit of the same amount in the same bucket meets
// the ledger's UNIQUE key in its batch and moves nothing (the service refuses it as a double submit); a later bucket
// is a new key, so the same amount may be asked for again once the window has passed.

import { Refusal } from './errors';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const DOUBLE_SUBMIT_WINDOW_MS = 10_000;

export interface ResolvedKey {
  idempotencyKey: string;
  /** The key was derived: a replay is a double submit, refused in words rather than answered as the first. */
  derived: boolean;
}

export function resolveRequestKey(bodyKey: string | undefined, headerKey: string | undefined, amount: number, now = Date.now()): ResolvedKey {
  if (bodyKey !== undefined) return { idempotencyKey: bodyKey, derived: false };
  if (headerKey !== undefined) {
    if (!IDEMPOTENCY_KEY_PATTERN.test(headerKey)) throw new Refusal(400, 'BAD_IDEMPOTENCY_KEY', 'luv.errors.badKey');
    return { idempotencyKey: headerKey, derived: false };
  }
  return { idempotencyKey: `auto-${amount}-${Math.floor(now / DOUBLE_SUBMIT_WINDOW_MS)}`, derived: true };
}

/** The refusal of a second submit within the window (no key given): the first one went through. */
export const doubleSubmit = () => new Refusal(409, 'DOUBLE_SUBMIT', 'luv.errors.doubleSubmit');
