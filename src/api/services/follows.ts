// Following channels: a member follows any channel but their own, turns its went-live notices on or off, and
// unfollows; the channel's count moves with each. The rules: docs/product/watching-and-chat.md, "Following".

import type { FollowState } from '../../shared/follow-schemas';
import { follow, followState, unfollow } from '../../db/follows';
import { findChannelByOwner } from '../../db/channels';
import { Refusal } from '../../lib/errors';
import { notFoundChannel } from './watch-error';

export async function followStateOf(db: D1Database, memberId: number | null, channelId: number): Promise<FollowState> {
  const state = await followState(db, memberId, channelId);
  if (!state) throw notFoundChannel();
  return state;
}

/** Follow (again: only `notify` changes, when given). A creator does not follow their own channel. */
export async function followChannel(db: D1Database, memberId: number, channelId: number, notify: boolean | undefined, now = Date.now()): Promise<FollowState> {
  const own = await findChannelByOwner(db, memberId);
  if (own?.id === channelId) throw new Refusal(400, 'FOLLOW_OWN_CHANNEL', 'follow.errors.own');
  if (!(await followState(db, null, channelId))) throw notFoundChannel();
  await follow(db, memberId, channelId, notify, now);
  return followStateOf(db, memberId, channelId);
}

export async function unfollowChannel(db: D1Database, memberId: number, channelId: number): Promise<FollowState> {
  await unfollow(db, memberId, channelId);
  return followStateOf(db, memberId, channelId);
}
