// A member's standing as a fan: their level (GET /api/my/member-level-info) and the rankings
// (GET /api/my/rankings). Levels are src/shared/member-levels.ts; rankings count luv gifts (ledger kind 'gift').

import * as z from 'zod';
import { RANKING_PERIODS } from './rankings';

const luv = z.int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const memberLevelInfoSchema = z
  .object({
    level: z.int().min(1),
    /** The icon's id (level-N); null when the member turned isMemberLevelIconEnabled off. */
    icon: z.string().nullable(),
    /** The icon's colour, for clients that draw it themselves. */
    color: z.string(),
    isMemberLevelIconEnabled: z.boolean(),
    /** Luv sent to creators: gifts and subscription payments. */
    sent: luv,
    /** Luv sent from which this level holds, and the next level's (null at the top). */
    levelFrom: luv,
    nextLevelFrom: luv.nullable(),
  })
  .meta({ id: 'MemberLevelInfo' });
export type MemberLevelInfo = z.infer<typeof memberLevelInfoSchema>;

export const rankingsQuerySchema = z.object({ period: z.enum(RANKING_PERIODS).default('week') });

const memberRef = { loginId: z.string(), nickname: z.string() };
export const senderRankSchema = z
  .object({
    rank: z.int().positive(),
    ...memberRef,
    amount: luv,
    level: z.int().min(1),
    /** A sender who chose not to be shown (settings isSponser off), seen by anyone but themselves: loginId and nickname are empty. */
    anonymous: z.boolean(),
  })
  .meta({ id: 'SenderRank' });
export type SenderRank = z.infer<typeof senderRankSchema>;
export const channelRankSchema = z.object({ rank: z.int().positive(), channelId: z.int().positive(), title: z.string(), ...memberRef, amount: luv }).meta({ id: 'ChannelRank' });
export type ChannelRank = z.infer<typeof channelRankSchema>;
export const fanRankSchema = z
  .object({ channelId: z.int().positive(), title: z.string(), ...memberRef, amount: luv, rank: z.int().positive(), fans: z.int().positive() })
  .meta({ id: 'FanRank', description: "The member's place among one channel's fans: the creator, what the member gave, their rank and how many fans gave" });
export type FanRank = z.infer<typeof fanRankSchema>;

export const rankingsResponseSchema = z
  .object({
    period: z.enum(RANKING_PERIODS),
    /** Start of the period, epoch ms (week: Monday 00:00 KST; month: the 1st, 00:00 KST; all: 0). */
    since: z.int().nonnegative(),
    /** The members who gave the most luv, over all channels. */
    topSenders: z.array(senderRankSchema),
    /** The channels that received the most luv. */
    topChannels: z.array(channelRankSchema),
    /** The member's own channel's top fans (null when they have no channel). */
    myChannel: z.object({ channelId: z.int().positive(), fans: z.array(senderRankSchema) }).nullable(),
    /** Where the member stands among the fans of the channels they gave to most (up to 10). */
    myFanRanks: z.array(fanRankSchema),
    /** The member's own total and place among all senders (rank null when they gave nothing). */
    me: z.object({ amount: luv, rank: z.int().positive().nullable() }),
  })
  .meta({ id: 'RankingsResponse' });
export type RankingsResponse = z.infer<typeof rankingsResponseSchema>;
