import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { memberLevelInfoSchema, rankingsQuerySchema, rankingsResponseSchema } from '../../shared/fan-schemas';
import { memberLevelInfo, rankings } from '../services/fans';

/** The member's level and the gift rankings (docs/product/money.md, "Exchange event, levels and rankings"). Members only. */
export const fanRoutes = new Hono<ApiEnv>()
  .get(
    '/api/my/member-level-info',
    operation({
      tag: 'Fans',
      summary: "The member's level from the luv they sent to creators (gifts and subscriptions), with its icon",
      description: 'Levels 1-10 from 0, 100, 300, 1,000, 3,000, 10,000, 30,000, 100,000, 300,000 and 1,000,000 luv sent. icon is null when isMemberLevelIconEnabled is off.',
      ok: memberLevelInfoSchema,
    }),
    requireMember(),
    async (c) => c.json(await memberLevelInfo(c.env.DB, c.var.session.memberId)),
  )
  .get(
    '/api/my/rankings',
    operation({
      tag: 'Fans',
      summary: "Gift rankings: top senders and channels of the period, the member's channel's top fans, and the member's rank among each supported channel's fans",
      description:
        "period: week (from Monday 00:00 KST, the default), month (from the 1st, KST) or all. Luv gifts only; ties share a rank. Ten a list. topSenders and topChannels are the same for every member and may be up to 60 seconds old (read once a minute, as other streaming sites' rankings lag); the member's own figures are current: me.amount, myChannel and myFanRanks, and me.rank places the member's current total among the other senders' totals of topSenders' reading.",
      ok: rankingsResponseSchema,
    }),
    requireMember(),
    validate('query', rankingsQuerySchema),
    async (c) => c.json(await rankings(c.env.DB, c.var.session.memberId, c.req.valid('query').period)),
  );
