import { useCallback, useEffect, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import { CHAT_CLOSE, CHAT_RECONNECT, PING_FRAME, parseServerFrames, type ChatActionName, type ClientFrame, type ServerFrame } from '../../src/shared/chat-protocol';
import { applyFrames, CHAT_EFFECT_MS, initialChatState, rejoining, removeEffect, type ChatSignals, type ChatState, type ChatStatus } from './chat-state';
import { adoptingWebSocket } from './adopted-socket';
import { claimEarlyChat, type EarlySocket } from './chat-boot';
import { chatSocketUrl } from './chat-socket-url';
import { fetchChatTicket } from './chat-url';
import { chatUrlProvider } from './ticket-retry';

export interface ChatRoomOptions {
  room: string;
  streamId: number | null;
  /** Signed in (the page's `me`): a member's ticket, and writing; otherwise a guest's ticket, read only. */
  member: boolean;
  /** The playback token the password form earned: a password-protected live's room asks for it. */
  playbackToken?: string | null;
  /**
   * Changes when what the room judges access by changes (identity verified, adult): a refused room is
   * tried again then, as it is when `member` or `playbackToken` change.
   */
  accessKey?: string;
  /** A live started or ended in this room: the page reloads its data. */
  onChannelStatus?: () => void;
  /** CHANNELING_SETTING_UPDATE: the page refetches the channel settings. */
  onSettingsChanged?: () => void;
}

export interface ChatRoom {
  state: ChatState;
  /** False when the text was not sent (not joined yet); the input keeps it. */
  send: (text: string) => boolean;
  act: (action: ChatActionName, target?: string, seconds?: number) => boolean;
  /** Poll frames (the room decides; false when not joined). */
  startPoll: (question: string, options: string[], seconds: number) => boolean;
  vote: (id: number, option: number) => boolean;
  endPoll: (id: number) => boolean;
  dismissError: () => void;
  /** After a kick (not a ban): connect and join again, keeping the lines on screen. */
  rejoin: () => void;
}

/** Keeps a quiet socket from being dropped by proxies; the room answers without waking (auto-response). */
const PING_EVERY_MS = 30_000;
/** Batches flush on the next animation frame, or after this when the tab is hidden (no frames then). */
const HIDDEN_FLUSH_MS = 500;

/**
 * One chat room over partysocket with CHAT_RECONNECT's timers (500 ms base, 5 s max reconnect delay, 20 s
 * connect timeout). Joins on every open, leaves on unmount, validates every frame with the shared zod
 * schemas, and folds frames into state once per animation frame. Its first connect may be the socket the page
 * opened beside its video (chat-boot.ts), joined already; every other is partysocket's, with a fresh ticket.
 */
export function useChatRoom({ room, streamId, member, playbackToken = null, accessKey = '', onChannelStatus, onSettingsChanged }: ChatRoomOptions): ChatRoom {
  const [state, setState] = useState<ChatState>(initialChatState);
  // The state lives here first (React reads a copy): the socket's handlers fold into it synchronously
  // and know at once what changed, without depending on when React runs an updater.
  const stateRef = useRef<ChatState>(initialChatState);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const rejoinRef = useRef<(() => void) | null>(null);
  const update = useCallback((fn: (s: ChatState) => ChatState) => {
    const next = fn(stateRef.current);
    if (next === stateRef.current) return;
    stateRef.current = next;
    setState(next);
  }, []);
  const streamRef = useRef(streamId);
  const callbacks = useRef({ onChannelStatus, onSettingsChanged });
  callbacks.current = { onChannelStatus, onSettingsChanged };

  // biome-ignore lint/correctness/useExhaustiveDependencies: accessKey is not read inside; a new one means connect again (see below)
  useEffect(() => {
    const abort = new AbortController();
    let final: ChatStatus | null = null;
    let pending: ServerFrame[] = [];
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const effectTimers = new Set<ReturnType<typeof setTimeout>>();

    const setStatus = (status: ChatStatus) => {
      if (final && status !== final) return;
      update((s) => (s.status === status ? s : { ...s, status, joined: status === 'open' ? s.joined : false }));
    };
    const signal = (signals: ChatSignals) => {
      if (signals.channelStatus) callbacks.current.onChannelStatus?.();
      if (signals.settingsChanged) callbacks.current.onSettingsChanged?.();
      for (const key of signals.newEffects) {
        const t = setTimeout(() => {
          effectTimers.delete(t);
          update((s) => removeEffect(s, key));
        }, CHAT_EFFECT_MS);
        effectTimers.add(t);
      }
    };
    const flush = () => {
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      raf = 0;
      timer = undefined;
      const frames = pending;
      pending = [];
      if (abort.signal.aborted || frames.length === 0) return;
      const result = applyFrames(stateRef.current, frames);
      update(() => result.state);
      signal(result.signals);
    };
    const schedule = () => {
      if (raf || timer) return;
      raf = requestAnimationFrame(flush);
      timer = setTimeout(flush, HIDDEN_FLUSH_MS);
    };

    // The page's early join of this room, if it made one: taken over as the first connect, or closed should this
    // effect end before it is taken.
    let early = claimEarlyChat(room, member, playbackToken);
    const claimed = early;
    let adopting: EarlySocket | null = null;
    /** The stream the early join named, when it went out: the first open does not join again for it. */
    let earlyJoin: number | null | undefined;
    const nextUrl = chatUrlProvider({
      room,
      fetchTicket: (r) => fetchChatTicket(r, { member, playback: playbackToken }),
      socketUrl: (r, ticket) => chatSocketUrl(r, ticket),
      signal: abort.signal,
      onExpired: () => {
        final = 'expired';
        update((s) => ({ ...s, status: 'expired', joined: false }));
        socket.close();
      },
      onRefused: (reason) => {
        final = 'refused';
        update((s) => ({ ...s, status: 'refused', joined: false, refusal: reason }));
        socket.close();
      },
    });
    const socket = new ReconnectingWebSocket(
      async () => {
        const first = early;
        early = null;
        const handed = first && (await first.socket);
        if (!handed) return nextUrl();
        adopting = handed;
        return handed.url;
      },
      undefined,
      {
        WebSocket: adoptingWebSocket(
          () => {
            const handed = adopting;
            adopting = null;
            return handed;
          },
          (joined) => {
            earlyJoin = joined ? (claimed?.streamId ?? null) : undefined;
          },
        ),
        minReconnectionDelay: CHAT_RECONNECT.minDelayMs,
        maxReconnectionDelay: CHAT_RECONNECT.maxDelayMs,
        connectionTimeout: CHAT_RECONNECT.connectTimeoutMs,
        // Kicked (4001) or banned (4003): the room will not take us back now; reconnecting would loop.
        shouldReconnectOnClose: (event) => event.code !== CHAT_CLOSE.kicked && event.code !== CHAT_CLOSE.banned,
      },
    );
    socketRef.current = socket;
    // A kicked member may come back (Twitch-like; a banned one may not): the same socket connects again
    // with a fresh ticket, and the room answers with history that merges with what is shown.
    rejoinRef.current = () => {
      if (final !== 'kicked') return;
      final = null;
      update(rejoining);
      socket.reconnect();
    };

    socket.addEventListener('open', () => {
      const joinedEarly = earlyJoin;
      earlyJoin = undefined;
      if (joinedEarly !== undefined && joinedEarly === streamRef.current) return;
      const join: ClientFrame = { type: 'join', room, streamId: streamRef.current, source: 'web' };
      socket.send(JSON.stringify(join));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const frames = parseServerFrames(event.data);
      if (frames.length === 0) return;
      pending.push(...frames);
      schedule();
    });
    socket.addEventListener('close', (event) => {
      flush(); // the room's last words (a KICKED error) come before the status change
      if (event.code === CHAT_CLOSE.kicked) final = 'kicked';
      else if (event.code === CHAT_CLOSE.banned) final = 'banned';
      setStatus(final ?? 'reconnecting');
    });
    // Any other socket error only updates the connection flag.
    socket.addEventListener('error', () => {
      setStatus(final ?? 'reconnecting');
    });

    const ping = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.send(PING_FRAME);
    }, PING_EVERY_MS);

    return () => {
      abort.abort();
      claimed?.close();
      clearInterval(ping);
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      for (const t of effectTimers) clearTimeout(t);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'leave', room } satisfies ClientFrame));
      socket.close(1000, 'leave');
      socketRef.current = null;
      rejoinRef.current = null;
      update(() => initialChatState);
    };
    // accessKey is not read inside: it only says when to connect again.
  }, [room, member, playbackToken, accessKey, update]);

  // A live started or ended under an open socket: say which stream we watch now (the room answers a
  // second join with a fresh 'joined'; its history merges with what is shown).
  useEffect(() => {
    if (streamRef.current === streamId) return;
    streamRef.current = streamId;
    const socket = socketRef.current;
    if (socket && stateRef.current.joined && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'join', room, streamId, source: 'web' } satisfies ClientFrame));
  }, [room, streamId]);

  const write = useCallback((frame: ClientFrame): boolean => {
    const socket = socketRef.current;
    if (!socket || !stateRef.current.joined || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  const send = useCallback((text: string) => write({ type: 'message', text }), [write]);
  const act = useCallback(
    (action: ChatActionName, target?: string, seconds?: number, messageId?: number) =>
      write({ type: 'action', action, ...(target ? { target } : {}), ...(seconds !== undefined ? { seconds } : {}), ...(messageId !== undefined ? { messageId } : {}) }),
    [write],
  );
  const startPoll = useCallback((question: string, options: string[], seconds: number) => write({ type: 'poll_start', question, options, seconds }), [write]);
  const vote = useCallback((id: number, option: number) => write({ type: 'poll_vote', id, option }), [write]);
  const endPoll = useCallback((id: number) => write({ type: 'poll_end', id }), [write]);
  const dismissError = useCallback(() => update((s) => (s.error ? { ...s, error: null } : s)), [update]);

  const rejoin = useCallback(() => rejoinRef.current?.(), []);

  return { state, send, act, startPoll, vote, endPoll, dismissError, rejoin };
}
