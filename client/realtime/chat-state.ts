import {
  CHAT_DEFAULT_KICK_S,
  type ActionResultFrame,
  type ChatAccessRefusal,
  type ChatErrorCode,
  type ChatUser,
  type EventFrame,
  type MessageFrame,
  type Poll,
  type PollEndedFrame,
  type ServerFrame,
} from '../../src/shared/chat-protocol';

/**
 * What the chat panel shows, folded from validated server frames. Pure: the socket hook batches frames
 * and applies them here once per animation frame, so a busy room costs one render per frame, not one
 * per message.
 */

/** Lines kept on screen; older ones drop off (the room keeps its own history). */
export const CHAT_VISIBLE_LINES = 300;
/** How long a gift or item effect stays on screen. */
export const CHAT_EFFECT_MS = 4_000;

/** A poll's result is a line of its own (the card that stays in the chat). */
export type ChatLineFrame = MessageFrame | ActionResultFrame | EventFrame | PollEndedFrame;
export interface ChatLine {
  key: string;
  frame: ChatLineFrame;
}
export type GiftEvent = Extract<EventFrame, { kind: 'gift' | 'item' }>;
/** announcement, live_match and co_stream share one shape; only announcements are pinned. */
export type AnnouncementEvent = Extract<EventFrame, { by: ChatUser }>;
export interface ChatEffect {
  key: string;
  frame: GiftEvent;
}

/**
 * The connection flag: 'connecting' before the first open, 'open' once joined, 'reconnecting' after a
 * drop; the rest are final and stop reconnecting ('expired' after more than 10 refused tickets;
 * 'refused' when this viewer may not watch the channel, with the reason in `refusal`).
 */
export type ChatStatus = 'connecting' | 'open' | 'reconnecting' | 'expired' | 'kicked' | 'banned' | 'refused';
export const FINAL_STATUSES: ReadonlySet<ChatStatus> = new Set(['expired', 'kicked', 'banned', 'refused']);

/**
 * The room's open poll, pinned above the chat: the option this member chose (null: not voted, or a guest), and
 * when it closes by this screen's clock (the room says how long is left, not at what time, so clocks may differ).
 */
export interface OpenPoll {
  poll: Poll;
  myVote: number | null;
  closesAt: number;
}

export interface ChatError {
  code: ChatErrorCode;
  until: number | null;
  /** Distinguishes two equal errors in a row, so the panel can announce each. */
  seq: number;
}

export interface ChatState {
  status: ChatStatus;
  joined: boolean;
  me: ChatUser | null;
  frozen: boolean;
  viewers: number;
  lines: ChatLine[];
  pinned: AnnouncementEvent | null;
  poll: OpenPoll | null;
  effects: ChatEffect[];
  error: ChatError | null;
  /** Why the room will not take this viewer (status 'refused'): adult-only, password... */
  refusal: ChatAccessRefusal | null;
  /**
   * Kicked: when the room takes us back (epoch ms; null when it did not say). A kick names its cooldown
   * (timed from when this browser heard of it); a refused rejoin carries the room's own time.
   */
  rejoinAt: number | null;
}

export const initialChatState: ChatState = {
  status: 'connecting',
  joined: false,
  me: null,
  frozen: false,
  viewers: 0,
  lines: [],
  pinned: null,
  poll: null,
  effects: [],
  error: null,
  refusal: null,
  rejoinAt: null,
};

/** Side effects the hook runs after a batch (kept out of the reducer so it stays pure). */
export interface ChatSignals {
  channelStatus: boolean;
  settingsChanged: boolean;
  newEffects: string[];
}

let seq = 0;
const nextKey = (prefix: string) => `${prefix}${++seq}`;

const bounded = (lines: ChatLine[]) => (lines.length > CHAT_VISIBLE_LINES ? lines.slice(lines.length - CHAT_VISIBLE_LINES) : lines);
const resultLine = (poll: Poll): ChatLine => ({ key: `p${poll.id}`, frame: { type: 'poll', status: 'ended', at: poll.endedAt ?? 0, poll } });
const sameUser = (a: { loginId: string } | null, b: { loginId: string } | null) => !!a && !!b && a.loginId.toLowerCase() === b.loginId.toLowerCase();

