import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse, StreamDetail, ViewMainResponse } from '../../src/shared/streams-api';
import { get } from './helpers';
import { clearWatchTables, insertChannel, insertStream, json, liveChannel, setChannelSettings, signedIn } from './watch-fixtures';

// The operators' adultPlusBroadcast switch (KV channel settings): off, no adult-plus stream plays (live or recorded),
// none is listed and none starts; on, they work as adult streams do (the same identity and age gate).

beforeEach(clearWatchTables);

/** A channel marked adult-plus with an open live (and, if asked, a recording), both adult-plus as its lives are. */
async function adultPlusChannel(ownerId?: number) {
  const channel = await liveChannel({ ownerId, adult: false }, { viewers: 50 });
  await env.DB.batch([env.DB.prepare('UPDATE channels SET adult_plus = 1 WHERE id = ?').bind(channel.id), env.DB.prepare('UPDATE streams SET adult_plus = 1 WHERE channel_id = ?').bind(channel.id)]);
  const recording = await insertStream(channel.id, { kind: 2 });
  await env.DB.prepare('UPDATE streams SET adult_plus = 1 WHERE id = ?').bind(recording).run();
  return { ...channel, recording };
}

const livesOnHome = async () => (await json<ViewMainResponse>(await get('/api/my/view-main'))).lives.map((l) => l.streamId);
const suggested = async () => (await json<ViewMainResponse>(await get('/api/my/view-main'))).suggestions.map((l) => l.streamId);
const liveOf = async (fetch: (path: string) => Promise<Response>, channelId: number) => (await json<ChannelPageResponse>(await fetch(`/api/channels/${channelId}/channel-page`))).live!;

describe('adultPlusBroadcast off (the default)', () => {
  it('plays no adult-plus stream, live or recorded, to anyone but its creator, and lists none; adult and plain ones are untouched', async () => {
    await setChannelSettings({ adultBroadcast: true, adultPlusBroadcast: false });
    const owner = await signedIn();
    const plus = await adultPlusChannel(owner.id);
    const adult = await liveChannel({ adult: true });
    const plain = await liveChannel();
    const grown = await signedIn('adult');

    expect(await liveOf((p) => grown.browser.fetch(p), plus.id)).toMatchObject({ streamId: plus.streamId, adult: true, adultPlus: true, access: 'unavailable', playback: null });
    expect(await json<StreamDetail>(await grown.browser.fetch(`/api/streams/${plus.recording}`))).toMatchObject({ access: 'unavailable', playback: null });
    expect(await json<StreamDetail>(await get(`/api/streams/${plus.streamId}`))).toMatchObject({ access: 'unavailable', playback: null });
    expect((await liveOf((p) => owner.browser.fetch(p), plus.id)).access).toBe('ok');
    expect((await liveOf((p) => grown.browser.fetch(p), adult.id)).access).toBe('ok');

    expect(await livesOnHome()).toEqual([adult.streamId, plain.streamId].sort((a, b) => b - a));
    expect(await suggested()).not.toContain(plus.streamId);
  });

  it('refuses a creator starting an adult-plus live, in their language, and starts nothing', async () => {
    await setChannelSettings({ adultPlusBroadcast: false });
    const channel = await insertChannel();
    const key = `test_key_plus_${channel.id}_abcdefgh`;
    await env.DB.prepare('UPDATE channels SET adult_plus = 1, stream_key = ? WHERE id = ?').bind(key, channel.id).run();
    const segment = new Uint8Array(188 * 4).fill(0x47);
    for (const [language, message] of [
      ['ko', '지금은 성인+ 방송을 시작할 수 없습니다. 운영자가 성인+ 방송을 허용하면 다시 시도해 주세요.'],
      ['en', 'Adult-plus broadcasts cannot start right now. Try again once operators allow adult-plus broadcasting.'],
    ] as const) {
      const res = await SELF.fetch(`http://localhost:8787/live/ingest/${key}/index0.ts`, { method: 'PUT', body: segment, headers: { 'accept-language': language } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: unknown }).error).toEqual({ code: 'ADULT_PLUS_BROADCAST_OFF', message });
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM streams WHERE channel_id = ?').bind(channel.id).first('n')).toBe(0);

    // Switched on, the same encoder goes on air.
    await setChannelSettings({ adultPlusBroadcast: true });
    expect((await SELF.fetch(`http://localhost:8787/live/ingest/${key}/index0.ts`, { method: 'PUT', body: segment })).status).toBe(204);
    expect(await env.DB.prepare('SELECT adult_plus FROM streams WHERE channel_id = ? AND ended_at IS NULL').bind(channel.id).first('adult_plus')).toBe(1);
  });
});

describe('adultPlusBroadcast on', () => {
  it('adult-plus streams work as adult ones: listed, and the adult gate decides who plays; adult broadcasting off stops them too', async () => {
    await setChannelSettings({ adultBroadcast: true, adultPlusBroadcast: true });
    const plus = await adultPlusChannel();
    const grown = await signedIn('adult');
    const minor = await signedIn('minor');
    expect(await livesOnHome()).toEqual([plus.streamId]);
    expect((await liveOf(get, plus.id)).access).toBe('identity');
    expect((await liveOf((p) => minor.browser.fetch(p), plus.id)).access).toBe('adult');
    expect(await liveOf((p) => grown.browser.fetch(p), plus.id)).toMatchObject({ access: 'ok', playback: { url: expect.stringContaining('?token=') } });
    expect((await json<StreamDetail>(await grown.browser.fetch(`/api/streams/${plus.recording}`))).access).toBe('ok');

    await setChannelSettings({ adultBroadcast: false });
    expect((await liveOf((p) => grown.browser.fetch(p), plus.id)).access).toBe('unavailable');
    expect(await livesOnHome()).toEqual([]);
  });
});
