import {
  CHAT_DEFAULT_KICK_S,
  CHAT_DEFAULT_MUTE_S,
  CHAT_DUPLICATE_WINDOW_MS,
  CHAT_HISTORY,
  CHAT_MAX_TEXT,
  CHAT_RATE,
  POLL_RESULTS_ON_JOIN,
  TARGETED_ACTIONS,
  type ActionResultFrame,
  type ChatErrorCode,
  type ChatUser,
  type ConnectionFrame,
  type EventFrame,
  type MessageFrame,
  type Poll,
  type PollFrame,
  type ServerFrame,
  type WriteFrame,
} from '../shared/chat-protocol';
import { ANNOUNCE_NEEDS, immune, mayAct, mayRunPolls, mayTarget, mayWriteFrozen, rateExempt, standingOf, type Standing } from '../shared/chat-permissions';
import type { RoomStore, SeenMember } from '../db/chat-room';
import { cleanText } from '../shared/text';
import type { ChatEmoji } from '../shared/emoji';
import type { ChatIdentity } from '../shared/chat-identity';
import { pollDraft } from '../shared/chat-polls';

/** Who a socket is: a signed-in member (from their ticket) or null for a guest. */
export type Identity = ChatIdentity;

/** A member the authority wants off the room (kick, blacklist): every shard closes their sockets. */
export interface Removal {
  loginId: string;
  code: 'KICKED' | 'BANNED';
}

export interface Outcome {
  /** To every joined socket of the room, in order. */
  broadcast: ServerFrame[];
  /** To the writer's socket only. */
  reply: ServerFrame[];
  removals: Removal[];
  /** What a poll write changed, for the room's timers: its alarm at a new poll's end, the batched tally after a vote. */
  poll?: { change: 'opened'; endsAt: number } | { change: 'voted' } | { change: 'ended' };
}

const refuse = (code: ChatErrorCode, until?: number | null): Outcome => ({
  broadcast: [],
  reply: [{ type: 'connection', status: 'error', code, ...(until !== undefined ? { until } : {}) }],
  removals: [],
});
const done = (broadcast: ServerFrame[], removals: Removal[] = []): Outcome => ({ broadcast, reply: [], removals });

const codePoints = (s: string) => [...s].length;

/**
 * The rules of one room, run by its hub (shard 0) for writes arriving from any shard. It never trusts
 * what a client says about itself: standing comes from the ticket's role, the channel's owner and the
 * room's own manager list.
 */
export class Authority {
  constructor(
    private readonly store: RoomStore,
    private readonly ownerId: number | null,
  ) {}

  user(who: Identity): ChatUser {
    const badge = who.memberId === this.ownerId ? 'creator' : this.store.isManager(who.loginId) ? 'manager' : null;
    return {
      loginId: who.loginId,
      nickname: who.nickname,
      role: who.role,
      badge,
      ...('subscriber' in who && who.subscriber ? { subscriber: true as const } : {}),
      ...('level' in who && who.level ? { level: who.level } : {}),
      ...('bigFan' in who && who.bigFan ? { bigFan: true as const } : {}),
      ...('avatar' in who && who.avatar ? { avatar: who.avatar } : {}),
      ...('channel' in who && who.channel ? { channel: true as const } : {}),
    };
  }

  standing(who: Identity | SeenMember | null): Standing {
    if (!who) return 0;
    return standingOf(who.role, this.user(who).badge);
  }

  frozen(): boolean {
    return this.store.getMeta('frozen') === '1';
  }

  /** Why this member may not (re)join now, if anything. */
  barred(who: Identity | null, now: number): ConnectionFrame | null {
    return who ? this.ban(who.loginId, this.standing(who), now) : null;
  }

  private ban(loginId: string, standing: Standing, now: number): ConnectionFrame | null {
    if (immune(standing)) return null;
    const banned = this.store.sanction(loginId, 'ban', now);
    if (banned === undefined) return null;
    return { type: 'connection', status: 'error', code: banned === null ? 'BANNED' : 'KICKED', until: banned };
  }

  join(who: Identity | null, now: number): { me: ChatUser | null; frozen: boolean; history: MessageFrame[]; poll: Poll | null; myVote: number | null; pollResults: Poll[] } {
    if (who) this.store.remember(who, now);
    const open = this.store.openPoll();
    const poll = open ? this.store.poll(open.id, now) : null;
    const myVote = poll && who ? this.store.myVote(poll.id, who.memberId) : null;
    return { me: who ? this.user(who) : null, frozen: this.frozen(), history: this.store.historyPage(CHAT_HISTORY), poll, myVote, pollResults: this.store.endedPolls(POLL_RESULTS_ON_JOIN, now) };
  }

