import { SELF, env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { PLAYBACK_TOKEN_TTL_MS, signPlayback } from '../../src/lib/playback-token';
import { SILENCE_MS } from '../../src/live/channel-do';
import channeling from '../../kv-seed/channeling.json';
import { uris } from './live-fixtures';
import { uniqueTag } from './unique';

// Our own live path: ingest over PUT, the stream lifecycle in the LiveChannel object, playback from R2.

const ORIGIN = 'http://localhost:8787';

async function makeChannel({ adult = false, adultPlus = false, password = false } = {}) {
  const tag = uniqueTag();
  const member = await env.DB.prepare('INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, ?) RETURNING id')
    .bind(`live${tag}`, `방송${tag}`, 'pbkdf2-sha256$1$AA$AA')
    .first<{ id: number }>();
  const key = `test_key_${tag}_abcdefgh`;
  const channel = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, adult, adult_plus, password_hash) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(member!.id, `테스트 방송 ${tag}`, key, adult ? 1 : 0, adultPlus ? 1 : 0, password ? 'pbkdf2-sha256$1$AA$AA' : null)
    .first<{ id: number }>();
  return { channelId: channel!.id, key };
}

function put(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { method: 'PUT', body, headers });
}

const segmentBytes = (n: number) => new Uint8Array(188 * 4).fill(0x47 + (n % 3));

function encoderPlaylist(names: string[], { firstSeq = 0, ended = false, start = Date.now() - 10_000 } = {}) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${firstSeq}`];
  names.forEach((name, i) => {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(start + i * 1000).toISOString()}`, '#EXTINF:1.000000,', name);
  });
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

async function openStreamOf(channelId: number) {
  return env.DB.prepare('SELECT * FROM streams WHERE channel_id = ? ORDER BY id DESC LIMIT 1').bind(channelId).first<Record<string, unknown>>();
}

async function everything() {
  const objects = (await env.MEDIA.list({ prefix: 'live/' })).objects.length;
  const streams = (await env.DB.prepare('SELECT COUNT(*) AS n FROM streams').first<{ n: number }>())!.n;
  const segments = (await env.DB.prepare('SELECT COUNT(*) AS n FROM stream_segments').first<{ n: number }>())!.n;
  const thumbs = (await env.DB.prepare('SELECT COUNT(*) AS n FROM channels WHERE thumbnail_at IS NOT NULL').first<{ n: number }>())!.n;
  return { objects, streams, segments, thumbs };
}

/** A live with `count` segments stored and listed; returns its ids. */
async function liveWith(count: number, options: Parameters<typeof makeChannel>[0] = {}) {
  const channel = await makeChannel(options);
  const names = Array.from({ length: count }, (_, i) => `index${i}.ts`);
  for (const [i, name] of names.entries()) expect((await put(`/live/ingest/${channel.key}/${name}`, segmentBytes(i))).status).toBe(204);
  expect((await put(`/live/ingest/${channel.key}/index.m3u8`, encoderPlaylist(names))).status).toBe(204);
  const stream = await openStreamOf(channel.channelId);
  clearAllCaches();
  return { ...channel, streamId: stream!.id as number, names };
}

function liveObject(channelId: number) {
  return env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(String(channelId)));
}

async function endBySilence(channelId: number, streamId: number) {
  await env.DB.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?')
    .bind(Date.now() - SILENCE_MS - 1000, streamId)
    .run();
  expect(await runDurableObjectAlarm(liveObject(channelId))).toBe(true);
  clearAllCaches();
}

