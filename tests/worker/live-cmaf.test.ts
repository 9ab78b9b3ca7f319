import { SELF, env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { SILENCE_MS } from '../../src/live/channel-do';
import { ORIGIN, box, channelMaker, put, uris } from './live-fixtures';
import { INGEST_SESSION_HEADER } from '../../src/shared/ingest';

// Live video in CMAF (an init segment and .m4s media segments), and an encoder that restarts mid-live: the stream
// goes on after a discontinuity, each run's files under their own names.

const makeChannel = channelMaker('cmaf');

const init = (mark = 0) => box('ftyp', 64, mark);
const media = (mark = 0) => box('moof', 256, mark);

/** An encoder's CMAF playlist (ffmpeg -hls_segment_type fmp4): `#EXT-X-MAP` first, then the segments from `firstSeq`. */
function cmafPlaylist(names: string[], { firstSeq = 0, ended = false, map = 'init.mp4', start = Date.now() - 10_000 } = {}) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${firstSeq}`, '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="${map}"`];
  for (const [i, name] of names.entries()) lines.push('#EXTINF:1.000000,', `#EXT-X-PROGRAM-DATE-TIME:${new Date(start + i * 1000).toISOString()}`, name);
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** An encoder's run (its init segment unless `goesOn`), `count` media segments from index`from`, then its playlist of the last `window`. */
async function run(key: string, { count, from = 0, mark = 0, window = count, goesOn = false }: { count: number; from?: number; mark?: number; window?: number; goesOn?: boolean }) {
  if (!goesOn) expect((await put(`/live/ingest/${key}/init.mp4`, init(mark))).status).toBe(204);
  const names = Array.from({ length: count }, (_, i) => `index${from + i}.m4s`);
  for (const name of names) expect((await put(`/live/ingest/${key}/${name}`, media(mark))).status).toBe(204);
  const listed = names.slice(-window);
  expect((await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(listed, { firstSeq: from + count - listed.length }))).status).toBe(204);
  clearAllCaches();
}

const openStream = (channelId: number) =>
  env.DB.prepare('SELECT id, kind, ended_at AS endedAt, duration_ms AS durationMs FROM streams WHERE channel_id = ? ORDER BY id DESC')
    .bind(channelId)
    .all<{ id: number; kind: number; endedAt: number | null; durationMs: number }>();

const playlistOf = async (channelId: number, streamId?: number) => {
  const res = await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId === undefined ? '' : `${streamId}/`}index.m3u8`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('CMAF ingest and playback', () => {
  it('stores the init segment and .m4s segments; the playlist names the init segment (EXT-X-MAP, version 6) and lists only media', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 3 });
    const [stream] = (await openStream(channelId)).results;
    const text = await playlistOf(channelId);
    expect(text).toContain('#EXT-X-VERSION:6');
    expect(text).toContain(`#EXT-X-MAP:URI="${stream!.id}/init.mp4"`);
    expect(text.indexOf('#EXT-X-MAP')).toBeLessThan(text.indexOf('#EXTINF'));
    expect(uris(text)).toEqual([`${stream!.id}/index0.m4s`, `${stream!.id}/index1.m4s`, `${stream!.id}/index2.m4s`]);
    expect(text).not.toContain('#EXT-X-DISCONTINUITY');

    const initRes = await SELF.fetch(`${ORIGIN}/live/${channelId}/${stream!.id}/init.mp4`);
    expect([initRes.status, initRes.headers.get('content-type'), initRes.headers.get('cache-control')]).toEqual([200, 'video/mp4', 'public, max-age=31536000, immutable']);
    expect(new Uint8Array(await initRes.arrayBuffer())).toEqual(init());
    const segRes = await SELF.fetch(`${ORIGIN}/live/${channelId}/${stream!.id}/index1.m4s`);
    expect([segRes.status, segRes.headers.get('content-type')]).toEqual([200, 'video/iso.segment']);
    await segRes.arrayBuffer();

    // The recording: every segment behind the same init segment, and the init segment does not count as media time.
    expect((await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(['index0.m4s', 'index1.m4s', 'index2.m4s'], { ended: true }))).status).toBe(204);
    clearAllCaches();
    expect((await openStream(channelId)).results[0]).toMatchObject({ kind: 2, durationMs: 3000 });
    const vod = await playlistOf(channelId, stream!.id);
    expect(vod).toContain(`#EXT-X-MAP:URI="init.mp4"`);
    expect(uris(vod)).toEqual(['index0.m4s', 'index1.m4s', 'index2.m4s']);
    expect(vod.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('refuses an init or media segment that is not CMAF, in the caller’s language, and writes nothing', async () => {
    const { channelId, key } = await makeChannel();
    for (const [name, body] of [
      ['init.mp4', media()],
      ['init.mp4', new Uint8Array([1, 2, 3])],
      ['index0.m4s', init()],
      ['index0.m4s', new Uint8Array(188).fill(0x47)],
    ] as const) {
      const res = await put(`/live/ingest/${key}/${name}`, body, { 'accept-language': 'en' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_CMAF', message: expect.stringContaining('CMAF') } });
    }
    const ko = await put(`/live/ingest/${key}/init.mp4`, media());
    expect(((await ko.json()) as { error: { message: string } }).error.message).toContain('세그먼트');
    expect((await openStream(channelId)).results).toHaveLength(0);
    expect((await env.MEDIA.list({ prefix: `live/${channelId}/` })).objects).toHaveLength(0);
  });

  it('refuses a playlist whose init segment is a byte range or not an .mp4 of its own', async () => {
    const { key } = await makeChannel();
    expect((await put(`/live/ingest/${key}/index0.m4s`, media())).status).toBe(204);
    for (const map of ['init.mp4",BYTERANGE="720@0', 'init.m4s', 'x/init.mkv']) {
      const res = await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(['index0.m4s'], { map }));
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([400, 'BAD_PLAYLIST']);
    }
  });
});

