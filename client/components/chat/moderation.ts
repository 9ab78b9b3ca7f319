import type { ChatActionName, ChatUser } from '../../../src/shared/chat-protocol';
// The room's own rules (type-only imports, no Worker APIs): the menu offers exactly what the room
// would allow, and the room still decides.
import { mayAct, mayTarget, standingOf, type Standing } from '../../../src/shared/chat-permissions';

export interface ModerationChoice {
  action: ChatActionName;
  seconds?: number;
  /** Locale key of the menu item. */
  label: string;
}

const CHOICES: ModerationChoice[] = [
  { action: 'delete_message', label: 'chat.mod.deleteMessage' },
  { action: 'mute', seconds: 60, label: 'chat.mod.mute60' },
  { action: 'mute', seconds: 600, label: 'chat.mod.mute600' },
  { action: 'unmute', label: 'chat.mod.unmute' },
  { action: 'kick', label: 'chat.mod.kick' },
  { action: 'blacklist', label: 'chat.mod.blacklist' },
  { action: 'unblacklist', label: 'chat.mod.unblacklist' },
];

export const standingOfUser = (user: ChatUser | null): Standing => (user ? standingOf(user.role, user.badge) : 0);

/** What `me` may do to `target` from the target's message; empty for themselves and their betters. */
export function moderationActions(me: ChatUser | null, target: ChatUser): ModerationChoice[] {
  if (!me || me.loginId.toLowerCase() === target.loginId.toLowerCase()) return [];
  const mine = standingOfUser(me);
  if (!mayTarget(mine, standingOfUser(target))) return [];
  const choices = CHOICES.filter((c) => mayAct(mine, c.action));
  if (target.badge !== 'creator' && mayAct(mine, 'manager_assign')) {
    choices.push(target.badge === 'manager' ? { action: 'manager_unassign', label: 'chat.mod.managerUnassign' } : { action: 'manager_assign', label: 'chat.mod.managerAssign' });
  }
  return choices;
}

/** Freezing the room (only moderators and above write while frozen). */
export const mayFreeze = (me: ChatUser | null) => mayAct(standingOfUser(me), 'freeze');
