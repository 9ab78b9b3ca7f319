// Coupons: a member types a code and the promotions pool grants its luv to their wallet, once per member and
// never more often than the coupon allows. The checks before the batch only pick the refusal's message; what
// makes a use apply exactly once is the batch itself (src/db/coupons.ts): the grant, the redemption row and
// the count commit together, and each of them throws when it cannot apply.

import { findCoupon, insertCouponStatements, redemptionStatements } from '../../db/coupons';
import { memberBalance } from '../../db/ledger';
import { auditStatement } from '../../db/staff-audit';
import { Refusal } from '../../lib/errors';
import type { CouponMint, CouponMintRequest, CouponResponse } from '../../shared/shop-schemas';
import { couponGrant } from './ledger';
import { isConflict } from '../../db/conflict';

/** What people type, as codes are stored: full-width letters folded, upper case, no dashes or spaces. */
export const normalizeCouponCode = (typed: string) => typed.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '');

const notFound = () => new Refusal(404, 'COUPON_NOT_FOUND', 'coupon.errors.notFound');
const expired = () => new Refusal(409, 'COUPON_EXPIRED', 'coupon.errors.expired');
const exhausted = () => new Refusal(409, 'COUPON_EXHAUSTED', 'coupon.errors.exhausted');
const alreadyUsed = () => new Refusal(409, 'COUPON_ALREADY_USED', 'coupon.errors.alreadyUsed');

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
    if (isConflict(error, 'unique', 'coupon_redemptions.coupon_id')) throw alreadyUsed();
    if (isConflict(error, 'check', 'coupon_exhausted')) throw exhausted();
    if (isConflict(error, 'trigger', 'coupon_expired')) throw expired();
    throw error;
  }
  // The same member's use that committed first (its key is this member's and this coupon's).
  if (result.status === 'replayed') throw alreadyUsed();
  return { luv: coupon.luv, balance: await memberBalance(db, memberId, 'wallet') };
}

/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. 31^12 codes (59 bits). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_GROUPS = 3;
const CODE_GROUP_LENGTH = 4;
/** A mint whose random codes met a taken one is drawn again; with 59 bits a second clash is not expected. */
const MINT_ATTEMPTS = 3;

/** A random code as stored (12 characters, no dashes), each character uniform: bytes past the last whole alphabet are drawn again. */
export function newCouponCode(): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = '';
  while (code.length < CODE_GROUPS * CODE_GROUP_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && code.length < CODE_GROUPS * CODE_GROUP_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** As people read it: XXXX-XXXX-XXXX. */
export const displayCouponCode = (code: string) => code.match(new RegExp(`.{1,${CODE_GROUP_LENGTH}}`, 'g'))!.join('-');

/**
 * Staff mint codes: every code and the mint's audit row commit in one batch, or none of them does. A code that is
 * taken already undoes the batch, and the mint is drawn again with new codes.
 */
export async function mintCoupons(db: D1Database, staffId: number, input: CouponMintRequest, now = Date.now()): Promise<CouponMint> {
  const mintId = crypto.randomUUID();
  const expiresAt = Math.floor(now / 1000) + input.days * 86_400;
  const mint = { mintId, luv: input.luv, expiresAt, maxRedemptions: input.uses };
  const audit = auditStatement(
    db,
    { actorId: staffId, action: 'coupon.mint', targetType: 'coupon-mint', targetId: mintId, after: { count: input.count, luv: input.luv, uses: input.uses, expiresAt: expiresAt * 1000 } },
    now,
  );
  for (let attempt = 1; ; attempt++) {
    const codes = Array.from({ length: input.count }, newCouponCode);
    try {
      await db.batch([...insertCouponStatements(db, codes, mint), audit]);
      return { mintId, codes: codes.map(displayCouponCode), luv: input.luv, uses: input.uses, expiresAt: expiresAt * 1000 };
    } catch (error) {
      if (attempt >= MINT_ATTEMPTS || !isConflict(error, 'unique', 'coupons.code')) throw error;
    }
  }
}
