import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DVR_SKIP_UNTIL_MS, LIVE_WINDOW } from '../../src/live/playback';
import type { StreamDetail } from '../../src/shared/streams-api';
import { ORIGIN, channelMaker, encoderRun, put, uris, type EncoderRun } from './live-fixtures';

// Rewinding a live: beside the live window (index.m3u8) each live has dvr.m3u8, the whole stream so far out of the
// segments already stored, which a player reloads as a delta update (`_HLS_skip=YES`) of its newest minute.

const makeChannel = channelMaker('dvr');
const T0 = Date.now() - 600_000;

const run = (key: string, options: EncoderRun) => encoderRun(key, T0, options);

const get = async (path: string) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`);
  return { status: res.status, cache: res.headers.get('cache-control'), text: await res.text() };
};
const names = (text: string) => uris(text).map((u) => u.split('/').pop());

describe('rewinding a live', () => {
  it('dvr.m3u8 lists the whole stream so far as a live playlist; index.m3u8 keeps its short window', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 80, startSec: 0 });

    const live = await get(`/live/${channelId}/index.m3u8`);
    expect(uris(live.text)).toHaveLength(LIVE_WINDOW);
    expect(live.text).not.toContain('CAN-SKIP-UNTIL');

    const dvr = await get(`/live/${channelId}/dvr.m3u8`);
    expect(dvr.status).toBe(200);
    expect(dvr.cache).toBe('public, max-age=0, s-maxage=1');
    expect(names(dvr.text)).toEqual(Array.from({ length: 80 }, (_, i) => `index${i}.m4s`));
    expect(dvr.text).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(dvr.text).toContain(`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${DVR_SKIP_UNTIL_MS / 1000}.0,`);
    expect(dvr.text).not.toContain('#EXT-X-ENDLIST');
    expect(dvr.text).not.toContain('PLAYLIST-TYPE');
    // The stream's own URL answers the same, its segments beside it.
    const streamId = Number(/^(\d+)\//.exec(uris(dvr.text)[0]!)![1]);
    expect(names((await get(`/live/${channelId}/${streamId}/dvr.m3u8`)).text)).toHaveLength(80);
  });

  it('a delta update leaves out what starts over a minute before the end, and says how many', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 80, startSec: 0 });
    const delta = await get(`/live/${channelId}/dvr.m3u8?_HLS_skip=YES`);
    expect(delta.status).toBe(200);
    // 80 s of segments: the 20 that start more than 60 s before the end are skipped; numbering still starts at 0.
    expect(delta.text).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=20\n');
    expect(delta.text).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(names(delta.text)).toEqual(Array.from({ length: 60 }, (_, i) => `index${i + 20}.m4s`));
    // The first segment listed names its init segment, though a skipped one named the same.
    const lines = delta.text.split('\n');
    expect(lines[lines.indexOf('#EXT-X-SKIP:SKIPPED-SEGMENTS=20') + 1]).toMatch(/^#EXT-X-MAP:URI="\d+\/init\.mp4"$/);
    // The live window is never a delta, and a directive it does not know is refused.
    expect((await get(`/live/${channelId}/index.m3u8?_HLS_skip=YES`)).text).not.toContain('EXT-X-SKIP');
    expect((await get(`/live/${channelId}/dvr.m3u8?_HLS_skip=NO`)).status).toBe(400);
  });

  it('an encoder restart inside the rewind keeps its discontinuity, also right after the skipped part', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 20, startSec: 0 });
    await run(key, { count: 60, startSec: 20, mark: 1 }); // the same names again: a restarted encoder
    const full = (await get(`/live/${channelId}/dvr.m3u8`)).text;
    expect(full.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    expect(full.match(/#EXT-X-MAP:/g)).toHaveLength(2);
    const delta = (await get(`/live/${channelId}/dvr.m3u8?_HLS_skip=YES`)).text;
    expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=20\n#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI=');
    expect(names(delta)[0]).toBe('1.index0.m4s');
  });

  it('once the live ends, dvr.m3u8 is its recording: every segment, closed, no delta', async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 10, startSec: 0 });
    const streamId = Number(/^(\d+)\//.exec(uris((await get(`/live/${channelId}/dvr.m3u8`)).text)[0]!)![1]);
    await run(key, { count: 12, startSec: 0, ended: true }); // the same names, as ffmpeg's closing playlist lists them
    const ended = await get(`/live/${channelId}/${streamId}/dvr.m3u8?_HLS_skip=YES`);
    expect(ended.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(ended.text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(ended.text).not.toContain('SKIP');
    expect(ended.cache).toBe('public, max-age=86400');
    expect((await get(`/live/${channelId}/dvr.m3u8`)).status).toBe(404); // off air
  });

  it("a live's playback says where to rewind it, from when; a recording's does not", async () => {
    const { channelId, key } = await makeChannel();
    await run(key, { count: 12, startSec: 0 });
    const detail = async (path: string) => (await SELF.fetch(`${ORIGIN}${path}`)).json<{ live: StreamDetail | null } & StreamDetail>();
    const { live } = await detail(`/api/channels/${channelId}/channel-page`);
    const streamId = live!.streamId;
    expect(live!.playback).toMatchObject({ url: `/live/${channelId}/${streamId}/index.m3u8`, rewindUrl: `/live/${channelId}/${streamId}/dvr.m3u8` });
    expect(live!.playback!.rewindSince).toBe(live!.startedAt);
    expect(names((await get(live!.playback!.rewindUrl!)).text)).toHaveLength(12);

    await run(key, { count: 12, startSec: 0, ended: true });
    const recording = await detail(`/api/streams/${streamId}`);
    expect(recording.playback!.url).toBe(`/live/${channelId}/${streamId}/index.m3u8`);
    expect(recording.playback).not.toHaveProperty('rewindUrl');
    expect(recording.playback).not.toHaveProperty('rewindSince');
  });

  it('a live in several renditions: its dvr master names each rendition’s dvr.m3u8', async () => {
    const { channelId, key } = await makeChannel();
    const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=1100000,RESOLUTION=854x480', '480p/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360', '360p/index.m3u8'];
    expect((await put(`/live/ingest/${key}/master.m3u8`, `${master.join('\n')}\n`)).status).toBe(204);
    await run(key, { count: 8, startSec: 0, folder: '480p' });
    await run(key, { count: 8, startSec: 0, folder: '360p', mark: 1 });
    const top = (await get(`/live/${channelId}/dvr.m3u8`)).text;
    expect(uris(top).map((u) => u.replace(/^\d+\//, ''))).toEqual(['480p/dvr.m3u8', '360p/dvr.m3u8']);
    const streamId = Number(/^(\d+)\//.exec(uris(top)[0]!)![1]);
    const rendition = await get(`/live/${channelId}/${streamId}/360p/dvr.m3u8`);
    expect(rendition.text).toContain('CAN-SKIP-UNTIL');
    expect(names(rendition.text)).toHaveLength(8);
    // Eight seconds of live: a delta would leave out nothing, so the answer is the whole window.
    const delta = await get(`/live/${channelId}/${streamId}/360p/dvr.m3u8?_HLS_skip=YES`);
    expect(delta.text).not.toContain('EXT-X-SKIP');
    expect(names(delta.text)).toHaveLength(8);
    expect((await get(`/live/${channelId}/${streamId}/1080p/dvr.m3u8`)).status).toBe(404);
  });
});
