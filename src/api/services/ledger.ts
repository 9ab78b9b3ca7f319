// The rules of the luv ledger: a movement's legs are non-zero safe integers summing to zero, it happens
// once per idempotency key, and no wallet or earnings account goes below zero. The SQL is src/db/ledger.ts.
//
// Replays: a key already used with the same kind and legs answers the original movement ('replayed') and
// moves nothing; with a different kind or legs it is refused (IDEMPOTENCY_CONFLICT), since answering the
// original would tell the caller that what they asked for happened. A movement that was refused (short of
// luv) wrote nothing, so its key is free and a retry is a new attempt.

import { type AccountKind, findMovement, findOrCreateAccount, type Leg, type MovementKind, type MovementRow, movementStatements, type SystemAccountKind } from '../../db/ledger';
import { Refusal } from '../../lib/errors';
import { isConflict } from '../../db/conflict';

/** Enough for any movement we make (a gift with a platform cut is three); more is a mistake. */
export const MAX_LEGS = 4;
const MAX_KEY_LENGTH = 200;

export interface MoveRequest {
  idempotencyKey: string;
  kind: MovementKind;
  legs: readonly Leg[];
  memo?: string | null;
  /**
   * Statements that belong to the same money movement (a payment's status, a coupon's redemption): run in
   * the same batch after the ledger's, so they commit with it or not at all. Each must throw (a constraint,
   * a trigger's RAISE) when it cannot apply: one that silently matches no row would let the movement commit.
   */
  alongside?: readonly D1PreparedStatement[];
  /**
   * Statements that must hold for the movement to be made (a gift's channel on air): run right after the
   * movement's row, so a used key is still answered as its replay, and before the balances change, so their
   * refusal comes before a short wallet's. Each must throw when it does not hold; they commit with the movement.
   */
  guards?: readonly D1PreparedStatement[];
}

export interface MoveResult {
  /** 'applied': this call moved the luv; 'replayed': an earlier call with the same key did. */
  status: 'applied' | 'replayed';
  movement: MovementRow;
  /** In account order. */
  legs: Leg[];
  /** Applied only: each leg's account balance right after this movement (from the batch itself). */
  balances?: ReadonlyMap<number, number>;
  /** Applied with `alongside` only: those statements' results, in their order (a read among them returns its rows). */
  alongside?: D1Result[];
}

const badAmount = () => new Refusal(400, 'BAD_AMOUNT', 'luv.errors.badAmount');
const badLegs = () => new Refusal(400, 'BAD_LEGS', 'luv.errors.badLegs');

/** A positive amount of luv (or KRW) as callers give it; anything else is BAD_AMOUNT. */
function checkPositive(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw badAmount();
  return amount;
}

function checkLegs(legs: readonly Leg[]): Leg[] {
  if (!Array.isArray(legs) || legs.length < 2 || legs.length > MAX_LEGS) throw badLegs();
  for (const leg of legs) {
    if (typeof leg.amount !== 'number' || !Number.isSafeInteger(leg.amount) || leg.amount === 0) throw badAmount();
    if (!Number.isSafeInteger(leg.accountId) || leg.accountId <= 0) throw badLegs();
  }
  // Summed as BigInt: two legs near 2^53 would round as numbers and could seem to balance.
  if (legs.reduce((sum, leg) => sum + BigInt(leg.amount), 0n) !== 0n) throw badLegs();
  if (new Set(legs.map((l) => l.accountId)).size !== legs.length) throw badLegs();
  return legs.map((l) => ({ accountId: l.accountId, amount: l.amount })).sort((a, b) => a.accountId - b.accountId);
}

const sameLegs = (a: readonly Leg[], b: readonly Leg[]) => a.length === b.length && a.every((leg, i) => leg.accountId === b[i]!.accountId && leg.amount === b[i]!.amount);

/** The answer to a key already used: the original movement if it is the same one, else a refusal. */
async function replay(db: D1Database, request: MoveRequest, legs: Leg[]): Promise<MoveResult | null> {
  const found = await findMovement(db, request.idempotencyKey);
  if (!found) return null;
  if (found.movement.kind !== request.kind || !sameLegs(found.legs, legs)) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', 'luv.errors.idempotencyConflict');
  return { status: 'replayed', ...found };
}

