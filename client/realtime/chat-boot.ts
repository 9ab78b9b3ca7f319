import { CHAT_BOOT_ATTRIBUTE, type ChatBootData } from '../../src/shared/chat-socket';
import type { ClientFrame } from '../../src/shared/chat-protocol';
import type { ChatTicketRequest, ChatTicketResponse } from '../../src/shared/chat-ticket-api';
import { chatSocketUrl } from './chat-socket-url';

// The chat's room joined as the video starts (docs/architecture.md, Contracts, "The chat"). On a page whose video
// starts before it hydrates, the player's boot chunk calls bootChat as it loads: it asks for the room's ticket, and
// once the video has its first frame opens the socket, sends the join and keeps every event of the socket until the
// chat's own code (use-chat-room.ts) claims it and takes it over. Only that first connect happens here, and only
// when it goes well: no ticket, a refusal or a failure leave nothing behind, and the chat connects (and reconnects,
// and says why not) the one usual way. This runs before main.js: it imports nothing main.js has (that chunk would
// then load first), and no zod.

/** The XSRF cookie and header of src/shared/account-api.ts, which is in main.js (tests/unit/chat-boot.test.ts holds them equal). */
export const XSRF = { cookie: 'XSRF-TOKEN', header: 'X-XSRF-TOKEN' } as const;

/**
 * A socket the chat has not taken over this long after it started is closed (its events, the close included, are
 * still handed over): a page that never hydrates, or one left before its chat mounted, holds no socket open for long.
 */
export const UNCLAIMED_MS = 15_000;

/** The early socket, once its ticket came. */
export interface EarlySocket {
  socket: WebSocket;
  url: string;
  /** The join went out already (the socket opened before the handover): the chat does not send it again. */
  readonly joined: boolean;
  /** From now on every event of the socket goes to `listener`: first, in order, those it had before. */
  handOver(listener: (event: Event) => void): void;
}

/** The early join of one room, until the chat claims it. */
export interface EarlyChat extends ChatBootData {
  /** The socket, or null when there is none (no ticket): the chat then connects as usual. */
  socket: Promise<EarlySocket | null>;
  /** For a chat that claimed it and went away before taking the socket: closes it. */
  close(): void;
}

let pending: EarlyChat | null = null;

/** The XSRF token the API calls echo (client/data/cookies.ts, readCookieAsync, reads it the same way). */
async function xsrfToken(): Promise<string | null> {
  const store = (window as unknown as { cookieStore?: { get(name: string): Promise<{ value?: string } | null> } }).cookieStore;
  const value = store
    ? (await store.get(XSRF.cookie).catch(() => null))?.value
    : document.cookie
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([key]) => key === XSRF.cookie)
        ?.slice(1)
        .join('=');
  return value === undefined ? null : decodeURIComponent(value);
}

/** The room's ticket as chat-url.ts's fetchChatTicket asks for it (without a playback token); null on any failure. */
async function ticketFor({ room, member }: ChatBootData): Promise<string | null> {
  const xsrf = await xsrfToken();
  const request: ChatTicketRequest = { room };
  const res = await fetch(member ? '/api/chat/ticket' : '/api/guest/chat-ticket', {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(xsrf ? { [XSRF.header]: xsrf } : {}) },
    body: JSON.stringify(request),
  });
  const body = res.ok ? ((await res.json()) as Partial<ChatTicketResponse> | null) : null;
  return typeof body?.ticket === 'string' ? body.ticket : null;
}

function start(data: ChatBootData, socketAfter: Promise<void>): EarlyChat {
  let closed = false;
  let socket: WebSocket | null = null;
  let handedOver = false;
  const close = () => {
    closed = true;
    clearTimeout(timer);
    if (!handedOver) socket?.close(1000, 'leave');
  };
  const timer = setTimeout(() => {
    if (pending === chat) pending = null;
    close();
  }, UNCLAIMED_MS);
  const open = async (): Promise<EarlySocket | null> => {
    const ticket = await ticketFor(data);
    await socketAfter;
    if (!ticket || closed) return null;
    const url = chatSocketUrl(data.room, ticket);
    const ws = new WebSocket(url);
    socket = ws;
    const kept: Event[] = [];
    let forward: ((event: Event) => void) | null = null;
    let joined = false;
    const keep = (event: Event) => {
      if (forward) return forward(event);
      if (event.type === 'open') {
        const join: ClientFrame = { type: 'join', room: data.room, streamId: data.streamId, source: 'web' };
        ws.send(JSON.stringify(join));
        joined = true;
      }
      kept.push(event);
    };
    for (const type of ['open', 'message', 'error', 'close']) ws.addEventListener(type, keep);
    return {
      socket: ws,
      url,
      get joined() {
        return joined;
      },
      handOver: (listener) => {
        handedOver = true;
        clearTimeout(timer);
        for (const event of kept.splice(0)) listener(event);
        forward = listener;
      },
    };
  };
  const chat: EarlyChat = { ...data, socket: open().catch(() => null), close };
  return chat;
}

/**
 * Starts the page's chat beside its video, once, on a page that has not hydrated and names its room: the ticket at
 * once (one small request), the socket and the join once `socketAfter` settles (the video's first frame).
 */
export function bootChat(socketAfter: Promise<void> = Promise.resolve()): void {
  if (pending || document.documentElement.dataset.hydrated) return;
  const json = document.querySelector(`script[${CHAT_BOOT_ATTRIBUTE}]`)?.getAttribute(CHAT_BOOT_ATTRIBUTE);
  if (!json) return;
  try {
    pending = start(JSON.parse(json) as ChatBootData, socketAfter);
  } catch {
    // A malformed attribute: the chat connects by itself once it mounts.
  }
}

/**
 * The early join of this room for this viewer, handed over once: the chat then takes its socket (or, should it go
 * away first, closes it). One for another room or viewer, or any after a password unlocked the live, is closed.
 */
export function claimEarlyChat(room: string, member: boolean, playbackToken: string | null): EarlyChat | null {
  const chat = pending;
  pending = null;
  if (chat && (chat.room !== room || chat.member !== member || playbackToken !== null)) {
    chat.close();
    return null;
  }
  return chat;
}
