// A member's own watch lists: recently watched, gifted and subscribed channels (each row carrying its
// channel's live, if any), and their recorded streams.

import { memberSettings } from './settings';
import type { ChannelListItem, DeletedResponse, ListResponse, RemovedResponse, StreamCard, WatchRecordedResponse } from '../../shared/streams-api';
import { channelExists, findChannelByOwner } from '../../db/channels';
import { listRecorded, openLivesOf } from '../../db/streams';
import type { PageRequest } from '../../shared/paging';
import { deleteWatches, hideEndedSubscriptions, hideGifts, listChannels, upsertWatch, type MemberList } from '../../db/watch-history';
import { thumbnailUrl, toStreamCard } from './streams';
import { Refusal } from '../../lib/errors';
import { notFoundChannel } from './watch-error';
import type { PlanId } from '../../shared/subscription-plans';

export async function memberChannelList(db: D1Database, list: MemberList, memberId: number, page: PageRequest): Promise<ListResponse<ChannelListItem>> {
  const { rows, total } = await listChannels(db, list, memberId, page);
  const lives = await openLivesOf(
    db,
    rows.map((r) => r.channelId),
  );
  const items = rows.map((r): ChannelListItem => {
    const live = lives.get(r.channelId);
    return {
      channelId: r.channelId,
      creator: { loginId: r.ownerLoginId, nickname: r.ownerNickname },
      title: r.title,
      thumbnailUrl: thumbnailUrl(r.channelId, r.thumbnailAt, r.thumbnailGated === 1),
      live: live ? toStreamCard(live) : null,
      at: r.at,
      ...(list === 'subscriptions' ? { status: r.status!, expiresAt: r.expiresAt, plan: (r.plan as PlanId | null) ?? null } : {}),
      ...(list === 'present' ? { totalAmount: r.totalAmount ?? 0 } : {}),
    };
  });
  return { items, offset: page.offset, limit: page.limit, total };
}

export async function recordWatch(db: D1Database, memberId: number, channelId: number, now = Date.now()): Promise<WatchRecordedResponse> {
  if (!(await channelExists(db, channelId))) throw notFoundChannel();
  // The member's isView setting off: watching is not recorded (the answer is the same, nothing is kept).
  if ((await memberSettings(db, memberId)).isView) await upsertWatch(db, memberId, channelId, now);
  return { channelId, watchedAt: now };
}

const nothingThere = () => new Refusal(404, 'NOT_IN_LIST', 'errors.listEntryNotFound');

/** Forget one channel ('all': every one) from the recently watched list. */
export async function forgetWatch(db: D1Database, memberId: number, channelId: number | 'all'): Promise<DeletedResponse> {
  const deleted = await deleteWatches(db, memberId, channelId === 'all' ? null : channelId);
  if (deleted === 0 && channelId !== 'all') throw nothingThere();
  return { deleted };
}

/** Take one channel ('all': every one) off the gift-view list. */
export async function hideGift(db: D1Database, memberId: number, channelId: number | 'all'): Promise<DeletedResponse> {
  const deleted = await hideGifts(db, memberId, channelId === 'all' ? null : channelId);
  if (deleted === 0 && channelId !== 'all') throw nothingThere();
  return { deleted };
}

/** Hide ended subscriptions from the list; any active one among them refuses the whole call. */
export async function removeSubscriptions(db: D1Database, memberId: number, channelIds: number[]): Promise<RemovedResponse> {
  const removed = await hideEndedSubscriptions(db, memberId, [...new Set(channelIds)]);
  if (removed === null) throw new Refusal(409, 'SUBSCRIPTION_ACTIVE', 'errors.subscriptionActive');
  return { removed };
}

/** A channel's recordings (default: the member's own channel; none when they have no channel). */
export async function recordedList(db: D1Database, memberId: number | null, channelId: number | undefined, page: PageRequest): Promise<ListResponse<StreamCard>> {
  if (channelId !== undefined && !(await channelExists(db, channelId))) throw notFoundChannel();
  const id = channelId ?? (memberId === null ? undefined : (await findChannelByOwner(db, memberId))?.id);
  if (id === undefined) return { items: [], offset: page.offset, limit: page.limit, total: 0 };
  const { rows, total } = await listRecorded(db, id, page);
  return { items: rows.map(toStreamCard), offset: page.offset, limit: page.limit, total };
}