/** Move luv between accounts: one batch (one transaction), all legs or none. */
export async function move(db: D1Database, request: MoveRequest): Promise<MoveResult> {
  const key = request.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new Refusal(400, 'BAD_IDEMPOTENCY_KEY', 'luv.errors.badKey');
  const legs = checkLegs(request.legs);

  // No look-up first: a used key makes the batch's first statement throw (UNIQUE) before anything is
  // written, and only then is the earlier movement read and answered.
  let results: D1Result[];
  try {
    const guards = request.guards ?? [];
    results = await db.batch([...movementStatements(db, { idempotencyKey: key, kind: request.kind, memo: request.memo ?? null }, legs, guards), ...(request.alongside ?? [])]);
  } catch (error) {
    // The key was used: by an earlier call, or by a concurrent one that wrote first.
    if (isConflict(error, 'unique', 'ledger_movements.idempotency_key')) {
      const winner = await replay(db, request, legs);
      if (winner) return winner;
    }
    if (isConflict(error, 'check', 'balance_non_negative')) throw new Refusal(409, 'INSUFFICIENT_LUV', 'luv.errors.insufficient');
    throw error;
  }
  // Every leg's balance update must have found its account (the entries' foreign key already makes a missing
  // account throw; this says so should that ever change, though the batch is committed by now).
  // The balance updates come right after the movement row, the guards and the entries (movementStatements' order).
  const ledgerLength = 1 + (request.guards?.length ?? 0) + 2 * legs.length;
  const updates = results.slice(ledgerLength - legs.length, ledgerLength);
  if (updates.some((r) => r.meta.changes !== 1)) throw new Error(`ledger movement ${key}: a balance update changed no account`);

  const movement = results[0]!.results[0] as MovementRow | undefined;
  if (!movement) throw new Error(`ledger movement ${key}: its insert returned no row`);
  const balances = new Map(updates.map((r) => r.results[0] as { id: number; balance: number }).map((row) => [row.id, row.balance]));
  return { status: 'applied', movement, legs, balances, ...(request.alongside?.length ? { alongside: results.slice(ledgerLength) } : {}) };
}

export const walletOf = (db: D1Database, memberId: number) => findOrCreateAccount(db, 'wallet', memberId);
export const earningsOf = (db: D1Database, memberId: number) => findOrCreateAccount(db, 'earnings', memberId);
export const systemAccount = (db: D1Database, kind: SystemAccountKind) => findOrCreateAccount(db, kind, null);
export type { AccountKind };

/** One amount from one account to another: the two-leg movement every helper below is. */
function transfer(
  db: D1Database,
  idempotencyKey: string,
  kind: MovementKind,
  from: number,
  to: number,
  amount: number,
  alongside?: readonly D1PreparedStatement[],
  guards?: readonly D1PreparedStatement[],
): Promise<MoveResult> {
  return move(db, {
    idempotencyKey,
    kind,
    alongside,
    guards,
    legs: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
  });
}

