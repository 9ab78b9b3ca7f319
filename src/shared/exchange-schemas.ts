// The exchange event (docs/product/money.md, "Exchange event, levels and rankings"): a member converts received luv (earnings) into spendable luv
// (wallet) at the event's rate, within a cap per member and a total cap. The event lives in KV
// `exchange_event` (npm run ops -- exchange set ...); what was applied is counted in D1 (migration 0015).
//
// The rate is an integer per mille (1100 = x1.1), never a float. The wallet gets floor(amount * rate / 1000):
// rounded down, so the platform never gives more than the rate says. The difference comes from (rate above
// 1) or goes to (rate below 1) the promotions account. Caps count applied earnings luv (before the rate).

import * as z from 'zod';

const luv = z.int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const epochMs = z.int().nonnegative();

/** Per mille: 1000 is 1:1. At most x10, at least x0.001. */
export const MAX_RATE_PERMILLE = 10_000;

/** KV `exchange_event`: the event as ops set it. */
export const exchangeEventSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
    startsAt: epochMs,
    endsAt: epochMs,
    ratePermille: z.int().min(1).max(MAX_RATE_PERMILLE),
    memberCap: luv,
    totalCap: luv,
  })
  .refine((e) => e.endsAt > e.startsAt, { message: 'endsAt must be after startsAt' });
export type ExchangeEvent = z.infer<typeof exchangeEventSchema>;

export { creditedFor } from './exchange-rules';

export const EXCHANGE_STATES = ['none', 'upcoming', 'open', 'ended'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const exchangeStatusSchema = z
  .object({
    /** none: no event is set; upcoming: before its start; open: applies are taken; ended: after its end. */
    state: z.enum(EXCHANGE_STATES),
    eventId: z.string().nullable(),
    startsAt: epochMs.nullable(),
    endsAt: epochMs.nullable(),
    ratePermille: z.int().positive().nullable(),
    memberCap: luv.nullable(),
    totalCap: luv.nullable(),
    /** The server's clock, epoch ms. */
    now: epochMs,
  })
  .meta({ id: 'ExchangeStatus' });
export type ExchangeStatus = z.infer<typeof exchangeStatusSchema>;

export const exchangeRateSchema = z
  .object({
    eventId: z.string(),
    /** Per mille (1100 = 110 wallet luv for 100 earnings luv). */
    ratePermille: z.int().positive(),
    /** The same rate as a decimal, for display only. */
    rate: z.number().positive(),
    rounding: z.literal('down'),
  })
  .meta({ id: 'ExchangeRate' });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeTotalSchema = z.object({ eventId: z.string(), totalCap: luv, applied: luv, remaining: luv }).meta({ id: 'ExchangeTotal', description: 'All members together, in earnings luv' });
export type ExchangeTotal = z.infer<typeof exchangeTotalSchema>;

export const exchangeNowSchema = z
  .object({
    eventId: z.string(),
    memberCap: luv,
    /** What this member has applied in this event. */
    applied: luv,
    /** memberCap - applied. */
    remaining: luv,
    /** The member's earnings now. */
    earnings: luv,
    /** What one apply could take now: the least of remaining, the event's total left and earnings. */
    available: luv,
  })
  .meta({ id: 'ExchangeNow', description: "The member's own amounts, in earnings luv" });
export type ExchangeNow = z.infer<typeof exchangeNowSchema>;

export const exchangeApplyRequestSchema = z
  .strictObject({
    /** Earnings luv to convert. */
    amount: z.int().positive().max(Number.MAX_SAFE_INTEGER),
    /**
     * The client's id for this request: a retry with the same key moves luv once. Optional: else the Idempotency-Key
     * header, else a second submit of the same amount within a few seconds is refused (src/lib/request-key.ts).
     */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .meta({ id: 'ExchangeApplyRequest' });
export type ExchangeApplyRequest = z.infer<typeof exchangeApplyRequestSchema>;

export const exchangeApplyResponseSchema = z
  .object({
    eventId: z.string(),
    /** Earnings luv converted. */
    amount: luv,
    /** Wallet luv received: floor(amount * ratePermille / 1000). */
    credited: luv,
    ratePermille: z.int().positive(),
    wallet: luv,
    earnings: luv,
    /** The member's applied amount in this event after this apply, and what is left of their cap. */
    applied: luv,
    remaining: luv,
    movementId: z.int().positive(),
    /** True when an earlier call with the same key applied (nothing moved this time). */
    replayed: z.boolean(),
  })
  .meta({ id: 'ExchangeApplyResponse' });
export type ExchangeApplyResponse = z.infer<typeof exchangeApplyResponseSchema>;
