import { SELF, createExecutionContext, env } from 'cloudflare:test';
import { expect } from 'vitest';
import { parseServerFrames, type ServerFrame, type MemberRole } from '../../src/shared/chat-protocol';
import { signChatTicket } from '../../src/lib/chat-ticket';
import type { Identity } from '../../src/chat/authority';
import { app } from '../../src/app';
import { uniqueTag } from './unique';

// Chat sockets in workerd: real upgrades through SELF, frames collected per socket, waits with timeouts.

export const ORIGIN = 'http://flex.localhost:8787';

export async function makeMember(role: MemberRole = 'V'): Promise<Identity> {
  const t = uniqueTag();
  const loginId = `chat${t}`;
  const nickname = `채팅${t}`;
  const row = await env.DB.prepare('INSERT INTO members (login_id, nickname, password_hash, role) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(loginId, nickname, 'pbkdf2-sha256$1$AA$AA', role)
    .first<{ id: number }>();
  return { memberId: row!.id, loginId, nickname, role };
}

/** A channel (and so a room) with its creator. */
export async function makeRoom() {
  const owner = await makeMember('V');
  const key = `chat_key_${uniqueTag()}_abcdefghij`;
  const row = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key) VALUES (?, ?, ?) RETURNING id').bind(owner.memberId, '채팅 테스트 방송', key).first<{ id: number }>();
  return { room: String(row!.id), channelId: row!.id, owner, key };
}

export function ticketFor(who: Identity, room: string, exp = Date.now() + 60_000): Promise<string> {
  return signChatTicket(env.JWT_SECRET, { ...who, room, exp });
}

export function upgrade(room: string, { query = '', origin = ORIGIN as string | null, host = 'flex.localhost' } = {}) {
  const headers: Record<string, string> = { upgrade: 'websocket' };
  if (origin !== null) headers.origin = origin;
  return SELF.fetch(`http://${host}:8787/chat/${room}${query}`, { headers });
}

/**
 * The same upgrade handed to the edge app in this isolate instead of through SELF: the Worker's own code (Origin,
 * ticket, the hub's placement, the shard's accept), for tests that hold hundreds of sockets. Each socket SELF
 * carries makes every later SELF upgrade slower (measured: 50 upgrades took 0.26 s with none open and 3.2 s with
 * 450 open), while the edge app and the room take the same ~5 ms per upgrade at any count.
 */
export async function upgradeInIsolate(room: string, query: string): Promise<Response> {
  return app.fetch(new Request(`http://flex.localhost:8787/chat/${room}${query}`, { headers: { upgrade: 'websocket', origin: ORIGIN } }), env, createExecutionContext());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One open chat socket and every frame it received, in order. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  closedWith: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener('message', (e) => {
      // Strict: every line of every socket message must be a valid server frame.
      const lines = (e.data as string).split('\n');
      const frames = parseServerFrames(e.data as string);
      expect(frames).toHaveLength(lines.length);
      this.frames.push(...frames);
      this.wake();
    });
    ws.addEventListener('close', (e) => {
      this.closedWith = e.code;
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (from `from` on) that matches; fails after `timeoutMs`. */
  async waitFor<T extends ServerFrame = ServerFrame>(match: (f: ServerFrame) => boolean, { timeoutMs = 3000, from = 0 } = {}): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found as T;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`);
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(left)]);
    }
  }

  /** Wait until `n` frames matching have arrived. */
  async waitForMessages(n: number, match: (f: ServerFrame) => boolean = (f) => f.type === 'message', timeoutMs = 3000): Promise<ServerFrame[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.filter(match);
      if (found.length >= n) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${found.length} of ${n} frames within ${timeoutMs} ms`);
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(left)]);
    }
  }

  async waitClosed(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closedWith === null) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('socket did not close');
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(left)]);
    }
    return this.closedWith;
  }

  errors(): string[] {
    return this.frames.flatMap((f) => (f.type === 'connection' && f.status === 'error' ? [f.code] : []));
  }

  texts(): string[] {
    return this.frames.flatMap((f) => (f.type === 'message' ? [f.text] : []));
  }

  close(): void {
    try {
      this.ws.close(1000, 'done');
    } catch {
      // already closed
    }
  }
}

/** Open a socket to `room` as `who` (null: a guest) without joining. */
export async function open(room: string, who: Identity | null, options: Parameters<typeof upgrade>[1] = {}): Promise<ChatClient> {
  const query = who ? `?ticket=${encodeURIComponent(await ticketFor(who, room))}` : '';
  const res = await upgrade(room, { query, ...options });
  expect(res.status).toBe(101);
  return new ChatClient(res.webSocket!);
}

/** Open and join; resolves once the room answered 'joined'. */
export async function joined(room: string, who: Identity | null, options: Parameters<typeof upgrade>[1] = {}) {
  const client = await open(room, who, options);
  client.send({ type: 'join', room, streamId: null, source: 'web' });
  const frame = await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
  return { client, joinedFrame: frame as Extract<ServerFrame, { status: 'joined' }> };
}

/** Send and wait for the writer's own copy (writes are decided by the hub, then broadcast). */
export async function say(client: ChatClient, text: string) {
  const from = client.frames.length;
  client.send({ type: 'message', text });
  return client.waitFor((f) => (f.type === 'message' && f.text === text) || (f.type === 'connection' && f.status === 'error'), { from });
}

/** Perform an action and wait for the room's answer: the action frame on success, else the error. */
export async function act(client: ChatClient, action: string, target?: string, seconds?: number) {
  const from = client.frames.length;
  client.send({ type: 'action', action, ...(target ? { target } : {}), ...(seconds !== undefined ? { seconds } : {}) });
  // Match on the target too: another moderator's action may arrive in between.
  return client.waitFor((f) => (f.type === 'action' && f.action === action && (f.target?.loginId ?? undefined) === target) || (f.type === 'connection' && f.status === 'error'), { from });
}

export { sleep };
