import { INBOX_RECONNECT, INBOX_SOCKET_PATH } from '../../src/shared/message-limits';
import type { InboxFrame } from '../../src/shared/message-schemas';
import type { Cache, ScopedMutator } from 'swr';
import { PROFILE_KEY, type ProfileResponse } from '../../src/shared/account-api';
import { call } from '../data/api';
import { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX } from './keys';
import { SIGNING_OUT_EVENT } from '../state/ui';

export interface InboxHandlers {
  /** The unread count at (re)connect, and after every change. */
  onUnread: (unread: number) => void;
  onFrame: (frame: InboxFrame) => void;
}

const PING_EVERY_MS = 30_000;
const FRAME_TYPES = new Set(['message', 'unread', 'blocks', 'settings', 'went_live']);

/** Frames are checked by shape here, without zod: this module loads on every member's page. */
function parseFrame(data: unknown): InboxFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown; unread?: unknown };
    if (!frame || typeof frame.type !== 'string' || !FRAME_TYPES.has(frame.type)) return null;
    if ((frame.type === 'message' || frame.type === 'unread') && typeof frame.unread !== 'number') return null;
    return frame as InboxFrame;
  } catch {
    return null;
  }
}

/**
 * The member's inbox: a ticket from the API (with the unread count now), then /inbox?ticket=... on the
 * page's host, told by the member's MemberInbox object of each change. Reconnects with a fresh ticket
 * (INBOX_RECONNECT: 500 ms doubling up to 5 s); a 401 on the ticket (signed out) stops it.
 * Answers a function that closes it for good.
 */
export function connectInbox(handlers: InboxHandlers, location: Pick<Location, 'protocol' | 'host'> = window.location): () => void {
  let closed = false;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let delay: number = INBOX_RECONNECT.minDelayMs;

  const again = () => {
    if (closed) return;
    clearInterval(ping);
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, INBOX_RECONNECT.maxDelayMs);
  };

  async function open() {
    if (closed) return;
    const result = await call('POST', '/api/my/inbox-ticket');
    if (result.status === 401) return; // the session is over: the page shows it
    const ticket = result.ok ? result.body : null;
    if (closed) return;
    if (!ticket) return again();
    handlers.onUnread(ticket.unread);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}${INBOX_SOCKET_PATH}?ticket=${encodeURIComponent(ticket.ticket)}`);
    socket = ws;
    ws.addEventListener('open', () => {
      delay = INBOX_RECONNECT.minDelayMs;
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_EVERY_MS);
    });
    ws.addEventListener('message', (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.type === 'message' || frame.type === 'unread') handlers.onUnread(frame.unread);
      handlers.onFrame(frame);
    });
    ws.addEventListener('close', () => {
      if (socket === ws) socket = null;
      again();
    });
  }

  const stop = () => {
    closed = true;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close(1000, 'leave');
    removeEventListener(SIGNING_OUT_EVENT, stop);
    removeEventListener('pagehide', stop);
  };
  // Signing out, or leaving the page: no reconnect (it would ask for a ticket the ended session cannot have).
  addEventListener(SIGNING_OUT_EVENT, stop);
  addEventListener('pagehide', stop);
  void open();
  return stop;
}

const VIBRATE_MS = 200;
const isListKey = (key: unknown) => typeof key === 'string' && key.startsWith(CONVERSATIONS_PREFIX);

export interface InboxPage {
  setUnread: (unread: number) => void;
  /** A toast of `key`'s words; with `href`, a link to go and see. */
  toast: (key: string, params: Record<string, string | number>, href?: string) => void;
  mutate: ScopedMutator;
  /** SWR's cache: the profile in it carries the isVibes setting. */
  cache: Cache;
}

/**
 * What a page does with each frame: the badge follows the count, open message lists refresh, a new message
 * shows a toast and (with isVibes) vibrates, the block list and the profile are fetched again when they change, and
 * a followed channel going live shows a toast with a link to it.
 */
export function connectPage(page: InboxPage): () => void {
  return connectInbox({
    onUnread: page.setUnread,
    onFrame: (frame) => {
      switch (frame.type) {
        case 'message': {
          page.toast('messages.newMessage', { nickname: frame.from.nickname });
          const profile = page.cache.get(PROFILE_KEY)?.data as ProfileResponse | undefined;
          if ((profile?.profile.settings?.isVibes ?? true) && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_MS);
          void page.mutate(isListKey);
          break;
        }
        case 'unread':
          void page.mutate(isListKey);
          break;
        case 'blocks':
          void page.mutate(BLOCK_LIST_KEY);
          break;
        case 'settings':
          void page.mutate(PROFILE_KEY);
          break;
        case 'went_live':
          page.toast('follow.wentLive', { nickname: frame.nickname, title: frame.title }, `/channel/${encodeURIComponent(frame.loginId)}`);
          break;
      }
    },
  });
}
