import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse, OwnChannelSettings, StreamDetail, ViewMainResponse } from '../../src/shared/streams-api';
import { Browser, get } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, insertStream, json, liveChannel, setChannelSettings, signedIn } from './watch-fixtures';

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

describe("the creator's adult-plus setting (PUT /api/my/channel/settings)", () => {
  const SETTINGS = '/api/my/channel/settings';
  /** The adult flags of the channel and of its open live, as D1 holds them. */
  const flags = async (channelId: number) => ({
    channel: await env.DB.prepare('SELECT adult, adult_plus AS adultPlus FROM channels WHERE id = ?').bind(channelId).first(),
    live: await env.DB.prepare('SELECT adult, adult_plus AS adultPlus FROM streams WHERE channel_id = ? AND ended_at IS NULL').bind(channelId).first(),
  });
  const plain = { adult: 0, adultPlus: 0 };
  const guestTicket = (channelId: number) => new Browser().json('/api/guest/chat-ticket', { room: String(channelId) });

  it('a verified adult creator turns it on with adult, the live on air included, and guests are gated; adult off clears it', async () => {
    await setChannelSettings({ adultBroadcast: true, adultPlusBroadcast: true });
    const owner = await signedIn('adult');
    const channel = await liveChannel({ ownerId: owner.id });
    const minor = await signedIn('minor');
    expect((await liveOf(get, channel.id)).access).toBe('ok');
    expect((await guestTicket(channel.id)).status).toBe(200);

    // Adult-plus without adult is a contradiction the studio never sends.
    await expectRefused(await owner.browser.json(SETTINGS, { themeCode: null, adult: false, adultPlus: true }, 'PUT'), 400, '성인+ 방송은 성인 방송과 함께 켜야 합니다.');
    expect(await flags(channel.id)).toEqual({ channel: plain, live: plain });

    const saved = await owner.browser.json(SETTINGS, { themeCode: null, adult: true, adultPlus: true }, 'PUT');
    expect(await json<OwnChannelSettings>(saved)).toMatchObject({ adult: true, adultPlus: true, adultPlusBroadcast: true });
    expect(await flags(channel.id)).toEqual({ channel: { adult: 1, adultPlus: 1 }, live: { adult: 1, adultPlus: 1 } });
    expect(await json<OwnChannelSettings>(await owner.browser.fetch(SETTINGS))).toMatchObject({ adult: true, adultPlus: true });

    expect(await liveOf(get, channel.id)).toMatchObject({ adultPlus: true, access: 'identity', playback: null });
    expect(await json(await guestTicket(channel.id))).toMatchObject({ error: { code: 'IDENTITY_REQUIRED' } });
    expect((await liveOf((p) => minor.browser.fetch(p), channel.id)).access).toBe('adult');
    expect((await liveOf((p) => owner.browser.fetch(p), channel.id)).access).toBe('ok');

    // Omitted, it stays while adult stays on; adult off takes it off, the live's too.
    await owner.browser.json(SETTINGS, { themeCode: null, adult: true }, 'PUT');
    expect(await flags(channel.id)).toEqual({ channel: { adult: 1, adultPlus: 1 }, live: { adult: 1, adultPlus: 1 } });
    expect(await json<OwnChannelSettings>(await owner.browser.json(SETTINGS, { themeCode: null, adult: false }, 'PUT'))).toMatchObject({ adult: false, adultPlus: false });
    expect(await flags(channel.id)).toEqual({ channel: plain, live: plain });
    expect((await liveOf(get, channel.id)).access).toBe('ok');
  });

  it('refuses a creator who is not an identity-verified adult, in their language, and changes nothing', async () => {
    await setChannelSettings({ adultPlusBroadcast: true });
    for (const kind of ['unverified', 'minor'] as const) {
      const owner = await signedIn(kind);
      const channel = await liveChannel({ ownerId: owner.id });
      const res = await owner.browser.json(SETTINGS, { themeCode: 'music', adult: true, adultPlus: true, maxViewers: 3 }, 'PUT');
      expect(res.status, kind).toBe(403);
      expect(await json(res)).toEqual({ error: { code: 'VERIFIED_ADULT_REQUIRED', message: '성인+ 방송은 본인인증을 마친 성인 크리에이터만 켤 수 있습니다.' } });
      expect(await flags(channel.id)).toEqual({ channel: plain, live: plain });
      expect(await json<OwnChannelSettings>(await owner.browser.fetch(SETTINGS))).toMatchObject({ themeCode: 'talk', adult: false, adultPlus: false, maxViewers: null });
      expect((await liveOf(get, channel.id)).access).toBe('ok');
    }
  });

  it("cannot be turned on while the operators' switch is off, which the studio is told; a channel that has it keeps it or turns it off", async () => {
    const owner = await signedIn('adult');
    const channel = await liveChannel({ ownerId: owner.id });
    expect(await json<OwnChannelSettings>(await owner.browser.fetch(SETTINGS))).toMatchObject({ adultPlus: false, adultPlusBroadcast: false });
    const res = await owner.browser.json(SETTINGS, { themeCode: null, adult: true, adultPlus: true }, 'PUT');
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: { code: 'ADULT_PLUS_BROADCAST_OFF', message: '운영자가 성인+ 방송을 허용하지 않아 지금은 켤 수 없습니다.' } });
    expect(await flags(channel.id)).toEqual({ channel: plain, live: plain });

    await env.DB.prepare('UPDATE channels SET adult = 1, adult_plus = 1 WHERE id = ?').bind(channel.id).run();
    expect((await owner.browser.json(SETTINGS, { themeCode: null, adult: true, adultPlus: true, maxViewers: 9 }, 'PUT')).status).toBe(200);
    expect(await owner.browser.json(SETTINGS, { themeCode: null, adult: true, adultPlus: false }, 'PUT').then(json)).toMatchObject({ adult: true, adultPlus: false });
    expect((await flags(channel.id)).channel).toEqual({ adult: 1, adultPlus: 0 });
  });
});
