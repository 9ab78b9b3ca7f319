import { SELF, env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../src/chat/room-do';
import { hubStub, shardStub } from '../../src/chat/shards';
import { publishGift, publishItemEffect, publishSettingsUpdate } from '../../src/api/services/chat-events';
import { publishChatEvent } from '../../src/chat/publish';
import { act, joined, makeMember, makeRoom, open, say, sleep, type ChatClient } from './chat-helpers';

// Big rooms across shards, state that outlives hibernation and restarts, and events from outside.

async function lowerCapacity(room: string, capacity: number) {
  await runInDurableObject(hubStub(env, room), (instance: ChatRoom) => {
    instance.capacity = capacity;
  });
}

describe('sharded rooms', () => {
  it('with 2 sockets per shard, 5 members spread over 3 shards and all of them get every message', async () => {
    const { room, owner } = await makeRoom();
    await lowerCapacity(room, 2);
    const members = [owner, ...(await Promise.all([1, 2, 3, 4].map(() => makeMember())))];
    const clients: ChatClient[] = [];
    for (const m of members) clients.push((await joined(room, m)).client);
    await sleep(100); // spokes report their counts
    const hubStats = await hubStub(env, room).stats();
    expect(hubStats.shards).toEqual({ 0: { sockets: 2, joined: 2 }, 1: { sockets: 2, joined: 2 }, 2: { sockets: 1, joined: 1 } });
    expect((await shardStub(env, room, 1).stats()).sockets).toBe(2);
    expect((await shardStub(env, room, 2).stats()).sockets).toBe(1);

    // Writers on a spoke and on the hub; everyone, wherever they are, sees both in the same order.
    await say(clients[4]!, 'from shard 2');
    await say(clients[0]!, 'from shard 0');
    for (const c of clients) {
      await c.waitForMessages(2);
      expect(c.texts()).toEqual(['from shard 2', 'from shard 0']);
    }
    // A late joiner on a spoke gets the hub's history and the whole room's viewer count.
    const late = await joined(room, null);
    expect(late.joinedFrame.history.map((m) => m.text)).toEqual(['from shard 2', 'from shard 0']);
    expect(late.joinedFrame.viewers).toBe(6);
  });

  it('the viewer count reaches every socket on every shard as people join and leave, at most once a second', async () => {
    const { room, owner } = await makeRoom();
    await lowerCapacity(room, 2);
    const members = [owner, ...(await Promise.all([1, 2, 3].map(() => makeMember())))];
    const clients: ChatClient[] = [];
    // When each viewers frame reached each socket.
    const heard = new Map<ChatClient, number[]>();
    for (const m of members) {
      const { client } = await joined(room, m);
      clients.push(client);
      heard.set(client, []);
      client.ws.addEventListener('message', (e) => {
        if ((e.data as string).includes('"status":"viewers"')) heard.get(client)!.push(Date.now());
      });
    }
    const guest = (await joined(room, null)).client;
    const last = (c: ChatClient) => c.frames.findLast((f) => f.type === 'connection' && (f.status === 'viewers' || f.status === 'joined')) as { viewers: number } | undefined;
    const until = async (what: (c: ChatClient) => boolean, among: ChatClient[]) => {
      for (const c of among) await c.waitFor(() => what(c), { timeoutMs: 4000 });
    };
    // Five joined (a guest counts: they watch), over three shards: every socket, the first one too, comes to 5.
    const all = [...clients, guest];
    await until((c) => last(c)?.viewers === 5, all);
    // Two leave (one closes its socket, one leaves the room keeping it): the others come down to 3.
    clients[1]!.close();
    clients[3]!.send({ type: 'leave', room });
    const stayed = [clients[0]!, clients[2]!, guest];
    await until((c) => last(c)?.viewers === 3, stayed);
    // Coalesced: the hub sends a count at most once a second; a spoke's delivery may lag one by some 100 ms and not
    // the next, so two may arrive closer, but never the tens of ms apart that one frame per arrival would be.
    for (const c of stayed) {
      const times = heard.get(c) ?? [];
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(600);
    }
    const leftSocket = clients[3]!.frames.length;
    await sleep(1200);
    expect(clients[3]!.frames.slice(leftSocket).filter((f) => f.type === 'connection' && f.status === 'viewers')).toEqual([]);
  });

  it('moderation crosses shards: a manager on one spoke mutes and kicks a member on another', async () => {
    const { room, owner } = await makeRoom();
    await lowerCapacity(room, 1);
    const manager = await makeMember();
    const target = await makeMember();
    const { client: creator } = await joined(room, owner); // shard 0
    const { client: mgr } = await joined(room, manager); // shard 1
    const { client: victim } = await joined(room, target); // shard 2
    await act(creator, 'manager_assign', manager.loginId);
    expect(await act(mgr, 'mute', target.loginId, 60)).toMatchObject({ type: 'action' });
    expect(await say(victim, 'hello?')).toMatchObject({ code: 'MUTED' });
    await act(mgr, 'kick', target.loginId, 0);
    expect(await victim.waitClosed()).toBe(4001);
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'kick');
    // Spoke rate limits are the hub's: a member on a spoke is still limited to 20.
    const { client: chatty } = await joined(room, await makeMember());
    for (let i = 0; i < 21; i++) chatty.send({ type: 'message', text: `spam ${i}` });
    await chatty.waitFor((f) => f.type === 'connection' && f.status === 'error' && f.code === 'RATE_LIMITED');
    // The refusal comes straight back; the 20 accepted ones come round through the hub's broadcast.
    await chatty.waitForMessages(20);
    await sleep(50);
    expect(chatty.texts()).toHaveLength(20);
  });
});