/** Luv a member bought through the payment gateway: pg_clearing -> their wallet. Key: the payment's id. */
export async function creditPurchase(db: D1Database, p: { memberId: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  const [from, to] = await Promise.all([systemAccount(db, 'pg_clearing'), walletOf(db, p.memberId)]);
  return transfer(db, p.key, 'purchase', from, to, amount, p.alongside);
}

/** Luv a coupon grants: promotions -> the member's wallet. */
export async function couponGrant(db: D1Database, p: { memberId: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  const [from, to] = await Promise.all([systemAccount(db, 'promotions'), walletOf(db, p.memberId)]);
  return transfer(db, p.key, 'coupon', from, to, amount, p.alongside);
}

/** Luv a member bought, handed back on a refund: their wallet -> pg_clearing. */
export async function refundPurchase(db: D1Database, p: { memberId: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  const [from, to] = await Promise.all([walletOf(db, p.memberId), systemAccount(db, 'pg_clearing')]);
  return transfer(db, p.key, 'refund', from, to, amount, p.alongside);
}

/** A viewer's gift to a creator: the viewer's wallet -> the creator's earnings (guards: the channel on air; alongside: the sender's names). */
export async function gift(
  db: D1Database,
  p: {
    from: number;
    to: number;
    amount: number;
    key: string;
    alongside?: readonly D1PreparedStatement[];
    guards?: readonly D1PreparedStatement[];
    accounts?: { wallet: number | null; earnings: number | null };
  },
): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  if (p.from === p.to) throw new Refusal(400, 'SELF_GIFT', 'luv.errors.selfGift');
  // `accounts`: the ids the caller already read with its own checks (null when not created yet), saving two reads.
  const [from, to] = await Promise.all([p.accounts?.wallet ?? walletOf(db, p.from), p.accounts?.earnings ?? earningsOf(db, p.to)]);
  return transfer(db, p.key, 'gift', from, to, amount, p.alongside, p.guards);
}

/** The creator's share of a subscription's price; the rest is the platform's (rounded in the creator's disfavour). */
export const SUBSCRIPTION_CREATOR_SHARE_PERCENT = 70;

/**
 * A subscription term paid with luv: the subscriber's wallet -> the creator's earnings (70%) and
 * platform_revenue (the rest), one movement (alongside: the subscription's rows).
 */
export async function subscriptionPayment(db: D1Database, p: { from: number; creator: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  if (p.from === p.creator) throw new Refusal(400, 'OWN_CHANNEL', 'subscriptions.errors.ownChannel');
  const creatorShare = Math.floor((amount * SUBSCRIPTION_CREATOR_SHARE_PERCENT) / 100);
  const [wallet, earnings, platform] = await Promise.all([walletOf(db, p.from), earningsOf(db, p.creator), systemAccount(db, 'platform_revenue')]);
  return move(db, {
    idempotencyKey: p.key,
    kind: 'subscription',
    alongside: p.alongside,
    legs: [
      { accountId: wallet, amount: -amount },
      { accountId: earnings, amount: creatorShare },
      { accountId: platform, amount: amount - creatorShare },
    ],
  });
}

export const payoutPendingOf = (db: D1Database, memberId: number) => findOrCreateAccount(db, 'payout_pending', memberId);

/** A creator asks to withdraw: their earnings -> their payout_pending (alongside: the withdrawal's row). */
export async function payoutRequest(db: D1Database, p: { memberId: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  const [from, to] = await Promise.all([earningsOf(db, p.memberId), payoutPendingOf(db, p.memberId)]);
  return transfer(db, p.key, 'payout_request', from, to, amount, p.alongside);
}

/** A withdrawal cancelled by its creator or rejected by an operator: payout_pending -> earnings. */
export async function payoutReturn(db: D1Database, p: { memberId: number; amount: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  const [from, to] = await Promise.all([payoutPendingOf(db, p.memberId), earningsOf(db, p.memberId)]);
  return transfer(db, p.key, 'payout_cancel', from, to, amount, p.alongside);
}

/**
 * A withdrawal paid: the luv leaves payout_pending, its fee to platform_revenue and the rest to pg_clearing
 * (the money went out by bank transfer: the creator's net and the tax withheld for the tax office).
 */
export async function payoutPaid(db: D1Database, p: { memberId: number; amount: number; feeLuv: number; key: string; alongside?: readonly D1PreparedStatement[] }): Promise<MoveResult> {
  const amount = checkPositive(p.amount);
  if (!Number.isSafeInteger(p.feeLuv) || p.feeLuv < 0 || p.feeLuv >= amount) throw badAmount();
  const [pending, clearing, platform] = await Promise.all([payoutPendingOf(db, p.memberId), systemAccount(db, 'pg_clearing'), systemAccount(db, 'platform_revenue')]);
  const legs: Leg[] = [
    { accountId: pending, amount: -amount },
    { accountId: clearing, amount: amount - p.feeLuv },
  ];
  if (p.feeLuv > 0) legs.push({ accountId: platform, amount: p.feeLuv });
  return move(db, { idempotencyKey: p.key, kind: 'payout_paid', legs, alongside: p.alongside });
}
