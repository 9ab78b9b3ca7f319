import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY, CHAT_MAX_TEXT } from '../../src/shared/chat-protocol';
import { hubStub } from '../../src/chat/shards';
import { SHARD_HEADERS } from '../../src/chat/room-do';
import { chatIdentityHeader } from '../../src/shared/chat-identity';
import { Browser, signUpMember } from './helpers';
import { ORIGIN, joined, makeMember, makeRoom, open, say, ticketFor, upgrade } from './chat-helpers';

// The chat handshake, joining, history and the writing rules (tests/worker/chat-moderation.test.ts has
// roles and actions; chat-shards.test.ts big rooms, restarts and events).

describe('handshake', () => {
  it('a member with a ticket joins and sees their own standing; a guest joins read-only', async () => {
    const { room, owner } = await makeRoom();
    const viewer = await makeMember('J');
    const { joinedFrame: mine } = await joined(room, viewer);
    expect(mine).toMatchObject({ room, frozen: false, me: { loginId: viewer.loginId, nickname: viewer.nickname, role: 'J', badge: null }, history: [] });
    const { joinedFrame: creator } = await joined(room, owner);
    expect(creator.me).toMatchObject({ loginId: owner.loginId, badge: 'creator' });
    const { joinedFrame: guest } = await joined(room, null);
    expect(guest.me).toBeNull();
    expect(guest.viewers).toBe(3);
  });

  it('a bad, expired, foreign-room or tampered ticket is 401 before the upgrade', async () => {
    const { room } = await makeRoom();
    const other = await makeRoom();
    const who = await makeMember();
    const good = await ticketFor(who, room);
    const [body, mac] = good.split('.');
    const forged = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/')));
    forged.role = 'P';
    const forgedBody = btoa(JSON.stringify(forged)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const tickets = ['garbage', `${forgedBody}.${mac}`, await ticketFor(who, room, Date.now() - 1), await ticketFor(who, other.room), `${good}x`];
    for (const ticket of tickets) {
      const res = await upgrade(room, { query: `?ticket=${encodeURIComponent(ticket)}` });
      expect(res.status).toBe(401);
      expect(res.webSocket).toBeNull();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    const badToken = await upgrade(room, { query: '?token=not.a.jwt&type=oauth' });
    expect(badToken.status).toBe(401);
  });

  it('the room takes only an identity header that fits the identity schema: malformed or forged shapes are 401 like a bad ticket', async () => {
    const { room } = await makeRoom();
    const who = await makeMember();
    const handOver = (identity: string | null) => {
      const headers: Record<string, string> = { upgrade: 'websocket', [SHARD_HEADERS.room]: room, [SHARD_HEADERS.shard]: '0', [SHARD_HEADERS.refuse]: 'null' };
      if (identity !== null) headers[SHARD_HEADERS.identity] = identity;
      return hubStub(env, room).fetch(new Request(`${ORIGIN}/chat/${room}`, { headers }));
    };
    const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    // What the edge builds is taken: a member and a guest.
    for (const identity of [chatIdentityHeader.encode(who), chatIdentityHeader.encode(null)]) {
      const res = await handOver(identity);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000, 'done');
    }
    const refused = {
      missing: null,
      'not URI-encoded': '%E0%A4%A',
      'not JSON': encodeURIComponent('{memberId: 1'),
      'a string member id': json({ ...who, memberId: String(who.memberId) }),
      'an unknown role': json({ ...who, role: 'X' }),
      'an extra claim': json({ ...who, role: 'P', admin: true }),
      'no nickname': json({ memberId: who.memberId, loginId: who.loginId, role: 'P' }),
      'an array': json([who]),
    };
    // Before the schema the room opened a socket (101) for each of these, or threw.
    const answers: Record<string, number | string> = {};
    for (const [what, identity] of Object.entries(refused)) {
      const res = await handOver(identity).catch((error: Error) => `threw: ${error.message}`);
      if (typeof res === 'string') {
        answers[what] = res;
        continue;
      }
      answers[what] = res.status;
      res.webSocket?.accept();
      res.webSocket?.close(1000, 'done');
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(refused).map((what) => [what, 401])));
  });

  it('Origin must be a host of the brand answering; none (native) is fine; unknown rooms and plain GETs are refused', async () => {
    const { room } = await makeRoom();
    for (const origin of ['https://evil.example', 'http://flexplus.localhost:8787', 'null']) {
      const res = await upgrade(room, { origin, query: '' });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_FORBIDDEN');
    }
    expect((await upgrade(room, { origin: 'http://flexplus.localhost:8787', host: 'flexplus.localhost' })).status).toBe(101);
    expect((await upgrade(room, { origin: null })).status).toBe(101);
    expect((await upgrade('999999999')).status).toBe(404);
    expect((await upgrade('abc')).status).toBe(404);
    const plain = await SELF.fetch(`${ORIGIN}/chat/${room}`);
    expect(plain.status).toBe(426);
  });

  it('POST /api/chat/ticket gives a signed-in member a ticket that opens the room; guests get 401', async () => {
    const { room } = await makeRoom();
    const { browser, loginId } = await signUpMember();
    const res = await browser.json('/api/chat/ticket', { room });
    expect(res.status).toBe(200);
    const { ticket, expiresAt } = (await res.json()) as { ticket: string; expiresAt: number };
    expect(expiresAt - Date.now()).toBeGreaterThan(50_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    const socket = await upgrade(room, { query: `?ticket=${encodeURIComponent(ticket)}` });
    expect(socket.status).toBe(101);

    // Native apps: the access token itself, traded for a ticket at the API.
    const access = browser.jar.get('flx_oauth_access')!;
    const { client } = await (async () => {
      const r = await upgrade(room, { origin: null, query: `?token=${encodeURIComponent(access)}&type=oauth` });
      expect(r.status).toBe(101);
      const { ChatClient } = await import('./chat-helpers');
      return { client: new ChatClient(r.webSocket!) };
    })();
    client.send({ type: 'join', room, streamId: null, source: 'app' });
    const frame = await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
    expect(frame).toMatchObject({ me: { loginId } });

    const guest = new Browser();
    expect((await guest.json('/api/chat/ticket', { room })).status).toBe(401);
    expect((await browser.json('/api/chat/ticket', { room: '0' })).status).toBe(400);
    expect((await browser.json('/api/chat/ticket', { room: '999999999' })).status).toBe(404);
  });
});

describe('messages and history', () => {
  it('members see each other live; a later joiner gets the history, oldest first', async () => {
    const { room } = await makeRoom();
    const a = await makeMember();
    const b = await makeMember();
    const { client: alice } = await joined(room, a);
    const { client: bob } = await joined(room, b);
    for (const text of ['안녕하세요', 'second', 'third']) expect(await say(alice, text)).toMatchObject({ type: 'message', text, from: { loginId: a.loginId, role: 'V', badge: null } });
    await bob.waitForMessages(3);
    expect(bob.texts()).toEqual(['안녕하세요', 'second', 'third']);
    const { joinedFrame } = await joined(room, null);
    expect(joinedFrame.history.map((m) => m.text)).toEqual(['안녕하세요', 'second', 'third']);
    const ids = joinedFrame.history.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it('keeps only the last 100 messages and reads them in pages', async () => {
    const { room, owner } = await makeRoom();
    const { client } = await joined(room, owner); // the creator skips the rate limit
    for (let i = 0; i < CHAT_HISTORY + 5; i++) client.send({ type: 'message', text: `m${i}` });
    await client.waitForMessages(CHAT_HISTORY + 5, undefined, 10_000);
    const { joinedFrame } = await joined(room, null);
    expect(joinedFrame.history).toHaveLength(CHAT_HISTORY);
    expect(joinedFrame.history[0]!.text).toBe('m5');
    expect(joinedFrame.history.at(-1)!.text).toBe(`m${CHAT_HISTORY + 4}`);
    const hub = hubStub(env, room);
    const page = await hub.historyPage(10, joinedFrame.history[10]!.id);
    expect(page.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 5}`));
    expect(await hub.historyPage(1000)).toHaveLength(CHAT_HISTORY);
  });

  it('a guest may read but writing answers LOGIN_REQUIRED and reaches nobody', async () => {
    const { room } = await makeRoom();
    const { client: member } = await joined(room, await makeMember());
    const { client: guest } = await joined(room, null);
    guest.send({ type: 'message', text: 'let me in' });
    guest.send({ type: 'action', action: 'freeze' });
    await guest.waitForMessages(2, (f) => f.type === 'connection' && f.status === 'error');
    expect(guest.errors()).toEqual(['LOGIN_REQUIRED', 'LOGIN_REQUIRED']);
    await say(member, 'visible');
    await guest.waitFor((f) => f.type === 'message' && f.text === 'visible');
    expect(member.texts()).toEqual(['visible']);
  });

  it("writing before joining is refused; join names the socket's own room only", async () => {
    const { room } = await makeRoom();
    const other = await makeRoom();
    const client = await open(room, await makeMember());
    client.send({ type: 'message', text: 'early' });
    client.send({ type: 'join', room: other.room, streamId: null, source: 'web' });
    await client.waitForMessages(2, (f) => f.type === 'connection' && f.status === 'error');
    expect(client.errors()).toEqual(['NOT_JOINED', 'WRONG_ROOM']);
    client.send({ type: 'join', room, streamId: 7, source: 'web' });
    await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
    client.send({ type: 'leave', room });
    await client.waitFor((f) => f.type === 'connection' && f.status === 'left');
    client.send({ type: 'message', text: 'after leaving' });
    await client.waitFor((f) => f.type === 'connection' && f.status === 'error' && f.code === 'NOT_JOINED', { from: 3 });
  });
});

describe('hostile frames', () => {
  it('bad JSON, wrong types, 1 MB text, unknown types and binary are dropped, counted and never broadcast', async () => {
    const { room } = await makeRoom();
    const { client: sender } = await joined(room, await makeMember());
    const { client: watcher } = await joined(room, await makeMember());
    const hostile = [
      '{not json',
      JSON.stringify({ type: 'message', text: 5 }),
      JSON.stringify({ type: 'message', text: 'x'.repeat(1_000_000) }),
      JSON.stringify({ type: 'shout', text: 'hi' }),
      JSON.stringify({ type: 'message', text: 'hi', role: 'P' }),
      JSON.stringify({ type: 'action', action: 'nuke', target: 'x' }),
      JSON.stringify({ type: 'join', room, streamId: 'x', source: 'web' }),
      JSON.stringify([1, 2, 3]),
      'null',
    ];
    for (const raw of hostile) sender.send(raw);
    sender.ws.send(new Uint8Array([1, 2, 3]));
    // The socket stays usable and only the good message goes out.
    await say(sender, 'still here');
    await watcher.waitFor((f) => f.type === 'message' && f.text === 'still here');
    expect(watcher.frames.filter((f) => f.type !== 'connection')).toHaveLength(1);
    expect(sender.errors()).toEqual([]);
    const stats = await hubStub(env, room).stats();
    expect(stats.drops).toEqual({ json: 1, schema: 7, size: 1, binary: 1 });
  });
});

describe('writing rules', () => {
  it('20 messages per 30 s per member, then RATE_LIMITED with a retry time; managers and the creator are exempt', async () => {
    const { room, owner } = await makeRoom();
    const { client: member } = await joined(room, await makeMember());
    for (let i = 0; i < 20; i++) member.send({ type: 'message', text: `n${i}` });
    await member.waitForMessages(20);
    const refused = await say(member, 'one too many');
    expect(refused).toMatchObject({ type: 'connection', status: 'error', code: 'RATE_LIMITED' });
    const until = (refused as { until: number }).until;
    expect(until).toBeGreaterThan(Date.now() + 25_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(member.texts()).not.toContain('one too many');

    const { client: creator } = await joined(room, owner);
    for (let i = 0; i < 30; i++) creator.send({ type: 'message', text: `c${i}` });
    await creator.waitForMessages(30, (f) => f.type === 'message' && f.text.startsWith('c'));
    expect(creator.errors()).toEqual([]);
  });

  it('the same text again within 10 s is a flood; too long is refused; control characters are cleaned', async () => {
    const { room } = await makeRoom();
    const { client } = await joined(room, await makeMember());
    await say(client, 'hello');
    expect(await say(client, 'HELLO')).toMatchObject({ status: 'error', code: 'DUPLICATE' });
    await say(client, 'something else');
    expect(await say(client, 'x'.repeat(CHAT_MAX_TEXT + 1))).toMatchObject({ status: 'error', code: 'TOO_LONG' });
    expect(await say(client, '가'.repeat(CHAT_MAX_TEXT))).toMatchObject({ type: 'message' });
    const from = client.frames.length;
    client.send({ type: 'message', text: 'a\u0000b\u202e  c\n' });
    expect(await client.waitFor((f) => f.type === 'message', { from })).toMatchObject({ text: 'a b c' });
    // Blank after cleaning: neither a message nor an error. A message sent after it is the next one answered (a socket
    // is answered in order), so nothing the blank one caused can arrive later; other frames (viewer counts) may.
    const blankAt = client.frames.length;
    client.send({ type: 'message', text: '   ' });
    client.send({ type: 'message', text: 'after the blank one' });
    await client.waitFor((f) => f.type === 'message' && f.text === 'after the blank one', { from: blankAt });
    const answered = client.frames.slice(blankAt).filter((f) => f.type === 'message' || (f.type === 'connection' && f.status === 'error'));
    expect(answered).toMatchObject([{ type: 'message', text: 'after the blank one' }]);
  });
});
