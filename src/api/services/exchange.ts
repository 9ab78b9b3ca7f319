// The exchange event (docs/product/money.md, "Exchange event, levels and rankings"): earnings -> wallet at the
// event's rate, within a cap per member and a total cap, while the event's window is open. The event is KV's
// (src/lib/exchange-event.ts); the caps hold in D1: the apply's counters (migration 0015) go `alongside` its
// ledger movement and throw when a cap would be passed, so parallel applies cannot pass one (no read-then-write
// decides).
//
// One movement of kind 'exchange' per apply, under the key `exchange:<member>:<client key>`:
//   earnings  -amount
//   wallet    +credited            credited = floor(amount * ratePermille / 1000) (rounded down)
//   promotions  amount - credited  (negative when the rate is above 1: the bonus is the platform's promotion)
// At a rate of exactly 1 there is no promotions leg (legs are never zero).

import { exchangeCounts, applyStatements } from '../../db/exchange';
import { findMovement, memberBalance } from '../../db/ledger';
import { Refusal } from '../../lib/errors';
import { doubleSubmit, type ResolvedKey } from '../../lib/request-key';
import { onceInWindow } from './double-submit';
import { readExchangeEvent } from '../../lib/exchange-event';
import {
  creditedFor,
  type ExchangeApplyRequest,
  type ExchangeApplyResponse,
  type ExchangeEvent,
  type ExchangeNow,
  type ExchangeRate,
  type ExchangeState,
  type ExchangeStatus,
  type ExchangeTotal,
} from '../../shared/exchange-schemas';
import type { Leg } from '../../db/ledger';
import { earningsOf, move, systemAccount, walletOf } from './ledger';
import { isConflict } from '../../db/conflict';

const noEvent = () => new Refusal(404, 'EXCHANGE_NO_EVENT', 'exchange.errors.noEvent');

export function stateOf(event: ExchangeEvent | null, now: number): ExchangeState {
  if (!event) return 'none';
  if (now < event.startsAt) return 'upcoming';
  return now < event.endsAt ? 'open' : 'ended';
}

async function currentEvent(kv: KVNamespace): Promise<ExchangeEvent> {
  const event = await readExchangeEvent(kv);
  if (!event) throw noEvent();
  return event;
}

export async function exchangeStatus(kv: KVNamespace, now = Date.now()): Promise<ExchangeStatus> {
  const event = await readExchangeEvent(kv);
  return {
    state: stateOf(event, now),
    eventId: event?.id ?? null,
    startsAt: event?.startsAt ?? null,
    endsAt: event?.endsAt ?? null,
    ratePermille: event?.ratePermille ?? null,
    memberCap: event?.memberCap ?? null,
    totalCap: event?.totalCap ?? null,
    now,
  };
}

export async function exchangeRate(kv: KVNamespace): Promise<ExchangeRate> {
  const event = await currentEvent(kv);
  return { eventId: event.id, ratePermille: event.ratePermille, rate: event.ratePermille / 1000, rounding: 'down' };
}

export async function exchangeTotal(env: Env): Promise<ExchangeTotal> {
  const event = await currentEvent(env.CONFIG);
  const { total } = await exchangeCounts(env.DB, event.id, null);
  return { eventId: event.id, totalCap: event.totalCap, applied: total, remaining: Math.max(0, event.totalCap - total) };
}

export async function exchangeNow(env: Env, memberId: number): Promise<ExchangeNow> {
  const event = await currentEvent(env.CONFIG);
  const [counts, earnings] = await Promise.all([exchangeCounts(env.DB, event.id, memberId), memberBalance(env.DB, memberId, 'earnings')]);
  const remaining = Math.max(0, event.memberCap - counts.member);
  const totalLeft = Math.max(0, event.totalCap - counts.total);
  return { eventId: event.id, memberCap: event.memberCap, applied: counts.member, remaining, earnings, available: Math.min(remaining, totalLeft, earnings) };
}

/** The legs of one apply: earnings out, wallet in, promotions the difference (absent at a rate of 1). */
function exchangeLegs(accounts: { earnings: number; wallet: number; promotions: number }, amount: number, credited: number): Leg[] {
  const legs: Leg[] = [
    { accountId: accounts.earnings, amount: -amount },
    { accountId: accounts.wallet, amount: credited },
  ];
  if (credited !== amount) legs.push({ accountId: accounts.promotions, amount: amount - credited });
  return legs;
}

