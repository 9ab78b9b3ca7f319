import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatReplay } from '../../src/shared/chat-replay-schemas';
import { signPlayback } from '../../src/lib/playback-token';
import { act, joined, makeMember, makeRoom, say } from './chat-helpers';
import { encoderRun } from './live-fixtures';

// A recording's chat replay: its channel's room keeps every line of the live (words, gifts, notices, moderation) with
// the time it was said, from the live's "live" notice to its "ended" one, and answers a stretch of them to whoever may
// watch the recording; members banned for good are left out.

const T0 = Date.now() - 300_000;
const replay = async (streamId: number, from: number, until: number, extra = '') => SELF.fetch(`http://flex.localhost:8787/api/streams/${streamId}/chat-replay?from=${from}&until=${until}${extra}`);
const linesOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json<ChatReplay>()).lines;
};
const streamOf = async (channelId: number) => (await env.DB.prepare('SELECT id FROM streams WHERE channel_id = ? ORDER BY id DESC LIMIT 1').bind(channelId).first<{ id: number }>())!.id;
const textsOf = (lines: ChatReplay['lines']) => lines.map((l) => (l.type === 'message' ? String(l.text) : `${l.type}:${String(l.kind ?? l.action)}`));

describe('chat replay', () => {
  it("keeps a live's lines in order with their times, from its live notice to its end, and answers a stretch of them", async () => {
    const r = await makeRoom();
    const { client: creator } = await joined(r.room, r.owner);
    const before = await joined(r.room, await makeMember());
    await say(before.client, '방송 전 잡담'); // not a live's: never replayed
    const startedAt = Date.now();
    await encoderRun(r.key, T0, { count: 3, startSec: 0 });
    const streamId = await streamOf(r.channelId);
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'live');
    const viewer = await makeMember();
    const { client } = await joined(r.room, viewer);
    const first = await say(client, '첫 번째');
    const second = await say(client, '두 번째');
    await act(creator, 'mute', viewer.loginId, 60);
    await encoderRun(r.key, T0, { count: 3, startSec: 0, ended: true, playlistOnly: true });
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'ended');
    await say(creator, '방송 후 인사'); // after the end: not the recording's

    const all = await linesOf(await replay(streamId, startedAt - 1000, Date.now() + 1000));
    expect(textsOf(all)).toEqual(['event:channel_status', '첫 번째', '두 번째', 'action:mute', 'event:channel_status']);
    expect(all[1]).toMatchObject({ type: 'message', at: (first as { at: number }).at, from: { loginId: viewer.loginId } });
    // A stretch: only what was said in it (from inclusive, until exclusive).
    const at = (second as { at: number }).at;
    expect(textsOf(await linesOf(await replay(streamId, at, at + 1)))).toEqual(['두 번째']);
    expect(await linesOf(await replay(streamId, startedAt - 60_000, startedAt - 1000))).toEqual([]);
    // What a replay shows at a moment: the last lines said before it.
    const lastTwo = await linesOf(await SELF.fetch(`http://flex.localhost:8787/api/streams/${streamId}/chat-replay?until=${at + 1}&last=2`));
    expect(textsOf(lastTwo)).toEqual(['첫 번째', '두 번째']);
    expect((await SELF.fetch(`http://flex.localhost:8787/api/streams/${streamId}/chat-replay?until=${at + 1}`)).status).toBe(400);
  });

  it('leaves out the lines of members banned from the room for good, and refuses bad ranges and viewers who may not watch', async () => {
    const r = await makeRoom();
    const { client: creator } = await joined(r.room, r.owner);
    await encoderRun(r.key, T0, { count: 3, startSec: 0 });
    const streamId = await streamOf(r.channelId);
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'live');
    const troll = await makeMember();
    const { client } = await joined(r.room, troll);
    await say(client, '나쁜 말');
    await say(creator, '좋은 말');
    const from = Date.now() - 60_000;
    expect(textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000)))).toEqual(['event:channel_status', '나쁜 말', '좋은 말']);
    await act(creator, 'blacklist', troll.loginId);
    // The blacklist's own notices stay (the creator's); the troll's words are gone from the replay.
    const after = textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000)));
    expect(after).not.toContain('나쁜 말');
    expect(after).toContain('좋은 말');
    await act(creator, 'unblacklist', troll.loginId);
    expect(textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000)))).toContain('나쁜 말');

    expect((await replay(streamId, 2000, 1000)).status).toBe(400);
    expect((await replay(streamId, 0, 11 * 60_000)).status).toBe(400);
    expect((await replay(987_654_321, 0, 1000)).status).toBe(404);
    // A password live's recording: only with the token its playback carries.
    await env.DB.prepare('UPDATE streams SET has_password = 1 WHERE id = ?').bind(streamId).run();
    await env.DB.prepare("UPDATE channels SET password_hash = 'pbkdf2-sha256$1$AA$AA' WHERE id = ?").bind(r.channelId).run();
    const refused = await replay(streamId, from, Date.now() + 1000);
    expect(refused.status).toBe(403);
    const { token } = await signPlayback(env.JWT_SECRET, streamId);
    expect(textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000, `&token=${encodeURIComponent(token)}`)))).toContain('좋은 말');
  });

  it('a message a moderator deleted leaves every screen and the replay; only a message of the member named, by a moderator above them', async () => {
    const r = await makeRoom();
    const { client: creator } = await joined(r.room, r.owner);
    await encoderRun(r.key, T0, { count: 3, startSec: 0 });
    const streamId = await streamOf(r.channelId);
    await creator.waitFor((f) => f.type === 'event' && f.kind === 'channel_status' && f.status === 'live');
    const author = await makeMember();
    const { client } = await joined(r.room, author);
    const watcher = await joined(r.room, await makeMember());
    const said = (await say(client, '지울 말')) as { id: number };
    await say(client, '남길 말');
    const from = Date.now() - 60_000;

    // Not the author's message, or no message id: refused, nothing gone.
    const wrong = creator.frames.length;
    creator.send({ type: 'action', action: 'delete_message', target: r.owner.loginId, messageId: said.id });
    expect(await creator.waitFor((f) => f.type === 'connection' && f.status === 'error', { from: wrong })).toMatchObject({ code: 'BAD_TARGET' });
    expect(await act(creator, 'delete_message', author.loginId)).toMatchObject({ code: 'BAD_TARGET' });
    // A member cannot delete another's.
    const other = await joined(r.room, await makeMember());
    const mine = other.client.frames.length;
    other.client.send({ type: 'action', action: 'delete_message', target: author.loginId, messageId: said.id });
    expect(await other.client.waitFor((f) => f.type === 'connection' && f.status === 'error', { from: mine })).toMatchObject({ code: 'FORBIDDEN' });
    expect(textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000)))).toContain('지울 말');

    const seen = watcher.client.frames.length;
    creator.send({ type: 'action', action: 'delete_message', target: author.loginId, messageId: said.id });
    expect(await watcher.client.waitFor((f) => f.type === 'action' && f.action === 'delete_message', { from: seen })).toMatchObject({ messageId: said.id, target: { loginId: author.loginId } });
    const after = textsOf(await linesOf(await replay(streamId, from, Date.now() + 1000)));
    expect(after).not.toContain('지울 말');
    expect(after).toContain('남길 말');
    // A newcomer's history no longer has it either.
    const late = await joined(r.room, await makeMember());
    expect(late.joinedFrame.history.map((m) => m.text)).not.toContain('지울 말');
  });
});