describe('state that outlives the object', () => {
  it('hibernation: connected sockets keep who they are, and the room keeps managers, mutes and history', async () => {
    const { room, owner } = await makeRoom();
    const manager = await makeMember();
    const muted = await makeMember();
    const { client: creator } = await joined(room, owner);
    const { client: mgr } = await joined(room, manager);
    const { client: quiet } = await joined(room, muted);
    await act(creator, 'manager_assign', manager.loginId);
    await act(mgr, 'mute', muted.loginId, 600);
    await say(creator, 'before eviction');
    await evictDurableObject(hubStub(env, room));
    expect(await say(mgr, 'after eviction')).toMatchObject({ from: { loginId: manager.loginId, badge: 'manager' } });
    expect(await say(quiet, 'still muted?')).toMatchObject({ code: 'MUTED' });
    await creator.waitFor((f) => f.type === 'message' && f.text === 'after eviction');
  });

  it('restart: after the object is torn down with its sockets closed, new sockets find the history, managers, freeze, mutes and bans', async () => {
    const { room, owner } = await makeRoom();
    const manager = await makeMember();
    const muted = await makeMember();
    const banned = await makeMember();
    const { client: creator } = await joined(room, owner);
    await joined(room, manager);
    await joined(room, muted);
    await joined(room, banned);
    await act(creator, 'manager_assign', manager.loginId);
    await act(creator, 'mute', muted.loginId, 600);
    await act(creator, 'blacklist', banned.loginId);
    await say(creator, 'remember me');
    await act(creator, 'freeze');
    // The instance goes away with its sockets and memory; only storage is left.
    await evictDurableObject(hubStub(env, room), { webSockets: 'close' });
    await creator.waitClosed();

    const { client: mgr, joinedFrame } = await joined(room, manager);
    expect(joinedFrame).toMatchObject({ frozen: true, me: { badge: 'manager' } });
    expect(joinedFrame.history.map((m) => m.text)).toEqual(['remember me']);
    expect(await say(mgr, 'managers write while frozen')).toMatchObject({ type: 'message' });
    await act(mgr, 'unfreeze');
    const { client: quiet } = await joined(room, muted);
    expect(await say(quiet, 'muted still')).toMatchObject({ code: 'MUTED' });
    const again = await open(room, banned);
    await again.waitFor((f) => f.type === 'connection' && f.status === 'error' && f.code === 'BANNED');
  });
});

describe('events from outside the room', () => {
  it('a live starting and ending on ingest reaches the room as channel_status events', async () => {
    const { room, key, channelId } = await makeRoom();
    const { client } = await joined(room, null);
    const put = (path: string, body: BodyInit) => SELF.fetch(`http://localhost:8787${path}`, { method: 'PUT', body });
    expect((await put(`/live/ingest/${key}/index0.ts`, new Uint8Array(188 * 4).fill(0x47))).status).toBe(204);
    const live = await client.waitFor((f) => f.type === 'event' && f.kind === 'channel_status');
    const stream = await env.DB.prepare('SELECT id FROM streams WHERE channel_id = ?').bind(channelId).first<{ id: number }>();
    expect(live).toMatchObject({ kind: 'channel_status', status: 'live', streamId: stream!.id });
    const playlist = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', '#EXTINF:1.000000,', 'index0.ts', '#EXT-X-ENDLIST', ''].join('\n');
    expect((await put(`/live/ingest/${key}/index.m3u8`, playlist)).status).toBe(204);
    expect(await client.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'ended')).toMatchObject({ streamId: stream!.id });
  });

  it('gifts, item effects and settings updates from the API are broadcast; malformed ones are refused', async () => {
    const { room, channelId, key } = await makeRoom();
    const { client } = await joined(room, null);
    const from = { loginId: 'giver01', nickname: '선물왕' };
    expect(await publishGift(env, channelId, { from, itemCode: 100, amount: 50, message: '화이팅' })).toBe(true);
    expect(await publishItemEffect(env, channelId, { from, itemCode: 4004, effect: 'fireworks' })).toBe(true);
    expect(await client.waitFor((f) => f.type === 'event' && f.kind === 'gift')).toMatchObject({ from, itemCode: 100, amount: 50, message: '화이팅' });
    expect(await client.waitFor((f) => f.type === 'event' && f.kind === 'item')).toMatchObject({ effect: 'fireworks' });
    const bad = [{ kind: 'gift', from, itemCode: -1, amount: 5 }, { kind: 'gift', from, itemCode: 100, amount: 5, html: '<b>' }, { kind: 'role' }, 'nonsense'];
    for (const event of bad) expect(await hubStub(env, room).publish(room, event)).toBe(false);
    // Settings updates go to rooms whose channel is on air.
    await SELF.fetch(`http://localhost:8787/live/ingest/${key}/index0.ts`, { method: 'PUT', body: new Uint8Array(188 * 4).fill(0x47) });
    expect(await publishSettingsUpdate(env)).toBeGreaterThanOrEqual(1);
    await client.waitFor((f) => f.type === 'event' && f.kind === 'CHANNELING_SETTING_UPDATE');
    expect(client.frames.filter((f) => f.type === 'event' && f.kind === 'gift')).toHaveLength(1);
    expect(await publishChatEvent(env, channelId, { kind: 'channel_status', status: 'live', streamId: 1 })).toBe(true);
  });
});
