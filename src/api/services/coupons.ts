// Coupons: a member types a code and the promotions pool grants its luv to their wallet, once per member and
// never more often than the coupon allows. The checks before the batch only pick the refusal's message; what
// makes a use apply exactly once is the batch itself (src/db/coupons.ts): the grant, the redemption row and
// the count commit together, and each of them throws when it cannot apply.

import { findCoupon, redemptionStatements } from '../../db/coupons';
import { memberBalance } from '../../db/ledger';
import { Refusal } from '../../lib/errors';
import type { CouponResponse } from '../../shared/shop-schemas';
import { couponGrant } from './ledger';

/** What people type, as codes are stored: full-width letters folded, upper case, no dashes or spaces. */
export const normalizeCouponCode = (typed: string) => typed.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '');

const notFound = () => new Refusal(404, 'COUPON_NOT_FOUND', 'coupon.errors.notFound');
const expired = () => new Refusal(409, 'COUPON_EXPIRED', 'coupon.errors.expired');
const exhausted = () => new Refusal(409, 'COUPON_EXHAUSTED', 'coupon.errors.exhausted');
const alreadyUsed = () => new Refusal(409, 'COUPON_ALREADY_USED', 'coupon.errors.alreadyUsed');

const failedOn = (error: unknown, what: string) => error instanceof Error && error.message.includes(what);

export async function useCoupon(db: D1Database, memberId: number, couponNumber: string, now = Date.now()): Promise<CouponResponse> {
  const code = normalizeCouponCode(couponNumber);
  const coupon = /^[A-Z0-9]{4,40}$/.test(code) ? await findCoupon(db, code, memberId) : null;
  if (!coupon) throw notFound();
  if (coupon.usedByMember) throw alreadyUsed();
  if (coupon.expiresAt * 1000 <= now) throw expired();
  if (coupon.redeemedCount >= coupon.maxRedemptions) throw exhausted();

  let result: Awaited<ReturnType<typeof couponGrant>>;
  try {
    result = await couponGrant(db, { memberId, amount: coupon.luv, key: `coupon:${coupon.id}:${memberId}`, alongside: redemptionStatements(db, coupon.id, memberId) });
  } catch (error) {
    // Another use won the race since our read: the batch threw and wrote nothing.
    if (failedOn(error, 'coupon_redemptions.coupon_id')) throw alreadyUsed();
    if (failedOn(error, 'coupon_exhausted')) throw exhausted();
    if (failedOn(error, 'coupon_expired')) throw expired();
    throw error;
  }
  // The same member's use that committed first (its key is this member's and this coupon's).
  if (result.status === 'replayed') throw alreadyUsed();
  return { luv: coupon.luv, balance: await memberBalance(db, memberId, 'wallet') };
}