export function applyFrames(state: ChatState, frames: ServerFrame[], now = Date.now()): { state: ChatState; signals: ChatSignals } {
  const signals: ChatSignals = { channelStatus: false, settingsChanged: false, newEffects: [] };
  if (frames.length === 0) return { state, signals };
  const next: ChatState = { ...state };
  let lines = state.lines;
  const push = (line: ChatLine) => {
    if (lines === state.lines) lines = [...lines];
    lines.push(line);
  };

  for (const frame of frames) {
    switch (frame.type) {
      case 'message': {
        // Once: a join's history may have brought it already (the room sends a message to its sockets and keeps it in
        // the history it sends a join, and a join under way meanwhile gets both).
        const key = `m${frame.id}`;
        if (!lines.some((line) => line.key === key)) push({ key, frame });
        break;
      }
      case 'action':
        if (frame.action === 'freeze') next.frozen = true;
        if (frame.action === 'unfreeze') next.frozen = false;
        // A deleted message leaves every screen; the notice of it takes its place at the end.
        if (frame.action === 'delete_message' && frame.messageId !== undefined) {
          const gone = frame.messageId;
          lines = lines.filter((line) => !(line.frame.type === 'message' && line.frame.id === gone));
        }
        push({ key: nextKey('a'), frame });
        break;
      case 'event':
        if (frame.kind === 'CHANNELING_SETTING_UPDATE') {
          signals.settingsChanged = true;
          break; // nothing to read in the chat; the page refetches the settings
        }
        if (frame.kind === 'channel_status') signals.channelStatus = true;
        if (frame.kind === 'announcement') next.pinned = frame;
        if (frame.kind === 'role' || frame.kind === 'kick') {
          // The action frame before it already makes the line; this one only updates who is what.
          if (frame.kind === 'role' && next.me && sameUser(frame.target, next.me)) next.me = { ...next.me, badge: frame.badge };
          if (frame.kind === 'kick' && frame.reason === 'kick' && sameUser(frame.target, next.me)) next.rejoinAt = now + (frame.seconds ?? CHAT_DEFAULT_KICK_S) * 1000;
          break;
        }
        if (frame.kind === 'gift' || frame.kind === 'item') {
          const key = nextKey('e');
          next.effects = [...next.effects, { key, frame }];
          signals.newEffects.push(key);
        }
        push({ key: nextKey('v'), frame });
        break;
      case 'poll':
        if (frame.status === 'open') next.poll = { poll: frame.poll, myVote: null, closesAt: now + frame.poll.left };
        else if (frame.status === 'tally' || frame.status === 'voted') {
          const open = next.poll;
          if (!open || open.poll.id !== frame.id) break;
          next.poll = frame.status === 'tally' ? { ...open, poll: { ...open.poll, votes: frame.votes, total: frame.total } } : { ...open, myVote: frame.option };
        } else if (frame.status === 'ended') {
          if (next.poll?.poll.id === frame.poll.id) next.poll = null;
          // The result stays as a line (once, should a reconnect's join have brought it already).
          if (!lines.some((l) => l.key === `p${frame.poll.id}`)) push({ key: `p${frame.poll.id}`, frame });
        }
        break;
      case 'connection':
        if (frame.status === 'joined') {
          next.joined = true;
          next.status = 'open';
          next.rejoinAt = null;
          next.me = frame.me;
          next.frozen = frame.frozen;
          next.viewers = frame.viewers;
          next.poll = frame.poll ? { poll: frame.poll, myVote: frame.myVote ?? null, closesAt: now + frame.poll.left } : null;
          // After a reconnect the history overlaps what is on screen: keep each message (and poll result) once, in time order.
          const shown = new Set(lines.map((l) => l.key));
          const joinedLines = [...frame.history.map((m) => ({ key: `m${m.id}`, frame: m }) as ChatLine), ...(frame.pollResults ?? []).map(resultLine)];
          const fresh = joinedLines.filter((l) => !shown.has(l.key));
          if (fresh.length) lines = [...lines, ...fresh].sort((a, b) => a.frame.at - b.frame.at);
        } else if (frame.status === 'viewers') {
          next.viewers = frame.viewers;
        } else if (frame.status === 'left') {
          next.joined = false;
        } else if (frame.status === 'error') {
          next.error = { code: frame.code, until: frame.until ?? null, seq: ++seq };
          if (frame.code === 'KICKED' && typeof frame.until === 'number') next.rejoinAt = frame.until;
        }
        break;
    }
  }
  next.lines = bounded(lines);
  return { state: next, signals };
}

/** A kicked member asked to come back: connecting again, keeping what is on screen. */
export const rejoining = (state: ChatState): ChatState => ({ ...state, status: 'connecting', joined: false, error: null });

/** Whole seconds until a kicked member may rejoin (0: now). */
export const rejoinWaitSeconds = (state: Pick<ChatState, 'rejoinAt'>, now: number): number => (state.rejoinAt === null ? 0 : Math.max(0, Math.ceil((state.rejoinAt - now) / 1000)));

export const removeEffect = (state: ChatState, key: string): ChatState => ({ ...state, effects: state.effects.filter((e) => e.key !== key) });
