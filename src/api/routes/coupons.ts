import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { couponRequestSchema, couponResponseSchema } from '../../shared/shop-schemas';
import { useCoupon } from '../services/coupons';

/** Coupons (docs/product/money.md, "Luv ledger"): members only. */
export const couponRoutes = new Hono<ApiEnv>().post(
  '/api/shoppings/useCoupon',
  operation({
    tag: 'Luv',
    summary: 'Use a coupon: its luv goes to the wallet',
    description: 'couponNumber is matched without case, dashes or spaces. Each coupon is usable once per member and at most as often as it was minted for (once, by default).',
    ok: couponResponseSchema,
    refusals: {
      404: 'No such coupon (COUPON_NOT_FOUND)',
      409: 'The coupon has expired (COUPON_EXPIRED), was used up (COUPON_EXHAUSTED), or this member used it already (COUPON_ALREADY_USED)',
    },
  }),
  requireMember(),
  validate('json', couponRequestSchema),
  async (c) => c.json(await useCoupon(c.env.DB, c.var.session.memberId, c.req.valid('json').couponNumber)),
);