describe('ingest', () => {
  it('a good key stores the first segment and starts exactly one stream', async () => {
    const { channelId, key } = await makeChannel();
    const results = await Promise.all([0, 1, 2].map((i) => put(`/live/ingest/${key}/index${i}.ts`, segmentBytes(i))));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    const streams = await env.DB.prepare('SELECT * FROM streams WHERE channel_id = ?').bind(channelId).all<Record<string, unknown>>();
    expect(streams.results).toHaveLength(1);
    const stream = streams.results[0]!;
    expect(stream).toMatchObject({ kind: 1, source: 'flex', ended_at: null, adult: 0, has_password: 0 });
    expect(String(stream.title)).toContain('테스트 방송');
    const stored = await env.MEDIA.get(`live/${channelId}/${stream.id}/index1.ts`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(segmentBytes(1));
    const rows = await env.DB.prepare('SELECT name, stored_at, duration_ms FROM stream_segments WHERE stream_id = ? ORDER BY name').bind(stream.id).all();
    expect(rows.results.map((r) => r.name)).toEqual(['index0.ts', 'index1.ts', 'index2.ts']);
    expect(rows.results.every((r) => r.stored_at !== null && r.duration_ms === null)).toBe(true);
  });

  it('a wrong or malformed key is refused with 403 and writes nothing', async () => {
    await makeChannel();
    const before = await everything();
    for (const key of ['wrong_key_0123456789abcdef', 'short', 'bad.key.with.dots.1234567']) {
      const res = await put(`/live/ingest/${key}/index0.ts`, segmentBytes(0), { 'accept-language': 'en' });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('STREAM_KEY_INVALID');
      expect(body.error.message).toMatch(/stream key/i);
    }
    expect(await everything()).toEqual(before);
  });

  it('paths that leave the stream folder or name other files are 400 and write nothing', async () => {
    const { key } = await makeChannel();
    const before = await everything();
    const variants = [
      `/live/ingest/${key}/..%2F..%2Fevil.ts`,
      `/live/ingest/${key}/a%2Fb.ts`,
      `/live/ingest/${key}/a%5Cb.ts`,
      `/live/ingest/${key}/%2e%2e%2fx.ts`,
      `/live/ingest/${key}/sub/deeper/index0.ts`,
      `/live/ingest/${key}/sub/thumb.jpg`,
      `/live/ingest/${key}/sub/master.m3u8`,
      `/live/ingest/${key}/s.b/index0.ts`,
      `/live/ingest/${key}/a_rendition_name_too_long/index0.ts`,
      `/live/ingest/${key}/sub/../../index0.ts`,
      `/live/ingest/${key}/index0.mkv`,
      `/live/ingest/${key}/.ts`,
      `/live/ingest/${key}/index.m3u8/x.ts`,
      `/live/ingest/${key}/index0.ts%00`,
      `/live/ingest/${key}`,
    ];
    for (const path of variants) {
      const res = await put(path, segmentBytes(0));
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_PATH');
    }
    expect(await everything()).toEqual(before);
  });

  it('oversized bodies are 413 by Content-Length and by counting a chunked body, and write nothing', async () => {
    const { key } = await makeChannel();
    const before = await everything();
    const big = await put(`/live/ingest/${key}/index0.ts`, new Uint8Array(8 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    const chunk = new Uint8Array(1024 * 1024).fill(0x47);
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 9) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await put(`/live/ingest/${key}/index0.ts`, chunked);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('TOO_LARGE');
    expect((await put(`/live/ingest/${key}/thumb.jpg`, new Uint8Array(1024 * 1024 + 1).fill(0xff))).status).toBe(413);
    expect((await put(`/live/ingest/${key}/index.m3u8`, `#EXTM3U\n${'#'.repeat(64 * 1024)}`)).status).toBe(413);
    expect(await everything()).toEqual(before);
  });

  it('a rotated key stops working at once; the new one works', async () => {
    const { channelId, key } = await makeChannel();
    const rotated = `${key}_rotated`;
    await env.DB.prepare('UPDATE channels SET stream_key = ? WHERE id = ?').bind(rotated, channelId).run();
    expect((await put(`/live/ingest/${key}/index0.ts`, segmentBytes(0))).status).toBe(403);
    expect(await openStreamOf(channelId)).toBeNull();
    expect((await put(`/live/ingest/${rotated}/index0.ts`, segmentBytes(0))).status).toBe(204);
    expect(await openStreamOf(channelId)).toMatchObject({ kind: 1 });
  });

  it('broadcast=false in channel settings refuses to start a new stream', async () => {
    const { channelId, key } = await makeChannel();
    await env.CONFIG.put('channeling', JSON.stringify({ ...channeling, broadcast: false }));
    const before = await everything();
    const res = await put(`/live/ingest/${key}/index0.ts`, segmentBytes(0));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BROADCAST_OFF');
    expect(await everything()).toEqual(before);
    expect(await openStreamOf(channelId)).toBeNull();
  });

  it('thumbnails must be JPEG; an accepted one is served and stamps the channel', async () => {
    const { channelId, key } = await makeChannel();
    const refused = await put(`/live/ingest/${key}/thumb.jpg`, new TextEncoder().encode('GIF89a not a jpeg'));
    expect(refused.status).toBe(400);
    expect(await env.MEDIA.head(`live/${channelId}/thumb.jpg`)).toBeNull();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
    expect((await put(`/live/ingest/${key}/thumb.jpg`, jpeg)).status).toBe(204);
    const channel = await env.DB.prepare('SELECT thumbnail_at FROM channels WHERE id = ?').bind(channelId).first<{ thumbnail_at: number }>();
    expect(channel!.thumbnail_at).toBeGreaterThan(Date.now() - 10_000);
    const res = await SELF.fetch(`${ORIGIN}/live/${channelId}/thumb.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=10');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);
    // ffmpeg's image2 muxer POSTs whatever -method says; a POST is stored like a PUT.
    const posted = await SELF.fetch(`${ORIGIN}/live/ingest/${key}/thumb.jpg`, { method: 'POST', body: jpeg });
    expect(posted.status).toBe(204);
  });

  it("ffmpeg's DELETE is answered 204 and the recording keeps the segment", async () => {
    const { channelId, key, streamId } = await liveWith(2);
    const res = await SELF.fetch(`${ORIGIN}/live/ingest/${key}/index0.ts`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await env.MEDIA.head(`live/${channelId}/${streamId}/index0.ts`)).not.toBeNull();
  });
});

describe('playback', () => {
  it('lists a segment only once its PUT completed and the encoder listed it', async () => {
    const { channelId, key } = await makeChannel();
    await put(`/live/ingest/${key}/index0.ts`, segmentBytes(0));
    await put(`/live/ingest/${key}/index1.ts`, segmentBytes(1)); // stored, not yet listed
    await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist(['index0.ts']));
    const streamId = (await openStreamOf(channelId))!.id;
    const first = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`)).text();
    expect(first).toContain('index0.ts');
    expect(first).not.toContain('index1.ts');
    // Listed before its PUT finished (ffmpeg writes in place): still not served.
    await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist(['index0.ts', 'index1.ts', 'index2.ts']));
    clearAllCaches();
    const second = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`)).text();
    expect(second).toContain('index1.ts');
    expect(second).not.toContain('index2.ts');
    await put(`/live/ingest/${key}/index2.ts`, segmentBytes(2));
    clearAllCaches();
    expect(await (await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`)).text()).toContain('index2.ts');
  });

  it('a live playlist: the newest six segments, program date-times, short cache, open CORS', async () => {
    const { channelId, streamId } = await liveWith(8);
    const res = await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('#EXT-X-TARGETDURATION:1');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:2');
    expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text.match(/#EXT-X-PROGRAM-DATE-TIME:/g)).toHaveLength(6);
    expect(uris(text)).toEqual(['index2.ts', 'index3.ts', 'index4.ts', 'index5.ts', 'index6.ts', 'index7.ts']);

    const channelLive = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/index.m3u8`)).text();
    expect(uris(channelLive)[5]).toBe(`${streamId}/index7.ts`);

    const segment = await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index7.ts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(segmentBytes(7));
    const head = await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index7.ts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(segmentBytes(7).byteLength));
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index99.ts`)).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId + 1000}/${streamId}/index.m3u8`)).status).toBe(404);
  });

  it('LL-HLS: each live segment is its own part, the newest listed only as that part; a recording has none', async () => {
    const { channelId, key, streamId, names } = await liveWith(5);
    const text = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`)).text();
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=3.000');
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=1.000');
    // Parts of the newest three; whole segments of all but the newest.
    expect([...text.matchAll(/^#EXT-X-PART:DURATION=1\.000,URI="([^"]+)",INDEPENDENT=YES$/gm)].map((m) => m[1])).toEqual(['index2.ts', 'index3.ts', 'index4.ts']);
    expect(text.match(/^index\d+\.ts$/gm)).toEqual(['index0.ts', 'index1.ts', 'index2.ts', 'index3.ts']);
    expect(text.match(/#EXTINF:/g)).toHaveLength(4);
    const reload = (query: string) => `${ORIGIN}/live/${channelId}/${streamId}/index.m3u8?${query}`;
    // The newest segment's one part is listed: asking for it answers at once.
    expect(await (await SELF.fetch(reload('_HLS_msn=4&_HLS_part=0'))).text()).toContain('URI="index4.ts"');
    // The next part of the newest segment is the first of the next, and the newest segment whole (no part asked) is
    // listed once the next arrives: reloads asking for either wait for that segment.
    let answered = 0;
    const held = SELF.fetch(reload('_HLS_msn=4&_HLS_part=1')).then(async (res) => {
      answered += 1;
      return res.text();
    });
    const whole = SELF.fetch(reload('_HLS_msn=4')).then(async (res) => {
      answered += 1;
      return res.text();
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(0);
    expect((await put(`/live/ingest/${key}/index5.ts`, segmentBytes(5))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist([...names, 'index5.ts']))).status).toBe(204);
    for (const after of [await held, await whole]) {
      expect(after).toMatch(/^index4\.ts$/m);
      expect(after).toContain('#EXT-X-PART:DURATION=1.000,URI="index5.ts",INDEPENDENT=YES');
    }
    // A part without its segment's number is a bad request.
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8?_HLS_part=0`)).status).toBe(400);

    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist([...names, 'index5.ts'], { ended: true }))).status).toBe(204);
    clearAllCaches();
    const recorded = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`)).text();
    expect(recorded).not.toMatch(/#EXT-X-PART|PART-HOLD-BACK/);
    expect(recorded.match(/^index\d+\.ts$/gm)).toHaveLength(6);
  });

  it('a blocking reload (LL-HLS _HLS_msn, part 0) is held until that segment is stored and listed, then lists it', async () => {
    const { channelId, key, streamId, names } = await liveWith(3);
    const url = (msn: number | string) => `${ORIGIN}/live/${channelId}/${streamId}/index.m3u8?_HLS_msn=${msn}&_HLS_part=0`;
    const first = await (await SELF.fetch(`${ORIGIN}/live/${channelId}/index.m3u8`)).text();
    expect(first).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    // Already listed: at once.
    expect(uris(await (await SELF.fetch(url(2))).text())).toContain('index2.ts');

    let answered = false;
    const held = SELF.fetch(url(3)).then(async (res) => {
      answered = true;
      return { status: res.status, text: await res.text() };
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    // Its bytes alone are not enough: the encoder must list it too.
    expect((await put(`/live/ingest/${key}/index3.ts`, segmentBytes(3))).status).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false);
    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist([...names, 'index3.ts']))).status).toBe(204);
    const { status, text } = await held;
    expect(status).toBe(200);
    expect(uris(text).at(-1)).toBe('index3.ts');

    // Listed before its bytes arrive (ffmpeg PUTting straight to us): answered when the bytes land.
    answered = false;
    const early = SELF.fetch(url(4)).then(async (res) => {
      answered = true;
      return res.text();
    });
    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist([...names, 'index3.ts', 'index4.ts']))).status).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false);
    expect((await put(`/live/ingest/${key}/index4.ts`, segmentBytes(4))).status).toBe(204);
    expect(uris(await early).at(-1)).toBe('index4.ts');
  });

  it('a blocking reload beyond the next two segments is a 400; one the stream never reaches ends with what there is', async () => {
    const { channelId, key, streamId, names } = await liveWith(3);
    const url = (msn: number | string) => `${ORIGIN}/live/${channelId}/${streamId}/index.m3u8?_HLS_msn=${msn}&_HLS_part=0`;
    const tooFar = await SELF.fetch(url(5), { headers: { 'accept-language': 'ko' } });
    expect(tooFar.status).toBe(400);
    // Segment 4 whole is three beyond the newest whole one (1; segment 2 is listed as its part alone).
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8?_HLS_msn=4`)).status).toBe(400);
    expect(((await tooFar.json()) as { error: unknown }).error).toEqual({ code: 'HLS_MSN_TOO_FAR', message: '요청한 세그먼트가 아직 멀었습니다. 재생 목록을 다시 불러와 주세요.' });
    for (const bad of ['-1', 'x', '1.5']) expect((await SELF.fetch(url(bad))).status).toBe(400);

    const started = Date.now();
    const timedOut = await SELF.fetch(url(4));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(uris(await timedOut.text()).at(-1)).toBe('index2.ts');

    // The encoder closes its playlist while a reload waits: the answer is the recording, with ENDLIST.
    const waiting = SELF.fetch(url(3)).then((res) => res.text());
    await new Promise((r) => setTimeout(r, 200));
    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist(names, { ended: true }))).status).toBe(204);
    expect((await waiting).trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('silence ends the live: a recording (kind 2) with ENDLIST, every segment and a long cache', async () => {
    const { channelId, streamId } = await liveWith(8);
    await env.DB.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?').bind(Date.now(), streamId).run();
    // Not silent yet: the alarm keeps the stream open.
    expect(await runDurableObjectAlarm(liveObject(channelId))).toBe(true);
    expect(await openStreamOf(channelId)).toMatchObject({ ended_at: null, kind: 1 });
    await endBySilence(channelId, streamId);
    expect(await openStreamOf(channelId)).toMatchObject({ kind: 2, duration_ms: 8000, viewer_count: 0 });
    expect((await openStreamOf(channelId))!.ended_at).not.toBeNull();
    const res = await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const text = await res.text();
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text.match(/^index\d+\.ts$/gm)).toHaveLength(8);
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/index.m3u8`)).status).toBe(404);
  });

  it("the encoder's own ENDLIST ends the stream at once; the next segment starts a new one", async () => {
    const { channelId, key, streamId } = await liveWith(2);
    expect((await put(`/live/ingest/${key}/index.m3u8`, encoderPlaylist(['index0.ts', 'index1.ts'], { ended: true }))).status).toBe(204);
    expect(await env.DB.prepare('SELECT kind FROM streams WHERE id = ?').bind(streamId).first('kind')).toBe(2);
    expect((await put(`/live/ingest/${key}/index0.ts`, segmentBytes(0))).status).toBe(204);
    const next = await openStreamOf(channelId);
    expect(next).toMatchObject({ kind: 1, ended_at: null });
    expect(next!.id).not.toBe(streamId);
  });

  it('restricted streams need a valid token for playlist and segments', async () => {
    // Adult-plus lives start only while operators allow them (kv-seed keeps that off).
    await env.CONFIG.put('channeling', JSON.stringify({ ...channeling, adultPlusBroadcast: true }));
    for (const options of [{ adult: true }, { adultPlus: true }, { password: true }]) {
      const { channelId, streamId } = await liveWith(2, options);
      const url = `${ORIGIN}/live/${channelId}/${streamId}/index.m3u8`;
      const missing = await SELF.fetch(url, { headers: { 'accept-language': 'en' } });
      expect(missing.status).toBe(403);
      expect(((await missing.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'PLAYBACK_TOKEN', message: expect.stringMatching(/not allowed/) });
      const { token } = await signPlayback(env.JWT_SECRET, streamId);
      const ok = await SELF.fetch(`${url}?token=${token}`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBeNull();
      expect(ok.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      const text = await ok.text();
      expect(uris(text).filter((u) => /^index\d+\.ts\?token=.+$/.test(u))).toHaveLength(2);
      expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/index.m3u8?token=${token}`)).status).toBe(200);
      expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index0.ts`)).status).toBe(403);
      expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${streamId}/index0.ts?token=${token}`)).status).toBe(200);

      const expired = (await signPlayback(env.JWT_SECRET, streamId, Date.now() - PLAYBACK_TOKEN_TTL_MS - 1000)).token;
      // A changed character inside the MAC (the last one also holds padding bits, which a lenient check could ignore).
      const forged = token.slice(0, -10) + (token.at(-10) === 'A' ? 'B' : 'A') + token.slice(-9);
      const otherStream = (await signPlayback(env.JWT_SECRET, streamId + 1)).token;
      const wrongSecret = (await signPlayback('not-the-secret', streamId)).token;
      for (const bad of [expired, forged, otherStream, wrongSecret]) expect((await SELF.fetch(`${url}?token=${bad}`)).status).toBe(403);
    }
  });

  it('a player fetching the live playlist is counted as a viewer and a view', async () => {
    const { channelId, streamId } = await liveWith(2);
    const res = await SELF.fetch(`${ORIGIN}/live/${channelId}/index.m3u8`, { headers: { cookie: 'flx_uuid=0123456789' } });
    expect(res.status).toBe(200);
    await vi.waitFor(async () => {
      const row = await env.DB.prepare('SELECT viewer_count, peak_viewers, view_count FROM streams WHERE id = ?').bind(streamId).first();
      expect(row).toEqual({ viewer_count: 1, peak_viewers: 1, view_count: 1 });
    });
  });

  it('unknown paths and bad ids answer JSON errors, not pages', async () => {
    expect((await SELF.fetch(`${ORIGIN}/live/abc/index.m3u8`)).status).toBe(400);
    const missing = await SELF.fetch(`${ORIGIN}/live/999999/index.m3u8`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('OFFLINE');
    // A rendition's file that can never be a segment's name, and a path deeper than any.
    expect((await SELF.fetch(`${ORIGIN}/live/1/2/3/4`)).status).toBe(400);
    expect((await SELF.fetch(`${ORIGIN}/live/1/2/3/4/5`)).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/live/ingest/whatever/index.m3u8`)).status).toBe(405);
  });
});
