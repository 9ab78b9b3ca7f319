import { chatMemberStanding, type ChatStanding } from '../db/chat';

/**
 * How long a role read from D1 may decide a plain message. Actions, announcements and the targets of actions
 * always read it afresh, so a moderator whose role was lowered (`npm run ops -- role`) loses moderation on the
 * socket they have open, and one whose role was raised gains it, without reconnecting (docs/security.md, "Access").
 */
export const ROLE_FRESH_MS = 5_000;
/** Members remembered per room before the cache starts over (a big room's writers, not its audience). */
const MAX_REMEMBERED = 5_000;

interface Entry {
  at: number;
  standing: Promise<ChatStanding | null>;
}

/**
 * Chat roles and the site's sanctions (a mute in every room, a suspension or block) as D1 has them now, for the
 * hub's decisions: a socket's ticket says what the role was when it was issued, and a room must not keep deciding
 * by that. One read in flight per member: writes of one member that
 * wait on it go on in the order they came.
 */
export class RoleCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly db: () => D1Database) {}

  current(memberId: number, maxAgeMs: number, now = Date.now()): Promise<ChatStanding | null> {
    const hit = this.entries.get(memberId);
    if (hit && now - hit.at <= maxAgeMs) return hit.standing;
    if (this.entries.size >= MAX_REMEMBERED) this.entries.clear();
    const standing = chatMemberStanding(this.db(), memberId);
    this.entries.set(memberId, { at: now, standing });
    // A failed read is not remembered: the next decision asks again.
    standing.catch(() => this.entries.get(memberId)?.standing === standing && this.entries.delete(memberId));
    return standing;
  }
}
