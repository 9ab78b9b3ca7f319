// The development-only calls under /__dev (404 in production): their request and answer shapes.
import { z } from 'zod';

/** POST /__dev/luv/fund: luv put in a member's wallet as if they had bought it (benches and local trials). */
export const devFundRequestSchema = z.strictObject({
  loginId: z.string().min(1).max(50),
  amount: z.int().min(1).max(100_000_000),
});
export const devFundResponseSchema = z.object({ balance: z.int().describe("The wallet's balance after the credit") });
export type DevFundResponse = z.infer<typeof devFundResponseSchema>;

/** POST /__dev/bench/increment: the bench's bare D1 write. */
export const devIncrementResponseSchema = z.object({ ok: z.literal(true) });
