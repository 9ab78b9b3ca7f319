// The chat's room joined beside the video (client/realtime/chat-boot.ts): the socket the page opens before it hydrates
// is the chat's first connect once its code loads (use-chat-room.ts), joined once, with what the room said before;
// one the chat never takes is closed; everything after the first connect is the chat's own.
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootChat, claimEarlyChat, UNCLAIMED_MS, XSRF } from '../../client/realtime/chat-boot';
import { useChatRoom, type ChatRoom } from '../../client/realtime/use-chat-room';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/shared/account-api';
import { CHAT_BOOT_ATTRIBUTE, type ChatBootData } from '../../src/shared/chat-socket';

/** A browser socket the test opens, answers and closes. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  bufferedAmount = 0;
  extensions = '';
  protocol = '';
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }
  close(code = 1000) {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(...frames: object[]) {
    this.dispatchEvent(new MessageEvent('message', { data: frames.map((f) => JSON.stringify(f)).join('\n') }));
  }
  joins() {
    return this.sent.map((s) => JSON.parse(s) as { type: string; streamId?: number | null }).filter((f) => f.type === 'join');
  }
}

const joined = () => ({
  type: 'connection',
  status: 'joined',
  room: '1',
  me: null,
  frozen: false,
  viewers: 3,
  history: [{ type: 'message', id: 1, at: 1, text: 'hello', from: { loginId: 'viewer_a', nickname: 'A', role: 'V', badge: null } }],
  poll: null,
});

/** The ticket calls the page made, with their XSRF header. */
let tickets: { path: string; body: unknown; xsrf: string | null }[] = [];

function stubTickets(answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: { ticket: `t${tickets.length}`, expiresAt: Date.now() + 60_000 } })) {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(String(input), window.location.href).pathname;
    tickets.push({ path, body: JSON.parse(String(init.body)), xsrf: new Headers(init.headers).get(XSRF_HEADER) });
    const { status, body } = answer(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

function bootPage(data: ChatBootData) {
  const script = document.createElement('script');
  script.setAttribute(CHAT_BOOT_ATTRIBUTE, JSON.stringify(data));
  document.body.append(script);
  bootChat();
}

let room: ChatRoom | null = null;
function Chat(props: { member: boolean; streamId?: number | null }) {
  room = useChatRoom({ room: '1', streamId: props.streamId ?? 5, member: props.member });
  return null;
}

const socketsSettle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  FakeSocket.all = [];
  tickets = [];
  room = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  stubTickets();
});
afterEach(() => {
  claimEarlyChat('', false, null); // whatever a test left unclaimed
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the chat's early join", () => {
  it('names the same XSRF cookie and header as the API calls (it cannot import them: they are in main.js)', () => {
    expect(XSRF).toEqual({ cookie: XSRF_COOKIE, header: XSRF_HEADER });
  });

  it("a guest's: the socket opened before the chat's code is its first connect, joined once, with what the room said before", async () => {
    bootPage({ room: '1', member: false, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const early = FakeSocket.all[0]!;
    expect(tickets).toEqual([{ path: '/api/guest/chat-ticket', body: { room: '1' }, xsrf: null }]);
    expect(early.url).toMatch(/\/chat\/1\?ticket=t1$/);
    early.open();
    early.receive(joined());
    expect(early.joins()).toEqual([{ type: 'join', room: '1', streamId: 5, source: 'web' }]);

    render(<Chat member={false} />);
    await waitFor(() => expect(room?.state.status).toBe('open'));
    expect(room!.state.lines.map((l) => l.key)).toEqual(['m1']);
    early.receive({ type: 'connection', status: 'viewers', viewers: 7 });
    await waitFor(() => expect(room?.state.viewers).toBe(7));
    await socketsSettle();
    expect(FakeSocket.all).toHaveLength(1);
    expect(early.joins()).toHaveLength(1);
    expect(tickets).toHaveLength(1);
  });

  it("a member's, with the XSRF token; a socket still connecting when the chat takes it joins from the chat", async () => {
    await cookieStore.set(XSRF_COOKIE, 'xsrf-1');
    bootPage({ room: '1', member: true, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(tickets).toEqual([{ path: '/api/chat/ticket', body: { room: '1' }, xsrf: 'xsrf-1' }]);
    render(<Chat member />);
    await socketsSettle();
    const early = FakeSocket.all[0]!;
    early.open();
    expect(early.joins()).toEqual([{ type: 'join', room: '1', streamId: 5, source: 'web' }]);
    early.receive(joined());
    await waitFor(() => expect(room?.state.status).toBe('open'));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('joins again when the live changed before the chat took the socket', async () => {
    bootPage({ room: '1', member: false, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.open();
    render(<Chat member={false} streamId={6} />);
    await socketsSettle();
    expect(FakeSocket.all[0]!.joins().map((j) => j.streamId)).toEqual([5, 6]);
  });

  it('a socket that closed before the chat took it: the chat reconnects its own way, with a fresh ticket', async () => {
    bootPage({ room: '1', member: false, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(1006);
    render(<Chat member={false} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3_000 });
    expect(tickets.map((t) => t.path)).toEqual(['/api/guest/chat-ticket', '/api/guest/chat-ticket']);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.joins()).toHaveLength(1);
  });

  it('no ticket: nothing is opened early, and the chat asks the usual way (which says why)', async () => {
    stubTickets(() => ({ status: 403, body: { error: { code: 'ADULT_ONLY', message: '' } } }));
    bootPage({ room: '1', member: false, streamId: 5 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(FakeSocket.all).toHaveLength(0);
    render(<Chat member={false} />);
    await waitFor(() => expect(tickets).toHaveLength(2));
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('is closed for a chat of another viewer, which connects its own way', async () => {
    bootPage({ room: '1', member: false, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    render(<Chat member />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    expect(tickets.map((t) => t.path)).toEqual(['/api/guest/chat-ticket', '/api/chat/ticket']);
  });

  it('opens nothing when the chat unmounts before its ticket came, and closes a socket it had not taken yet', async () => {
    let answer!: () => void;
    const ticket = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async () => {
      await ticket;
      return new Response(JSON.stringify({ ticket: 't', expiresAt: 0 }), { status: 200 });
    });
    bootPage({ room: '1', member: false, streamId: 5 });
    render(<Chat member={false} />).unmount();
    answer();
    await socketsSettle();
    expect(FakeSocket.all).toHaveLength(0);
    expect(claimEarlyChat('1', false, null)).toBeNull();

    stubTickets();
    document.body.replaceChildren();
    bootPage({ room: '1', member: false, streamId: 5 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const chat = claimEarlyChat('1', false, null)!;
    chat.close(); // what the chat's cleanup does, before partysocket constructed its socket
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
  });

  it('is closed when no chat takes it (a page that never hydrates), and nothing is left to claim', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    bootPage({ room: '1', member: false, streamId: 5 });
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    FakeSocket.all[0]!.open();
    vi.advanceTimersByTime(UNCLAIMED_MS);
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    expect(claimEarlyChat('1', false, null)).toBeNull();
  });

  it('does not start on a page that has hydrated', () => {
    document.documentElement.dataset.hydrated = 'true';
    bootPage({ room: '1', member: false, streamId: 5 });
    expect(claimEarlyChat('1', false, null)).toBeNull();
    expect(tickets).toHaveLength(0);
  });
});