  /** The open poll's end, when its time is up (the room's alarm, or the first write or join after it): null otherwise. */
  closeDuePoll(now: number): Outcome | null {
    const open = this.store.openPoll();
    return open && open.endsAt <= now ? this.endPoll(open.id, now) : null;
  }

  private endPoll(id: number, now: number): Outcome {
    if (!this.store.endPoll(id, now)) return done([]);
    const poll = this.store.poll(id, now)!;
    return { ...done([{ type: 'poll', status: 'ended', at: now, poll }]), poll: { change: 'ended' } };
  }

  /** The open poll's counts now, or null when none is open. */
  tally(): PollFrame | null {
    const open = this.store.openPoll();
    if (!open) return null;
    const votes = this.store.pollVotes(open.id);
    return { type: 'poll', status: 'tally', id: open.id, votes, total: votes.reduce((a, b) => a + b, 0) };
  }

  /** `emoji`: what the message's codes name in this room (src/chat/emoji.ts); only those it still shows are kept. */
  write(who: Identity | null, frame: WriteFrame, now: number, emoji: readonly ChatEmoji[] = []): Outcome {
    if (!who) return refuse('LOGIN_REQUIRED');
    // Who the writer is in this room, looked up once for the whole decision.
    const me = this.user(who);
    const standing = standingOf(me.role, me.badge);
    const barred = this.ban(me.loginId, standing, now);
    if (barred?.status === 'error') return refuse(barred.code, barred.until);
    if (frame.type === 'message') return this.message(me, standing, frame.text, now, emoji);
    if (frame.type === 'poll_start' || frame.type === 'poll_end' || frame.type === 'poll_vote') return this.pollWrite(who.memberId, me, standing, frame, now);
    if (frame.type === 'announce') {
      if (standing < ANNOUNCE_NEEDS[frame.kind]) return refuse('FORBIDDEN');
      const text = cleanText(frame.text);
      if (!text) return done([]);
      if (codePoints(text) > CHAT_MAX_TEXT) return refuse('TOO_LONG');
      return done([{ type: 'event', at: now, kind: frame.kind, text, by: me }]);
    }
    return this.action(me, standing, frame, now);
  }

  private message(from: ChatUser, standing: Standing, raw: string, now: number, emoji: readonly ChatEmoji[]): Outcome {
    const text = cleanText(raw);
    if (!text) return done([]);
    if (codePoints(text) > CHAT_MAX_TEXT) return refuse('TOO_LONG');
    if (!immune(standing)) {
      const muted = this.store.sanction(from.loginId, 'mute', now);
      if (muted !== undefined) return refuse('MUTED', muted);
    }
    if (this.frozen() && !mayWriteFrozen(standing)) return refuse('FROZEN');
    if (!rateExempt(standing)) {
      const recent = this.store.recentSends(from.loginId, now - CHAT_RATE.windowMs);
      if (recent.count >= CHAT_RATE.messages) return refuse('RATE_LIMITED', (recent.oldest ?? now) + CHAT_RATE.windowMs);
      const last = this.store.lastText(from.loginId);
      if (last && now - last.at < CHAT_DUPLICATE_WINDOW_MS && last.text.toLowerCase() === text.toLowerCase()) return refuse('DUPLICATE', last.at + CHAT_DUPLICATE_WINDOW_MS);
      this.store.noteSend(from.loginId, text, now);
    }
    // Cleaning may have cut a code apart: only emoji whose token is still in the words travel with them.
    const shown = emoji.filter((e) => text.includes(`:${e.code}:`));
    return done([this.store.appendMessage((id) => ({ type: 'message', id, at: now, from, text, ...(shown.length ? { emoji: shown } : {}) }))]);
  }