/** The answer for a movement that happened (now or before): its amounts, and the member's balances now. */
async function answer(
  env: Env,
  memberId: number,
  movement: { id: number; memo: string | null },
  legs: readonly Leg[],
  accounts: { earnings: number; wallet: number },
  replayed: boolean,
  event: ExchangeEvent | null,
): Promise<ExchangeApplyResponse> {
  // The memo says which event and rate the apply met: `<event id>@<rate per mille>`.
  const [eventId = '', rate = '0'] = (movement.memo ?? '').split('@');
  const memberCap = event?.id === eventId ? event.memberCap : 0;
  const amount = -(legs.find((l) => l.accountId === accounts.earnings)?.amount ?? 0);
  const credited = legs.find((l) => l.accountId === accounts.wallet)?.amount ?? 0;
  const [wallet, earnings, counts] = await Promise.all([memberBalance(env.DB, memberId, 'wallet'), memberBalance(env.DB, memberId, 'earnings'), exchangeCounts(env.DB, eventId, memberId)]);
  return {
    eventId,
    amount,
    credited,
    ratePermille: Number(rate),
    wallet,
    earnings,
    applied: counts.member,
    remaining: Math.max(0, memberCap - counts.member),
    movementId: movement.id,
    replayed,
  };
}

/**
 * Convert `amount` earnings luv at the event's rate. Refused, with nothing moved: no event or outside its
 * window (409 EXCHANGE_CLOSED), an amount that converts to nothing (400 EXCHANGE_TOO_SMALL), a cap passed
 * (409 EXCHANGE_MEMBER_CAP / EXCHANGE_TOTAL_CAP), earnings short (409 INSUFFICIENT_LUV). A key used before
 * answers that apply (replayed), even once the window has closed or the rate has changed.
 */
export async function applyExchange(env: Env, memberId: number, request: Required<ExchangeApplyRequest>, now = Date.now()): Promise<ExchangeApplyResponse> {
  const key = `exchange:${memberId}:${request.idempotencyKey}`;
  const event = await readExchangeEvent(env.CONFIG);
  const [earnings, wallet, promotions] = await Promise.all([earningsOf(env.DB, memberId), walletOf(env.DB, memberId), systemAccount(env.DB, 'promotions')]);
  const accounts = { earnings, wallet, promotions };

  // A retry of an apply that happened answers it as it was: the rate and window it met then are the ones that count.
  const earlier = await findMovement(env.DB, key);
  if (earlier) {
    const sameAmount = earlier.movement.kind === 'exchange' && earlier.legs.some((l) => l.accountId === earnings && l.amount === -request.amount);
    if (!sameAmount) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', 'luv.errors.idempotencyConflict');
    return answer(env, memberId, earlier.movement, earlier.legs, accounts, true, event);
  }

  if (!event || stateOf(event, now) !== 'open') throw new Refusal(409, 'EXCHANGE_CLOSED', 'exchange.errors.closed');
  const credited = creditedFor(request.amount, event.ratePermille);
  if (credited < 1) throw new Refusal(400, 'EXCHANGE_TOO_SMALL', 'exchange.errors.tooSmall');

  let result: Awaited<ReturnType<typeof move>>;
  try {
    result = await move(env.DB, {
      idempotencyKey: key,
      kind: 'exchange',
      memo: `${event.id}@${event.ratePermille}`,
      legs: exchangeLegs(accounts, request.amount, credited),
      alongside: applyStatements(env.DB, { eventId: event.id, memberId, amount: request.amount, memberCap: event.memberCap, totalCap: event.totalCap }),
    });
  } catch (error) {
    if (isConflict(error, 'check', 'exchange_member_cap')) throw new Refusal(409, 'EXCHANGE_MEMBER_CAP', 'exchange.errors.memberCap');
    if (isConflict(error, 'check', 'exchange_total_cap')) throw new Refusal(409, 'EXCHANGE_TOTAL_CAP', 'exchange.errors.totalCap');
    throw error;
  }
  return answer(env, memberId, result.movement, result.legs, accounts, result.status === 'replayed', event);
}

/** The route's apply: with the key the request named, or a derived one whose replay is a double submit. */
export async function applyExchangeRequest(env: Env, memberId: number, amount: number, requestKey: ResolvedKey): Promise<ExchangeApplyResponse> {
  return onceInWindow(env.DB, 'exchange', memberId, requestKey, async () => {
    const answer = await applyExchange(env, memberId, { amount, idempotencyKey: requestKey.idempotencyKey });
    if (answer.replayed && requestKey.derived) throw doubleSubmit();
    return answer;
  });
}
