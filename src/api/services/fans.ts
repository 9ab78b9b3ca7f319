// A member's standing as a fan: their level from the luv they sent (src/shared/member-levels.ts), and the gift
// rankings a streaming site shows (as SOOP and CHZZK do): this period's top senders and top channels, the
// top fans of the member's own channel, and the member's place among the fans of the channels they support.

import { findChannelByOwner } from '../../db/channels';
import { fanRanksOf, luvSent, luvSentOf, senderStanding, topChannels, topSenders, type SenderRankRow } from '../../db/rankings';
import { levelFor, levelIcon, nextLevel } from '../../shared/member-levels';
import { type MemberLevelInfo, RANKING_SIZE, type RankingPeriod, type RankingsResponse, type SenderRank } from '../../shared/fan-schemas';
import { kstPeriodStart } from './channels';
import { memberSettings } from './settings';

/** The member's isMemberLevelIconEnabled setting (SPEC §3 member settings, POST /api/my/setting). */
export async function levelIconEnabled(db: D1Database, memberId: number): Promise<boolean> {
  return (await memberSettings(db, memberId)).isMemberLevelIconEnabled;
}

/** A channel's big fans (열혈팬, as SOOP calls them): its top senders of luv gifts of all time. */
export const BIG_FANS_PER_CHANNEL = 10;

/**
 * Whether the member shows the big-fan badge in this creator's room: among the creator's BIG_FANS_PER_CHANNEL
 * top senders of all time, and their isBigFan setting on.
 */
export async function shownBigFan(db: D1Database, memberId: number, creatorId: number): Promise<boolean> {
  if (memberId === creatorId) return false;
  const [settings, fans] = await Promise.all([memberSettings(db, memberId), topSenders(db, 0, BIG_FANS_PER_CHANNEL, creatorId)]);
  return settings.isBigFan && fans.some((fan) => fan.memberId === memberId);
}

export async function memberLevelInfo(db: D1Database, memberId: number): Promise<MemberLevelInfo> {
  const [sent, enabled] = await Promise.all([luvSent(db, memberId), levelIconEnabled(db, memberId)]);
  const level = levelFor(sent);
  return {
    level: level.level,
    icon: enabled ? levelIcon(level.level) : null,
    color: level.color,
    isMemberLevelIconEnabled: enabled,
    sent,
    levelFrom: level.from,
    nextLevelFrom: nextLevel(level.level)?.from ?? null,
  };
}

/** The level a member shows next to their name (their chat messages): null when they turned the icon off. */
export async function shownLevel(db: D1Database, memberId: number): Promise<number | null> {
  const [sent, enabled] = await Promise.all([luvSent(db, memberId), levelIconEnabled(db, memberId)]);
  return enabled ? levelFor(sent).level : null;
}

/** The period's start in epoch ms: Monday 00:00 KST for a week, the 1st 00:00 KST for a month, 0 for all time. */
export const rankingSince = (period: RankingPeriod, now: number) => (period === 'all' ? 0 : kstPeriodStart(period, now));

async function withLevels(db: D1Database, rows: SenderRankRow[]): Promise<SenderRank[]> {
  const sent = await luvSentOf(
    db,
    rows.map((r) => r.memberId),
  );
  return rows.map(({ memberId, ...r }) => ({ ...r, level: levelFor(sent.get(memberId) ?? 0).level }));
}

export async function rankings(db: D1Database, memberId: number, period: RankingPeriod, now = Date.now()): Promise<RankingsResponse> {
  const since = rankingSince(period, now);
  const seconds = Math.floor(since / 1000);
  const channel = await findChannelByOwner(db, memberId);
  const [senders, channels, fans, fanRanks, me] = await Promise.all([
    topSenders(db, seconds, RANKING_SIZE),
    topChannels(db, seconds, RANKING_SIZE),
    channel ? topSenders(db, seconds, RANKING_SIZE, memberId) : Promise.resolve(null),
    fanRanksOf(db, memberId, seconds, RANKING_SIZE),
    senderStanding(db, memberId, seconds),
  ]);
  return {
    period,
    since,
    topSenders: await withLevels(db, senders),
    topChannels: channels,
    myChannel: channel && fans ? { channelId: channel.id, fans: await withLevels(db, fans) } : null,
    myFanRanks: fanRanks,
    me,
  };
}