  /**
   * Polls: the creator and managers start one (one open at a time) and may end it early; a member votes once per
   * poll, counted by member ID whichever socket it comes from, and the vote is final. A muted member does not vote.
   */
  private pollWrite(memberId: number, me: ChatUser, standing: Standing, frame: Extract<WriteFrame, { type: 'poll_start' | 'poll_end' | 'poll_vote' }>, now: number): Outcome {
    const open = this.store.openPoll();
    if (frame.type === 'poll_start') {
      if (!mayRunPolls(standing)) return refuse('FORBIDDEN');
      if (open) return refuse('POLL_OPEN');
      const draft = pollDraft(frame);
      if (!draft) return refuse('POLL_INVALID');
      const id = this.store.startPoll(draft, me, now);
      return { ...done([{ type: 'poll', status: 'open', at: now, poll: this.store.poll(id, now)! }]), poll: { change: 'opened', endsAt: now + draft.seconds * 1000 } };
    }
    if (frame.type === 'poll_end') {
      if (!mayRunPolls(standing)) return refuse('FORBIDDEN');
      if (!open || open.id !== frame.id) return refuse('POLL_CLOSED');
      return this.endPoll(open.id, now);
    }
    if (!open || open.id !== frame.id) return refuse('POLL_CLOSED');
    if (!immune(standing)) {
      const muted = this.store.sanction(me.loginId, 'mute', now);
      if (muted !== undefined) return refuse('MUTED', muted);
    }
    if (frame.option >= this.store.pollVotes(open.id).length) return refuse('POLL_INVALID');
    const vote = this.store.vote(open.id, memberId, frame.option);
    if (!vote.counted) {
      // Why nothing changed, then the member's own choice (a second tab shows it).
      const refused = refuse('ALREADY_VOTED');
      return { ...refused, reply: [...refused.reply, { type: 'poll', status: 'voted', id: open.id, option: vote.option }] };
    }
    return { broadcast: [], reply: [{ type: 'poll', status: 'voted', id: open.id, option: frame.option }], removals: [], poll: { change: 'voted' } };
  }

  private action(by: ChatUser, standing: Standing, frame: Extract<WriteFrame, { type: 'action' }>, now: number): Outcome {
    const { action } = frame;
    if (!mayAct(standing, action)) return refuse('FORBIDDEN');
    const result = (target: SeenMember | null, seconds: number | null): ActionResultFrame => ({
      type: 'action',
      action,
      at: now,
      by,
      target: target ? { loginId: target.loginId, nickname: target.nickname } : null,
      seconds,
    });

    if (action === 'freeze' || action === 'unfreeze') {
      const on = action === 'freeze';
      if (this.frozen() === on) return done([]);
      this.store.setMeta('frozen', on ? '1' : null);
      return done([result(null, null)]);
    }
    if (!TARGETED_ACTIONS.has(action) || !frame.target) return refuse('BAD_TARGET');
    const target = this.store.seen(frame.target);
    if (!target) return refuse('TARGET_NOT_FOUND');
    if (target.loginId.toLowerCase() === by.loginId.toLowerCase()) return refuse('BAD_TARGET');
    const targetStanding = this.standing(target);
    if (!mayTarget(standing, targetStanding)) return refuse('FORBIDDEN');
    const targetRef = { loginId: target.loginId, nickname: target.nickname };

    switch (action) {
      case 'manager_assign':
      case 'manager_unassign': {
        const on = action === 'manager_assign';
        if (this.store.isManager(target.loginId) === on) return done([]);
        this.store.setManager(target.loginId, on, now);
        return done([result(target, null), { type: 'event', at: now, kind: 'role', target: targetRef, badge: this.user(target).badge }]);
      }
      case 'mute': {
        const seconds = frame.seconds || CHAT_DEFAULT_MUTE_S;
        this.store.setSanction(target.loginId, 'mute', now + seconds * 1000);
        return done([result(target, seconds)]);
      }
      case 'unmute':
        return this.store.clearSanction(target.loginId, 'mute') ? done([result(target, null)]) : done([]);
      case 'kick': {
        const seconds = frame.seconds ?? CHAT_DEFAULT_KICK_S;
        // A cooldown shorter than the one in force (or a blacklist) never shortens it.
        const current = this.store.sanction(target.loginId, 'ban', now);
        if (seconds > 0 && current !== null && (current === undefined || current < now + seconds * 1000)) this.store.setSanction(target.loginId, 'ban', now + seconds * 1000);
        const kicked: EventFrame = { type: 'event', at: now, kind: 'kick', target: targetRef, reason: 'kick', seconds };
        return done([result(target, seconds), kicked], [{ loginId: target.loginId, code: 'KICKED' }]);
      }
      case 'blacklist': {
        this.store.setSanction(target.loginId, 'ban', null);
        this.store.setManager(target.loginId, false, now);
        const banned: EventFrame = { type: 'event', at: now, kind: 'kick', target: targetRef, reason: 'blacklist', seconds: null };
        return done([result(target, null), banned], [{ loginId: target.loginId, code: 'BANNED' }]);
      }
      case 'unblacklist':
        return this.store.clearSanction(target.loginId, 'ban') ? done([result(target, null)]) : done([]);
      case 'delete_message': {
        // Only a message of the member named, still in the room's history (the newest CHAT_HISTORY).
        if (!frame.messageId || !this.store.deleteMessage(frame.messageId, target.loginId)) return refuse('BAD_TARGET');
        return done([{ ...result(target, null), messageId: frame.messageId }]);
      }
      default:
        return refuse('BAD_TARGET');
    }
  }
}
