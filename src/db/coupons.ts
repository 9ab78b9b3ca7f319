// Coupon queries (migration 0009): a coupon by its code, and the two statements of a redemption, which run
// in the ledger's batch beside the grant (src/api/services/coupons.ts). Codes are stored normalized.

export interface CouponRow {
  id: number;
  code: string;
  luv: number;
  /** Epoch seconds. */
  expiresAt: number;
  maxRedemptions: number;
  redeemedCount: number;
  /** Whether this member has used it already. */
  usedByMember: number;
}

/** A coupon by its normalized code, with whether this member used it. */
export function findCoupon(db: D1Database, code: string, memberId: number): Promise<CouponRow | null> {
  return db
    .prepare(
      `SELECT c.id, c.code, c.luv, c.expires_at AS expiresAt, c.max_redemptions AS maxRedemptions, c.redeemed_count AS redeemedCount,
         EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.member_id = ?2) AS usedByMember
       FROM coupons c WHERE c.code = ?1`,
    )
    .bind(code, memberId)
    .first<CouponRow>();
}

/**
 * The statements of one redemption, each throwing when it cannot apply (so the batch they are in is undone):
 * the redemption row throws on a member's second use (UNIQUE coupon_redemptions.coupon_id, member_id) and on
 * an expired coupon (trigger: coupon_expired); the count throws on one use too many (CHECK coupon_exhausted).
 */
export function redemptionStatements(db: D1Database, couponId: number, memberId: number): D1PreparedStatement[] {
  return [
    db.prepare('INSERT INTO coupon_redemptions (coupon_id, member_id) VALUES (?1, ?2)').bind(couponId, memberId),
    db.prepare('UPDATE coupons SET redeemed_count = redeemed_count + 1 WHERE id = ?1').bind(couponId),
  ];
}

/** D1 binds at most 100 parameters a statement: 4 shared by a mint's codes, the rest codes. */
const CODES_PER_STATEMENT = 90;

export interface CouponMintRow {
  mintId: string;
  luv: number;
  /** Epoch seconds, as stored. */
  expiresAt: number;
  maxRedemptions: number;
}

/**
 * The statements that store a mint's codes (normalized), for one batch beside its audit row. A code taken already
 * (or twice in `codes`) makes its statement throw (UNIQUE coupons.code), which undoes the whole batch.
 */
export function insertCouponStatements(db: D1Database, codes: string[], mint: CouponMintRow): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < codes.length; start += CODES_PER_STATEMENT) {
    const chunk = codes.slice(start, start + CODES_PER_STATEMENT);
    const rows = chunk.map((_, i) => `(?${i + 5}, ?1, ?2, ?3, ?4)`).join(', ');
    statements.push(db.prepare(`INSERT INTO coupons (code, luv, expires_at, max_redemptions, mint_id) VALUES ${rows}`).bind(mint.luv, mint.expiresAt, mint.maxRedemptions, mint.mintId, ...chunk));
  }
  return statements;
}
