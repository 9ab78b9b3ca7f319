import type { ChatActionName, MemberRole, RoomBadge } from './chat-protocol';

/**
 * Who may do what in a room. The roles are P police, O operator, S ting operator, V member and
 * J genie; which of them may take which action is our own rule:
 *
 * | standing | who                              | may                                                      |
 * |----------|----------------------------------|----------------------------------------------------------|
 * | 4 staff  | P, O (site operators)            | everything in every room                                 |
 * | 3        | the channel's creator            | everything in their room                                 |
 * | 2        | S (ting operator), room managers | mute/unmute, kick, delete a message, freeze/unfreeze, announcements, start and end polls; write while frozen; no rate limit |
 * | 1        | V, J (J shows a genie badge)     | write, vote in a poll                                    |
 * | 0        | guests                           | read                                                     |
 *
 * Assigning managers, blacklisting and the creator's live-match / co-stream announcements take
 * standing 3. A targeted action needs a standing strictly above the target's, so managers cannot mute
 * each other or the creator, and nobody but staff touches staff (who are immune to mutes and bans).
 */
export type Standing = 0 | 1 | 2 | 3 | 4;

export const STAFF: Standing = 4;
export const CREATOR: Standing = 3;
export const MODERATOR: Standing = 2;

export function standingOf(role: MemberRole | null, badge: RoomBadge): Standing {
  if (role === null) return 0;
  if (role === 'P' || role === 'O') return STAFF;
  if (badge === 'creator') return CREATOR;
  if (badge === 'manager' || role === 'S') return MODERATOR;
  return 1;
}

const ACTION_NEEDS: Record<ChatActionName, Standing> = {
  manager_assign: CREATOR,
  manager_unassign: CREATOR,
  blacklist: CREATOR,
  unblacklist: CREATOR,
  mute: MODERATOR,
  unmute: MODERATOR,
  kick: MODERATOR,
  freeze: MODERATOR,
  unfreeze: MODERATOR,
  delete_message: MODERATOR,
};

/** Starting a poll and ending it early (docs/product/watching-and-chat.md, "Polls"). */
export const mayRunPolls = (s: Standing) => s >= MODERATOR;

export const ANNOUNCE_NEEDS = { announcement: MODERATOR, live_match: CREATOR, co_stream: CREATOR } as const;

export function mayAct(actor: Standing, action: ChatActionName): boolean {
  return actor >= ACTION_NEEDS[action];
}

/** A targeted action only reaches members below the actor. */
export function mayTarget(actor: Standing, target: Standing): boolean {
  return actor > target;
}

/** While frozen only moderators and above write; they also skip the rate limit and flood check. */
export const mayWriteFrozen = (s: Standing) => s >= MODERATOR;
export const rateExempt = (s: Standing) => s >= MODERATOR;
/** Staff cannot be muted, kicked or banned by a room. */
export const immune = (s: Standing) => s >= STAFF;
