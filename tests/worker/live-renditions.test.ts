import { SELF, env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { signPlayback } from '../../src/lib/playback-token';
import { SILENCE_MS } from '../../src/live/channel-do';
import { ORIGIN, box, channelMaker, put, uris } from './live-fixtures';

// A live in several renditions: the encoder's master playlist names them, each rendition's files come in its own
// folder, viewers get a master playlist and each rendition's media playlist, and a recording keeps them all.

const LADDER = [
  { name: '720p', bandwidth: 2_200_000, resolution: '1280x720' },
  { name: '480p', bandwidth: 1_100_000, resolution: '854x480' },
  { name: '360p', bandwidth: 600_000, resolution: '640x360' },
];

const makeChannel = channelMaker('rend');

function master(ladder = LADDER) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6'];
  for (const r of ladder) lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.resolution},CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000`, `${r.name}/index.m3u8`);
  return `${lines.join('\n')}\n`;
}

const START = Date.now() - 60_000;
function mediaPlaylist(count: number, { ended = false, durations = [] as number[] } = {}) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-MAP:URI="init.mp4"'];
  for (let i = 0; i < count; i++) lines.push(`#EXTINF:${(durations[i] ?? 1).toFixed(6)},`, `#EXT-X-PROGRAM-DATE-TIME:${new Date(START + i * 1000).toISOString()}`, `index${i}.m4s`);
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Each rendition's init segment and segments 0..count-1 (their last byte tells the rendition), then its playlist. */
async function send(key: string, count: number, { ladder = LADDER, from = 0, ended = false } = {}) {
  for (const [i, r] of ladder.entries()) {
    if (from === 0) expect((await put(`/live/ingest/${key}/${r.name}/init.mp4`, box('ftyp', 64, i))).status).toBe(204);
    for (let n = from; n < count; n++) expect((await put(`/live/ingest/${key}/${r.name}/index${n}.m4s`, box('moof', 128, i))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/${r.name}/index.m3u8`, mediaPlaylist(count, { ended }))).status).toBe(204);
  }
  clearAllCaches();
}

const streamOf = (channelId: number) => env.DB.prepare('SELECT id, kind FROM streams WHERE channel_id = ? ORDER BY id DESC').bind(channelId).first<{ id: number; kind: number }>();
const get = async (path: string) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('a live in several renditions', () => {
  it('viewers get a master playlist of every rendition, each rendition its own media playlist and files', async () => {
    const { channelId, key } = await makeChannel();
    // The master comes before any segment (the demo encoder sends it first): the stream it starts takes it.
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    await send(key, 3);
    const stream = (await streamOf(channelId))!;

    const top = await get(`/live/${channelId}/index.m3u8`);
    expect([top.status, top.type]).toEqual([200, 'application/vnd.apple.mpegurl']);
    expect(top.text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=2200000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000');
    expect(uris(top.text)).toEqual(LADDER.map((r) => `${stream.id}/${r.name}/index.m3u8`));
    expect(top.text).not.toContain('#EXTINF');
    // The stream's own URL answers the same master, its renditions relative to it.
    expect(uris((await get(`/live/${channelId}/${stream.id}/index.m3u8`)).text)).toEqual(LADDER.map((r) => `${r.name}/index.m3u8`));

    for (const [i, r] of LADDER.entries()) {
      const media = await get(`/live/${channelId}/${stream.id}/${r.name}/index.m3u8`);
      expect(media.status).toBe(200);
      expect(media.text).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect(uris(media.text)).toEqual(['index0.m4s', 'index1.m4s', 'index2.m4s']);
      const seg = await SELF.fetch(`${ORIGIN}/live/${channelId}/${stream.id}/${r.name}/index1.m4s`);
      expect([seg.status, seg.headers.get('content-type')]).toEqual([200, 'video/iso.segment']);
      expect(new Uint8Array(await seg.arrayBuffer()).at(-1)).toBe(i);
      expect(await env.MEDIA.head(`live/${channelId}/${stream.id}/${r.name}/init.mp4`)).not.toBeNull();
    }
    expect((await get(`/live/${channelId}/${stream.id}/1080p/index.m3u8`)).status).toBe(404);
    expect((await get(`/live/${channelId}/${stream.id}/720p/index9.m4s`)).status).toBe(404);
  });

  it('a master sent after the first segments applies to the open stream', async () => {
    const { channelId, key } = await makeChannel();
    await send(key, 2);
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    clearAllCaches();
    expect(uris((await get(`/live/${channelId}/index.m3u8`)).text)).toHaveLength(3);
  });

  it('a rendition whose segments do not line up with the others is refused (409) and not listed', async () => {
    const { channelId, key } = await makeChannel();
    expect((await put(`/live/ingest/${key}/master.m3u8`, master(LADDER.slice(0, 2)))).status).toBe(204);
    await send(key, 3, { ladder: LADDER.slice(0, 1) });
    const other = LADDER[1]!;
    expect((await put(`/live/ingest/${key}/${other.name}/init.mp4`, box('ftyp', 64, 1))).status).toBe(204);
    for (const n of [0, 1, 2]) expect((await put(`/live/ingest/${key}/${other.name}/index${n}.m4s`, box('moof', 128, 1))).status).toBe(204);
    // Its keyframes fall elsewhere: segment 1 lasts 1.5 s where the first rendition's lasts 1 s.
    const res = await put(`/live/ingest/${key}/${other.name}/index.m3u8`, mediaPlaylist(3, { durations: [1, 1.5, 0.5] }), { 'accept-language': 'en' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'RENDITIONS_MISALIGNED', message: expect.stringContaining('line up') } });
    clearAllCaches();
    const stream = (await streamOf(channelId))!;
    expect(uris((await get(`/live/${channelId}/${stream.id}/${other.name}/index.m3u8`)).text)).toEqual([]);
    // Lined up, it is taken.
    expect((await put(`/live/ingest/${key}/${other.name}/index.m3u8`, mediaPlaylist(3))).status).toBe(204);
    clearAllCaches();
    expect(uris((await get(`/live/${channelId}/${stream.id}/${other.name}/index.m3u8`)).text)).toHaveLength(3);
  });

  it('the live ends once every rendition closed its playlist; the recording keeps them all', async () => {
    const { channelId, key } = await makeChannel();
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    await send(key, 2);
    // The first rendition closes first; the others' last segments are still on the way.
    expect((await put(`/live/ingest/${key}/720p/index.m3u8`, mediaPlaylist(2, { ended: true }))).status).toBe(204);
    expect((await streamOf(channelId))!.kind).toBe(1);
    await send(key, 3, { ladder: LADDER.slice(1), from: 2, ended: true });
    const stream = (await streamOf(channelId))!;
    expect(stream.kind).toBe(2);
    // Its length is one rendition's (the longest: 3 segments of 1 s), not the sum of all three.
    expect(await env.DB.prepare('SELECT duration_ms FROM streams WHERE id = ?').bind(stream.id).first('duration_ms')).toBe(3000);

    const top = await get(`/live/${channelId}/${stream.id}/index.m3u8`);
    expect(uris(top.text)).toHaveLength(3);
    for (const r of LADDER) {
      const media = (await get(`/live/${channelId}/${stream.id}/${r.name}/index.m3u8`)).text;
      expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      expect(uris(media)).toHaveLength(r.name === '720p' ? 2 : 3);
    }
    // The next live of this channel starts without the last one's renditions until its encoder names its own.
    expect((await put(`/live/ingest/${key}/init.mp4`, box('ftyp', 64, 9))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index0.m4s`, box('moof', 128, 9))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index.m3u8`, mediaPlaylist(1))).status).toBe(204);
    clearAllCaches();
    const next = await get(`/live/${channelId}/index.m3u8`);
    expect(next.text).not.toContain('#EXT-X-STREAM-INF');
    expect(uris(next.text)).toHaveLength(1);
  });

  it('an encoder back within the minute continues the live with the same renditions, and starts a new one with others', async () => {
    /** No media for longer than the silence: the alarm ends the live as a stopped encoder does, resumable. */
    async function silence(channelId: number): Promise<number> {
      const open = (await streamOf(channelId))!.id;
      await env.DB.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?')
        .bind(Date.now() - SILENCE_MS - 1000, open)
        .run();
      expect(await runDurableObjectAlarm(env.LIVE_CHANNEL.get(env.LIVE_CHANNEL.idFromName(String(channelId))))).toBe(true);
      expect(await streamOf(channelId)).toEqual({ id: open, kind: 2 });
      return open;
    }
    const { channelId, key } = await makeChannel();
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    await send(key, 2);
    const ladder = await silence(channelId);
    // The same ladder again: the same live goes on.
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    await send(key, 2);
    expect(await streamOf(channelId)).toEqual({ id: ladder, kind: 1 });
    await silence(channelId);

    // One rendition (no master, files at the top): a live of its own, whose playlist is its media playlist.
    expect((await put(`/live/ingest/${key}/init.mp4`, box('ftyp', 64, 9))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index0.m4s`, box('moof', 128, 9))).status).toBe(204);
    expect((await put(`/live/ingest/${key}/index.m3u8`, mediaPlaylist(1))).status).toBe(204);
    clearAllCaches();
    const single = (await streamOf(channelId))!;
    expect(single.id).not.toBe(ladder);
    expect(single.kind).toBe(1);
    const top = await get(`/live/${channelId}/index.m3u8`);
    expect(top.text).not.toContain('#EXT-X-STREAM-INF');
    expect(uris(top.text)).toHaveLength(1);
    // The ladder's recording keeps its renditions.
    expect(uris((await get(`/live/${channelId}/${ladder}/index.m3u8`)).text)).toHaveLength(3);
    await silence(channelId);

    // Other names than before (two of the three): a new live again.
    expect((await put(`/live/ingest/${key}/master.m3u8`, master(LADDER.slice(1)))).status).toBe(204);
    await send(key, 1, { ladder: LADDER.slice(1) });
    const twoRungs = (await streamOf(channelId))!;
    expect(twoRungs.id).not.toBe(single.id);
    expect(uris((await get(`/live/${channelId}/index.m3u8`)).text)).toEqual(LADDER.slice(1).map((r) => `${twoRungs.id}/${r.name}/index.m3u8`));
  });

  it('a blocking reload of a rendition waits for that rendition’s segment', async () => {
    const { channelId, key } = await makeChannel();
    expect((await put(`/live/ingest/${key}/master.m3u8`, master(LADDER.slice(0, 2)))).status).toBe(204);
    await send(key, 2, { ladder: LADDER.slice(0, 2) });
    const stream = (await streamOf(channelId))!;
    const waiting = SELF.fetch(`${ORIGIN}/live/${channelId}/${stream.id}/480p/index.m3u8?_HLS_msn=2&_HLS_part=0`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The other rendition's segment 2 does not answer it...
    await send(key, 3, { ladder: LADDER.slice(0, 1), from: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // ...its own does.
    await send(key, 3, { ladder: LADDER.slice(1, 2), from: 2 });
    expect(uris(await waiting)).toEqual(['index0.m4s', 'index1.m4s', 'index2.m4s']);
  });

  it('a password stream’s master carries the token to every rendition', async () => {
    const { channelId, key } = await makeChannel({ password: true });
    expect((await put(`/live/ingest/${key}/master.m3u8`, master())).status).toBe(204);
    await send(key, 1);
    const stream = (await streamOf(channelId))!;
    expect((await get(`/live/${channelId}/index.m3u8`)).status).toBe(403);
    const { token } = await signPlayback(env.JWT_SECRET, stream.id);
    const top = await get(`/live/${channelId}/index.m3u8?token=${encodeURIComponent(token)}`);
    expect(uris(top.text).every((u) => u.endsWith(`/index.m3u8?token=${encodeURIComponent(token)}`))).toBe(true);
    expect((await get(`/live/${channelId}/${stream.id}/480p/index.m3u8`)).status).toBe(403);
    const media = await get(`/live/${channelId}/${stream.id}/480p/index.m3u8?token=${encodeURIComponent(token)}`);
    expect(media.text).toContain(`#EXT-X-MAP:URI="init.mp4?token=${encodeURIComponent(token)}"`);
  });

  it('refuses a master playlist it cannot serve, and writes nothing', async () => {
    const { channelId, key } = await makeChannel();
    const bad = [
      '#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=1280x720\n720p/index.m3u8\n',
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000,AUDIO="aac"\n720p/index.m3u8\n',
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="a",URI="a/index.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n720p/index.m3u8\n',
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n720p/other.m3u8\n',
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n../x/index.m3u8\n',
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\na/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2000\na/index.m3u8\n',
      `#EXTM3U\n${Array.from({ length: 7 }, (_, i) => `#EXT-X-STREAM-INF:BANDWIDTH=${1000 + i}\nr${i}/index.m3u8`).join('\n')}\n`,
      '#EXTM3U\n',
      'not a playlist',
    ];
    for (const text of bad) {
      const res = await put(`/live/ingest/${key}/master.m3u8`, text, { 'accept-language': 'ko' });
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([400, 'BAD_MASTER_PLAYLIST']);
    }
    await send(key, 1, { ladder: LADDER.slice(0, 1) });
    clearAllCaches();
    // No master was taken: the stream's playlist is not one.
    expect((await get(`/live/${channelId}/index.m3u8`)).text).not.toContain('#EXT-X-STREAM-INF');
  });
});
