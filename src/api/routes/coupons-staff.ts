import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import { couponMintRequestSchema, couponMintResponseSchema } from '../../shared/shop-schemas';
import { STAFF_API_PATHS } from '../../shared/staff-paths';
import { mintCoupons } from '../services/coupons';

/** Staff (P and O members) mint coupons: the console and `npm run ops -- coupon`. */
export const couponStaffRoutes = new Hono<ApiEnv>().post(
  STAFF_API_PATHS.coupons,
  operation({
    tag: 'Staff',
    summary: 'Mint coupon codes worth luv each (members use them at POST /api/shoppings/useCoupon)',
    description: 'count codes (default 1), valid days (default 30), each usable by uses members (default 1). The codes and the mint’s staff audit row are written together.',
    ok: couponMintResponseSchema,
  }),
  requireMember(),
  requireStaff(),
  validate('json', couponMintRequestSchema),
  async (c) => c.json(await mintCoupons(c.env.DB, c.var.session.memberId, c.req.valid('json')), 200, { 'cache-control': 'no-store' }),
);