describe('an encoder that restarts mid-live', () => {
  it('goes on in the same stream: numbers keep rising, a discontinuity and the new init segment come between the runs', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 3, mark: 1 });
    // ffmpeg restarted within the silence window: its names and numbers start over.
    await run(key, { count: 2, mark: 2 });
    const streams = (await openStream(channelId)).results;
    expect(streams).toHaveLength(1);
    const id = streams[0]!.id;

    const text = await playlistOf(channelId);
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(uris(text)).toEqual([`${id}/index0.m4s`, `${id}/index1.m4s`, `${id}/index2.m4s`, `${id}/1.index0.m4s`, `${id}/1.index1.m4s`]);
    const lines = text.split('\n');
    const cut = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(cut).toBeGreaterThan(lines.indexOf(`${id}/index2.m4s`));
    expect(lines[cut + 1]).toBe(`#EXT-X-MAP:URI="${id}/1.init.mp4"`);
    expect(text).not.toContain('#EXT-X-DISCONTINUITY-SEQUENCE');
    // Each run's bytes are its own: nothing of the first run was written over.
    expect((await (await env.MEDIA.get(`live/${channelId}/${id}/init.mp4`))!.bytes()).at(-1)).toBe(1);
    expect((await (await env.MEDIA.get(`live/${channelId}/${id}/1.init.mp4`))!.bytes()).at(-1)).toBe(2);
    const seqs = await env.DB.prepare('SELECT seq FROM stream_segments WHERE stream_id = ? AND seq IS NOT NULL ORDER BY seq').bind(id).all<{ seq: number }>();
    expect(seqs.results.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4]);

    // The live window moves past the first run: the discontinuity sequence counts the restart it no longer shows.
    await run(key, { count: 6, from: 2, mark: 2, window: 6, goesOn: true });
    const later = await playlistOf(channelId);
    expect(later).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(later).toContain('#EXT-X-MEDIA-SEQUENCE:5');
    expect(later).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(later).toContain(`#EXT-X-MAP:URI="${id}/1.init.mp4"`);
    expect(uris(later)[0]).toBe(`${id}/1.index2.m4s`);

    // One recording of both runs.
    expect((await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(['index7.m4s'], { firstSeq: 7, ended: true }))).status).toBe(204);
    clearAllCaches();
    expect((await openStream(channelId)).results).toMatchObject([{ id, kind: 2, durationMs: 11_000 }]);
    const vod = await playlistOf(channelId, id);
    expect(uris(vod)).toHaveLength(11);
    expect(vod.match(/#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
    expect(vod.match(/#EXT-X-MAP/g)).toHaveLength(2);
  });

  it('an MPEG-TS encoder restarting gets the discontinuity too (no init segment)', async () => {
    const { channelId, key } = await makeChannel();
    const ts = new Uint8Array(188 * 2).fill(0x47);
    const tsPlaylist = (names: string[]) => `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n${names.map((n) => `#EXTINF:1.0,\n${n}`).join('\n')}\n`;
    for (const _run of [1, 2]) {
      for (const name of ['index0.ts', 'index1.ts']) expect((await put(`/live/ingest/${key}/${name}`, ts)).status).toBe(204);
      expect((await put(`/live/ingest/${key}/index.m3u8`, tsPlaylist(['index0.ts', 'index1.ts']))).status).toBe(204);
    }
    clearAllCaches();
    expect((await openStream(channelId)).results).toHaveLength(1);
    const text = await playlistOf(channelId);
    expect(text).toContain('#EXT-X-VERSION:3');
    expect(text).not.toContain('#EXT-X-MAP');
    expect(uris(text).map((u) => u.split('/')[1])).toEqual(['index0.ts', 'index1.ts', '1.index0.ts', '1.index1.ts']);
    expect(text.match(/#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
  });

  it('a run that never got a segment listed is written over, not followed by a discontinuity', async () => {
    const { channelId, key } = await makeChannel();
    // The encoder sent its init segment and a segment, then died before its first playlist.
    expect((await put(`/live/ingest/${key}/init.mp4`, init(1))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index0.m4s`, media(1))).status).toBe(204);
    await run(key, { count: 2, mark: 2 });
    const id = (await openStream(channelId)).results[0]!.id;
    const text = await playlistOf(channelId);
    expect(uris(text)).toEqual([`${id}/index0.m4s`, `${id}/index1.m4s`]);
    expect(text).not.toContain('DISCONTINUITY');
    expect((await (await env.MEDIA.get(`live/${channelId}/${id}/init.mp4`))!.bytes()).at(-1)).toBe(2);
  });

  it('the channel’s object, evicted mid-run, keeps counting where the run left off', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 2, mark: 1 });
    await run(key, { count: 2, mark: 2 });
    await evictDurableObject(env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(String(channelId))));
    // The second run goes on: its next segment is index2 (stream number 4); its names do not start a third run.
    expect((await put(`/live/ingest/${key}/index2.m4s`, media(2))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(['index0.m4s', 'index1.m4s', 'index2.m4s']))).status).toBe(204);
    clearAllCaches();
    const id = (await openStream(channelId)).results[0]!.id;
    const text = await playlistOf(channelId);
    expect(uris(text).map((u) => u.split('/')[1])).toEqual(['index0.m4s', 'index1.m4s', '1.index0.m4s', '1.index1.m4s', '1.index2.m4s']);
    const seq = await env.DB.prepare("SELECT seq FROM stream_segments WHERE stream_id = ? AND name = '1.index2.m4s'").bind(id).first('seq');
    expect(seq).toBe(4);
  });

  /** The channel's live ends as when its encoder went silent (the alarm after SILENCE_MS without media). */
  async function silence(channelId: number) {
    const open = (await openStream(channelId)).results[0]!.id;
    await env.DB.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?')
      .bind(Date.now() - SILENCE_MS - 1000, open)
      .run();
    expect(await runDurableObjectAlarm(liveObject(channelId))).toBe(true);
    expect((await openStream(channelId)).results[0]).toMatchObject({ id: open, kind: 2 });
    return open;
  }
  const liveObject = (channelId: number) => env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(String(channelId)));

  it('silence ends the live; the encoder back within a minute continues it: one stream, a discontinuity, numbers going on', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 2 });
    const first = await silence(channelId);
    await run(key, { count: 2, mark: 1 });
    const streams = (await openStream(channelId)).results;
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ id: first, kind: 1, endedAt: null });
    const text = await playlistOf(channelId);
    expect(text).toContain('#EXT-X-DISCONTINUITY');
    expect(uris(text).map((u) => u.split('/')[1])).toEqual(['index0.m4s', 'index1.m4s', '1.index0.m4s', '1.index1.m4s']);
    const seq = await env.DB.prepare("SELECT seq FROM stream_segments WHERE stream_id = ? AND name = '1.index1.m4s'").bind(first).first('seq');
    expect(seq).toBe(3);
    // Both runs' init segments are kept and served: the second's bytes are its own.
    const init1 = await SELF.fetch(`${ORIGIN}/live/${channelId}/${first}/1.init.mp4`);
    expect(new Uint8Array(await init1.arrayBuffer()).at(-1)).toBe(1);
  });

  it('after that minute, or after the encoder closed its playlist (End), the next segment starts a new stream', async () => {
    const late = await makeChannel();
    await run(late.key, { count: 2 });
    const first = await silence(late.channelId);
    await runInDurableObject(liveObject(late.channelId), (_instance, state) => {
      state.storage.sql.exec("UPDATE state SET v = ? WHERE k = 'resumableUntil'", Date.now() - 1);
    });
    await run(late.key, { count: 2 });
    const lateStreams = (await openStream(late.channelId)).results;
    expect(lateStreams.map((s) => s.kind)).toEqual([1, 2]);
    expect(lateStreams[0]!.id).not.toBe(first);
    expect(await playlistOf(late.channelId)).not.toContain('DISCONTINUITY');

    // An alarm that runs hours late (the object was away) ends the live when its silence began, and the encoder
    // starting again is a new live, not the old one resumed.
    const away = await makeChannel();
    await run(away.key, { count: 2 });
    const lastMedia = Date.now() - 4 * 3_600_000;
    const old = (await openStream(away.channelId)).results[0]!.id;
    await env.DB.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?').bind(lastMedia, old).run();
    expect(await runDurableObjectAlarm(liveObject(away.channelId))).toBe(true);
    expect(await env.DB.prepare('SELECT ended_at FROM streams WHERE id = ?').bind(old).first('ended_at')).toBe(lastMedia + SILENCE_MS);
    await run(away.key, { count: 2 });
    const awayStreams = (await openStream(away.channelId)).results;
    expect(awayStreams.map((s) => s.kind)).toEqual([1, 2]);
    expect(awayStreams[0]!.id).not.toBe(old);

    const ended = await makeChannel();
    await run(ended.key, { count: 2 });
    expect((await put(`/live/ingest/${ended.key}/index.m3u8`, cmafPlaylist(['index0.m4s', 'index1.m4s'], { ended: true }))).status).toBe(204);
    await run(ended.key, { count: 2 });
    expect((await openStream(ended.channelId)).results.map((s) => s.kind)).toEqual([1, 2]);
  });
});

describe('an encoder that stops', () => {
  it('its last segment, still on the way when its closing playlist ended the live, goes into that recording, not a new live', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 2 });
    // ffmpeg's last playlist (closed) lists a segment whose bytes come after it.
    expect((await put(`/live/ingest/${key}/index.m3u8`, cmafPlaylist(['index0.m4s', 'index1.m4s', 'index2.m4s'], { ended: true }))).status).toBe(204);
    expect((await openStream(channelId)).results[0]).toMatchObject({ kind: 2 });
    expect((await put(`/live/ingest/${key}/index2.m4s`, media())).status).toBe(204);
    const streams = (await openStream(channelId)).results;
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ kind: 2, durationMs: 3000 });
    clearAllCaches();
    expect(uris(await playlistOf(channelId, streams[0]!.id)).map((u) => u.split('/').pop())).toEqual(['index0.m4s', 'index1.m4s', 'index2.m4s']);
    // A segment it did not list starts the next live, as before.
    expect((await put(`/live/ingest/${key}/index9.m4s`, media())).status).toBe(204);
    expect((await openStream(channelId)).results.map((s) => s.kind)).toEqual([1, 2]);
  });
});

describe("the studio's encoder (a browser tab)", () => {
  it('sends the same files to /live/ingest/studio/… with the key in Authorization, never in the URL', async () => {
    const { channelId, key } = await makeChannel();
    const auth = { authorization: `Bearer ${key}` };
    expect((await put('/live/ingest/studio/src/init.mp4', init(), auth)).status).toBe(204);
    expect((await put('/live/ingest/studio/src/index0.m4s', media(), auth)).status).toBe(204);
    const stream = (await openStream(channelId)).results[0]!;
    expect(stream.kind).toBe(1);
    expect(await env.MEDIA.head(`live/${channelId}/${stream.id}/src/index0.m4s`)).not.toBeNull();
    // No key, a wrong one, or another scheme: refused, nothing stored.
    for (const headers of [{}, { authorization: 'Bearer wrong_key_0000000000' }, { authorization: `Basic ${key}` }] as Record<string, string>[]) {
      const res = await put('/live/ingest/studio/src/index1.m4s', media(), headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STREAM_KEY_INVALID');
    }
    expect(await env.MEDIA.head(`live/${channelId}/${stream.id}/src/index1.m4s`)).toBeNull();
  });

  it('a second tab that starts takes the live over as a new run; the first tab is refused, in its language, until the live ends', async () => {
    const { channelId, key } = await makeChannel();
    const tab = (session: string, lang = 'ko') => ({ authorization: `Bearer ${key}`, [INGEST_SESSION_HEADER]: session, 'accept-language': lang });
    const first = tab('11111111-aaaa-4aaa-8aaa-111111111111');
    const second = tab('22222222-bbbb-4bbb-8bbb-222222222222', 'en');
    const send = async (headers: Record<string, string>, from: number, count: number, mark: number) => {
      if (from === 0) expect((await put('/live/ingest/studio/init.mp4', init(mark), headers)).status).toBe(204);
      const names = Array.from({ length: count }, (_, i) => `index${from + i}.m4s`);
      for (const name of names) expect((await put(`/live/ingest/studio/${name}`, media(mark), headers)).status).toBe(204);
      expect((await put('/live/ingest/studio/index.m3u8', cmafPlaylist(names, { firstSeq: from }), headers)).status).toBe(204);
      clearAllCaches();
    };
    await send(first, 0, 3, 1);
    // The second tab starts: its files are the live's next run (a discontinuity), not interleaved with the first's.
    await send(second, 0, 2, 2);
    const refused = await put('/live/ingest/studio/index3.m4s', media(1), { ...first, 'accept-language': 'en' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'INGEST_TAKEN_OVER', message: 'This live was taken over from another tab or device. This tab has stopped sending.' } });
    const playlist = await put('/live/ingest/studio/index.m3u8', cmafPlaylist(['index3.m4s'], { firstSeq: 3, ended: true }), first);
    expect(playlist.status).toBe(409); // its End does not end the live the other tab sends
    // Nor is its picture the channel's.
    expect((await put('/live/ingest/studio/thumb.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), first)).status).toBe(409);
    expect(await env.MEDIA.head(`live/${channelId}/thumb.jpg`)).toBeNull();
    const [stream] = (await openStream(channelId)).results;
    expect(stream).toMatchObject({ kind: 1, endedAt: null });
    await send(second, 2, 2, 2);
    const text = await playlistOf(channelId);
    // The live window (its newest six): the first tab's run, then the second's, and nothing the first sent after.
    const both = [0, 1, 2].map((n) => `${stream!.id}/index${n}.m4s`).concat([0, 1, 2, 3].map((n) => `${stream!.id}/1.index${n}.m4s`));
    expect(uris(text)).toEqual(both.slice(-6));
    expect(text.match(/#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
    expect(await env.MEDIA.head(`live/${channelId}/${stream!.id}/index3.m4s`)).toBeNull();

    // The second tab ends the live; the next live is anyone's, the first tab's too.
    expect((await put('/live/ingest/studio/index.m3u8', cmafPlaylist(['index3.m4s'], { firstSeq: 3, ended: true }), second)).status).toBe(204);
    await send(first, 0, 1, 3);
    const streams = (await openStream(channelId)).results;
    expect(streams.map((s) => s.kind)).toEqual([1, 2]);
  });
});
