import { SELF, env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../src/chat/room-do';
import { hubStub } from '../../src/chat/shards';
import { POLL_TALLY_EVERY_MS, type Poll, type ServerFrame } from '../../src/shared/chat-protocol';
import { act, joined, makeMember, makeRoom, say, sleep, type ChatClient } from './chat-helpers';
import { encoderRun } from './live-fixtures';

// Polls in a room: the creator or a manager starts one, members vote once each (by member, across tabs and shards),
// tallies reach every socket batched, and the result stays in the chat when the time is up or it is ended early.

type PollOf<S extends string> = Extract<ServerFrame, { type: 'poll'; status: S }>;
const isPoll =
  <S extends 'open' | 'tally' | 'ended' | 'voted'>(status: S) =>
  (f: ServerFrame): f is PollOf<S> =>
    f.type === 'poll' && f.status === status;
const errorOf = (f: ServerFrame) => (f.type === 'connection' && f.status === 'error' ? f.code : null);

const POLL = { type: 'poll_start', question: '다음 게임은?', options: ['롤', '발로란트', '마크'], seconds: 60 };

/** Start a poll and wait for the room's answer: the open poll, or the error code. */
async function start(client: ChatClient, frame: object = POLL): Promise<Poll | string> {
  const from = client.frames.length;
  client.send(frame);
  const f = await client.waitFor((x) => isPoll('open')(x) || errorOf(x) !== null, { from });
  return f.type === 'poll' && f.status === 'open' ? f.poll : errorOf(f)!;
}

/** Vote and wait for the room's answer to this socket: 'voted' (option) or the error code. */
async function vote(client: ChatClient, id: number, option: number): Promise<number | string> {
  const from = client.frames.length;
  client.send({ type: 'poll_vote', id, option });
  const f = await client.waitFor((x) => isPoll('voted')(x) || errorOf(x) !== null, { from });
  return f.type === 'poll' && f.status === 'voted' ? f.option : errorOf(f)!;
}

const lastTally = (c: ChatClient) => c.frames.findLast(isPoll('tally'));
const untilTotal = (c: ChatClient, total: number) => c.waitFor((f) => isPoll('tally')(f) && f.total === total, { timeoutMs: 4000 });

async function lowerCapacity(room: string, capacity: number) {
  await runInDurableObject(hubStub(env, room), (instance: ChatRoom) => {
    instance.capacity = capacity;
  });
}

describe('polls', () => {
  it('only the creator or a manager starts one, one at a time, within the limits; bad input changes nothing', async () => {
    const { room, owner } = await makeRoom();
    const member = await makeMember();
    const manager = await makeMember();
    const { client: creator } = await joined(room, owner);
    const { client: viewer } = await joined(room, member);
    const { client: mgr } = await joined(room, manager);

    expect(await start(viewer)).toBe('FORBIDDEN');
    expect(await start(creator, { ...POLL, options: ['혼자'] })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, options: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, options: ['같다', '같다'] })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, question: '가'.repeat(101) })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, options: ['a', 'b'.repeat(41)] })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, seconds: 45 })).toBe('POLL_INVALID');
    expect(await start(creator, { ...POLL, question: '   ' })).toBe('POLL_INVALID');
    // Nothing opened: a joiner sees no poll.
    expect((await joined(room, null)).joinedFrame.poll).toBeNull();

    await act(creator, 'manager_assign', manager.loginId);
    const poll = await start(mgr, { ...POLL, question: '  다음 게임은?  ' });
    expect(poll).toMatchObject({ question: '다음 게임은?', options: POLL.options, votes: [0, 0, 0], total: 0, by: { loginId: manager.loginId }, seconds: 60, endedAt: null });
    // Every joined socket sees it open.
    await viewer.waitFor<PollOf<'open'>>(isPoll('open'));
    expect(await start(creator)).toBe('POLL_OPEN');
    // A plain member cannot end it; the creator can.
    const id = (poll as Poll).id;
    viewer.send({ type: 'poll_end', id });
    expect(errorOf(await viewer.waitFor((f) => errorOf(f) !== null))).toBe('FORBIDDEN');
    creator.send({ type: 'poll_end', id });
    const ended = await viewer.waitFor<PollOf<'ended'>>(isPoll('ended'));
    expect(ended.poll).toMatchObject({ id, total: 0, left: 0 });
    expect(ended.poll.endedAt).toEqual(expect.any(Number));
    // The next one may start now.
    expect(await start(creator)).toMatchObject({ id: id + 1 });
  });

  it('a member votes once: a second tab or a second try is refused with their vote; guests, muted and wrong polls change nothing', async () => {
    const { room, owner } = await makeRoom();
    const voter = await makeMember();
    const quiet = await makeMember();
    const { client: creator } = await joined(room, owner);
    const { client: tab1 } = await joined(room, voter);
    const { client: tab2 } = await joined(room, voter);
    const { client: muted } = await joined(room, quiet);
    const { client: guest } = await joined(room, null);
    await act(creator, 'mute', quiet.loginId, 600);
    const poll = (await start(creator)) as Poll;

    expect(await vote(tab1, poll.id, 1)).toBe(1);
    await untilTotal(creator, 1);
    const from = tab2.frames.length;
    expect(await vote(tab2, poll.id, 2)).toBe('ALREADY_VOTED');
    // After the refusal, the second tab is told what the member chose.
    expect(await tab2.waitFor<PollOf<'voted'>>(isPoll('voted'), { from })).toMatchObject({ id: poll.id, option: 1 });
    expect(await vote(tab1, poll.id, 1)).toBe('ALREADY_VOTED');
    await tab1.waitFor<PollOf<'voted'>>(isPoll('voted'), { from: tab1.frames.length - 1 });
    expect(await vote(guest, poll.id, 0)).toBe('LOGIN_REQUIRED');
    expect(await vote(muted, poll.id, 0)).toBe('MUTED');
    expect(await vote(tab1, poll.id + 1, 0)).toBe('POLL_CLOSED');
    const other = await makeMember();
    const { client: fresh } = await joined(room, other);
    expect(await vote(fresh, poll.id, 3)).toBe('POLL_INVALID');
    // Invalid frames are dropped unread.
    fresh.send({ type: 'poll_vote', id: poll.id, option: -1 });
    fresh.send({ type: 'poll_vote', id: 'x', option: 0 });
    await sleep(POLL_TALLY_EVERY_MS + 100);
    expect(lastTally(creator)).toMatchObject({ votes: [0, 1, 0], total: 1 });

    // A reconnect of the same member (a new socket) learns their vote on join and still cannot vote again.
    tab1.close();
    const again = await joined(room, voter);
    expect(again.joinedFrame).toMatchObject({ poll: { id: poll.id, votes: [0, 1, 0], total: 1 }, myVote: 1 });
    expect(await vote(again.client, poll.id, 0)).toBe('ALREADY_VOTED');
    expect((await again.client.waitFor<PollOf<'voted'>>(isPoll('voted'))).option).toBe(1);
    // A member who did not vote joins with myVote null; a guest too.
    expect((await joined(room, await makeMember())).joinedFrame.myVote).toBeNull();
    expect((await joined(room, null)).joinedFrame).toMatchObject({ poll: { id: poll.id }, myVote: null });
  });

  it('across shards: every vote counts once and every socket on every shard sees the same totals, batched', async () => {
    const { room, owner } = await makeRoom();
    await lowerCapacity(room, 2);
    const members = await Promise.all(Array.from({ length: 7 }, () => makeMember()));
    const { client: creator } = await joined(room, owner);
    const clients: ChatClient[] = [];
    for (const m of members) clients.push((await joined(room, m)).client);
    await sleep(100); // spokes report their counts
    expect(Object.keys((await hubStub(env, room).stats()).shards ?? {}).length).toBe(4);
    const poll = (await start(creator)) as Poll;
    for (const c of clients) await c.waitFor<PollOf<'open'>>(isPoll('open'));

    // Everyone votes at once, on every shard; option = index % 3.
    const answers = await Promise.all(clients.map((c, i) => vote(c, poll.id, i % 3)));
    expect(answers).toEqual(clients.map((_, i) => i % 3));
    for (const c of [creator, ...clients]) expect((await untilTotal(c, 7)) as PollOf<'tally'>).toMatchObject({ id: poll.id, votes: [3, 2, 2], total: 7 });
    // Seven votes inside one batch window: a handful of tallies, not one per vote.
    const tallies = creator.frames.filter(isPoll('tally')).length;
    expect(tallies).toBeGreaterThanOrEqual(1);
    expect(tallies).toBeLessThanOrEqual(3);

    // Ended early: the same result on every shard.
    creator.send({ type: 'poll_end', id: poll.id });
    for (const c of [creator, ...clients]) expect((await c.waitFor<PollOf<'ended'>>(isPoll('ended'))).poll).toMatchObject({ votes: [3, 2, 2], total: 7 });
  });

  it('tallies stay within POLL_TALLY_EVERY_MS under a stream of votes', async () => {
    const { room, owner } = await makeRoom();
    const members = await Promise.all(Array.from({ length: 30 }, () => makeMember()));
    const { client: creator } = await joined(room, owner);
    const clients: ChatClient[] = [];
    for (const m of members) clients.push((await joined(room, m)).client);
    const poll = (await start(creator, { ...POLL, options: ['예', '아니오'] })) as Poll;
    const startedAt = Date.now();
    // One vote every ~40 ms for ~1.2 s.
    for (const [i, c] of clients.entries()) {
      c.send({ type: 'poll_vote', id: poll.id, option: i % 2 });
      await sleep(40);
    }
    await untilTotal(creator, 30);
    const elapsed = Date.now() - startedAt;
    const tallies = creator.frames.filter(isPoll('tally')).length;
    console.log(`poll tallies: ${tallies} frames for 30 votes over ${elapsed} ms (${((tallies * 1000) / elapsed).toFixed(1)} a second)`);
    expect(tallies).toBeLessThanOrEqual(Math.ceil(elapsed / POLL_TALLY_EVERY_MS) + 1);
    expect(tallies).toBeGreaterThanOrEqual(2); // the bars moved while the votes came in, not only at the end
  });

  it('ends when its time is up (the alarm, after an eviction), and the result stays for joiners and in the replay', async () => {
    const r = await makeRoom();
    const { client: creator } = await joined(r.room, r.owner);
    await encoderRun(r.key, Date.now() - 300_000, { count: 3, startSec: 0 });
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'live');
    const streamId = (await env.DB.prepare('SELECT id FROM streams WHERE channel_id = ? ORDER BY id DESC LIMIT 1').bind(r.channelId).first<{ id: number }>())!.id;
    const voter = await makeMember();
    const { client: viewer } = await joined(r.room, voter);
    const poll = (await start(creator, { ...POLL, seconds: 30 })) as Poll;
    expect(await vote(viewer, poll.id, 2)).toBe(2);
    await untilTotal(creator, 1);

    // The object goes away; the poll and its votes are in its storage, and the alarm is still set.
    await evictDurableObject(hubStub(env, r.room));
    const late = await joined(r.room, voter);
    expect(late.joinedFrame).toMatchObject({ poll: { id: poll.id, total: 1, votes: [0, 0, 1] }, myVote: 2 });
    expect(late.joinedFrame.poll!.left).toBeGreaterThan(20_000);
    // Not due yet: the alarm leaves it open.
    expect(await runDurableObjectAlarm(hubStub(env, r.room))).toBe(true);
    await sleep(50);
    expect(viewer.frames.some(isPoll('ended'))).toBe(false);
    // Its time up (the clock moved on): the alarm closes it and everyone gets the result.
    await runInDurableObject(hubStub(env, r.room), (_instance: ChatRoom, state) => {
      state.storage.sql.exec('UPDATE polls SET ends_at = ? WHERE id = ?', Date.now() - 1, poll.id);
    });
    expect(await runDurableObjectAlarm(hubStub(env, r.room))).toBe(true);
    const ended = await viewer.waitFor<PollOf<'ended'>>(isPoll('ended'));
    expect(ended.poll).toMatchObject({ id: poll.id, votes: [0, 0, 1], total: 1 });
    expect(await vote(late.client, poll.id, 0)).toBe('POLL_CLOSED');

    // A joiner gets the result card, not an open poll.
    const after = await joined(r.room, null);
    expect(after.joinedFrame.poll).toBeNull();
    expect(after.joinedFrame.pollResults).toEqual([expect.objectContaining({ id: poll.id, total: 1, endedAt: ended.poll.endedAt })]);
    // The live's replay keeps the result (not the tallies).
    await say(creator, '결과 나왔어요');
    const res = await SELF.fetch(`http://flex.localhost:8787/api/streams/${streamId}/chat-replay?from=${poll.startedAt - 1000}&until=${Date.now() + 1000}`);
    expect(res.status).toBe(200);
    const lines = (await res.json<{ lines: Array<{ type: string; status?: string }> }>()).lines;
    expect(lines.filter((l) => l.type === 'poll')).toEqual([expect.objectContaining({ status: 'ended', poll: expect.objectContaining({ id: poll.id, total: 1 }) })]);
  });

  it('a poll whose alarm did not run closes at the next write or join after its end', async () => {
    const { room, owner } = await makeRoom();
    const { client: creator } = await joined(room, owner);
    const poll = (await start(creator)) as Poll;
    await runInDurableObject(hubStub(env, room), (_instance: ChatRoom, state) => {
      state.storage.sql.exec('UPDATE polls SET ends_at = ? WHERE id = ?', Date.now() - 1, poll.id);
    });
    const { client: viewer, joinedFrame } = await joined(room, await makeMember());
    expect(joinedFrame.poll).toBeNull();
    expect(joinedFrame.pollResults?.map((p) => p.id)).toEqual([poll.id]);
    await creator.waitFor<PollOf<'ended'>>(isPoll('ended'));
    expect(await vote(viewer, poll.id, 0)).toBe('POLL_CLOSED');
  });
});
