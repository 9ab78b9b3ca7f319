// A member's standing as a fan: their level from the luv they sent (src/shared/member-levels.ts), and the gift
// rankings a streaming site shows (as SOOP and CHZZK do): this period's top senders and top channels, the
// top fans of the member's own channel, and the member's place among the fans of the channels they support.

import { findChannelByOwner } from '../../db/channels';
import { fanRanksOf, luvSent, luvSentOf, memberRefs, type PeriodBound, periodBound, sentSince, type SenderRankRow, senderTotals, topChannels, topFansEver, topFansOf } from '../../db/rankings';
import { hiddenSupporterIds } from '../../db/messages';
import { TtlCache } from '../../lib/ttl-cache';
import { levelFor, levelIcon, nextLevel } from '../../shared/member-levels';
import type { ChannelRank, MemberLevelInfo, RankingsResponse, SenderRank } from '../../shared/fan-schemas';
import { RANKING_LISTS_TTL_MS, RANKING_SIZE, type RankingPeriod } from '../../shared/rankings';
import { kstPeriodStart } from './channels';
import { memberSettings } from './settings';

/** The member's isMemberLevelIconEnabled setting (one of the page settings of POST /api/my/setting). */
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
  const [settings, fans] = await Promise.all([memberSettings(db, memberId), topFansEver(db, creatorId, BIG_FANS_PER_CHANNEL)]);
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

/** Luv sent of all time by the members the lists show, for their levels: kept as long as the lists. */
const sentOfShown = new TtlCache<number, number>(RANKING_LISTS_TTL_MS);

/** A sender of a list before it is shown to a member: who they are decides whether that member sees their name. */
type RankedSender = Omit<SenderRank, 'anonymous'> & { memberId: number };

async function withLevels(db: D1Database, rows: SenderRankRow[]): Promise<RankedSender[]> {
  const ids = rows.map((r) => r.memberId);
  // One read for all of them when any is not kept (each one's all-time total reads its wallet's every entry).
  let all: Promise<Map<number, number>> | undefined;
  const readAll = () => {
    all ??= luvSentOf(db, ids);
    return all;
  };
  const sent = await Promise.all(ids.map((id) => sentOfShown.get(id, async () => (await readAll()).get(id) ?? 0)));
  return rows.map((r, i) => ({ ...r, level: levelFor(sent[i]!).level }));
}

/**
 * The senders as `viewerId` sees them: one who turned isSponser off is an anonymous supporter to everyone but
 * themselves. Read on every call, not kept with the lists, so turning it off hides them at once.
 */
async function shownTo(db: D1Database, viewerId: number, lists: RankedSender[][]): Promise<SenderRank[][]> {
  const hidden = await hiddenSupporterIds(
    db,
    lists.flat().map((r) => r.memberId),
  );
  return lists.map((rows) => rows.map(({ memberId, ...r }) => (hidden.has(memberId) && memberId !== viewerId ? { ...r, loginId: '', nickname: '', anonymous: true } : { ...r, anonymous: false })));
}

/** What every member sees the same for a period: read once per isolate per RANKING_LISTS_TTL_MS. */
interface PeriodLists {
  since: number;
  topSenders: RankedSender[];
  topChannels: ChannelRank[];
  /** Every sender's total of the period, largest first: anyone's place among them without reading the period again. */
  senderAmounts: number[];
}

const periodLists = new TtlCache<RankingPeriod, PeriodLists>(RANKING_LISTS_TTL_MS);
/** Kept once found (it never changes, see periodBound); a TtlCache so clearAllCaches() forgets it too. */
const periodBounds = new TtlCache<number, PeriodBound | null>(24 * 60 * 60_000);

async function loadLists(db: D1Database, since: number): Promise<PeriodLists> {
  const seconds = Math.floor(since / 1000);
  const [totals, channels] = await Promise.all([senderTotals(db, seconds), topChannels(db, seconds, RANKING_SIZE)]);
  const top = totals.slice(0, RANKING_SIZE);
  const refs = await memberRefs(
    db,
    top.map((t) => t.memberId),
  );
  // Ties share a rank (SQL RANK()): the rank is one more than the number of larger totals.
  const ranked = top.flatMap((t) => {
    const ref = refs.get(t.memberId);
    return ref ? [{ rank: 1 + totals.findIndex((o) => o.amount === t.amount), memberId: t.memberId, loginId: ref.loginId, nickname: ref.nickname, amount: t.amount }] : [];
  });
  return { since, topSenders: await withLevels(db, ranked), topChannels: channels, senderAmounts: totals.map((t) => t.amount) };
}

async function listsOf(db: D1Database, period: RankingPeriod, since: number): Promise<PeriodLists> {
  const lists = await periodLists.get(period, () => loadLists(db, since));
  // A new week or month began within the interval: the period's lists are read again, not carried over.
  return lists.since === since ? lists : periodLists.get(period, () => loadLists(db, since), { fresh: true });
}

async function boundOf(db: D1Database, seconds: number): Promise<PeriodBound | null> {
  const bound = await periodBounds.get(seconds, () => periodBound(db, seconds));
  // No gift in the period yet: asked again, since the first one may have come meanwhile.
  return bound ?? periodBounds.get(seconds, () => periodBound(db, seconds), { fresh: true });
}

/** How many of the (largest first) amounts are above `amount`. */
function countAbove(amounts: readonly number[], amount: number): number {
  let lo = 0;
  let hi = amounts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (amounts[mid]! > amount) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The lists everyone sees (top senders, top channels) are at most RANKING_LISTS_TTL_MS old; what is the
 * member's own is read now from the period's entries of their own accounts and of the channels they gave to:
 * their total, their channel's fans (their levels as old as the lists') and their place among each channel's fans. Their place among all senders
 * compares their total of now with the others' totals of the lists (a member's own totals only grow, so the
 * lists' older figure for them never counts above it).
 */
export async function rankings(db: D1Database, memberId: number, period: RankingPeriod, now = Date.now()): Promise<RankingsResponse> {
  const since = rankingSince(period, now);
  const seconds = Math.floor(since / 1000);
  const [lists, bound, channel] = await Promise.all([listsOf(db, period, since), boundOf(db, seconds), findChannelByOwner(db, memberId)]);
  const [amount, fans, fanRanks] = bound
    ? await Promise.all([
        sentSince(db, memberId, bound, seconds),
        channel ? topFansOf(db, memberId, bound, seconds, RANKING_SIZE).then((rows) => withLevels(db, rows)) : null,
        fanRanksOf(db, memberId, bound, seconds, RANKING_SIZE),
      ])
    : [0, [], []];
  const [topSenders, myFans] = await shownTo(db, memberId, [lists.topSenders, fans ?? []]);
  return {
    period,
    since,
    topSenders: topSenders!,
    topChannels: lists.topChannels,
    myChannel: channel ? { channelId: channel.id, fans: myFans! } : null,
    myFanRanks: fanRanks,
    me: { amount, rank: amount > 0 ? 1 + countAbove(lists.senderAmounts, amount) : null },
  };
}
