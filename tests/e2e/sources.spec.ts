// Third-party sources in the browser (by player type): BytePlus FLV through mpegts.js, BytePlus
// WebRTC whose WHEP endpoint fails and falls back to its HLS rendition, and a recording kept as an mp4.
// The CDNs are names that cannot resolve, answered by the browser's request routing with media ffmpeg
// makes here; the bp_rtc HLS rendition is our own live HLS of demo channel 1 fed by a real broadcaster.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { ffmpegPath, startBroadcast } from '../../scripts/lib/broadcaster.mjs';
import type { ChannelFindResponse, ChannelPageResponse, StreamDetail } from '../../src/shared/streams-api';
import { LOOPBACK as ORIGIN, apiGet, d1, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, test, until, url, sql } from './fixtures';

const DEMO_LIVE = { id: 1, key: 'demo-stream-key-0001' };
const RUN = Date.now().toString(36).slice(-6);
const MARK = 'e2e-sources'; // titles of the rows this file inserts
const FLV_URL = 'https://flv.bytepluslive.test/live/demo.flv';
const WHEP_URL = 'https://rtc.bytepluslive.test/whep';
const WHEP_OK_URL = 'https://rtc.bytepluslive.test/live/demo/whep';
const MP4_URL = 'https://vod.llh.test/record/demo.mp4';
// Another origin than the page's (flex.localhost): the rendition is fetched cross-origin, as from a CDN.
const HLS_RENDITION = `${ORIGIN}/live/${DEMO_LIVE.id}/index.m3u8`;
const MP4_SECONDS = 4;
const FLV_SECONDS = 6;
/** whep.ts gives a peer connection this long to deliver its first track. */
const WHEP_FIRST_TRACK_MS = 6000;
/** CORS as a CDN answers a cross-origin player. */
const CDN_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, content-range, location', 'cache-control': 'no-cache' };

const creators = {
  flv: { loginId: `e2e_flv_${RUN}`, source: 'bp_flv', url: FLV_URL, hls: null, kind: 1 },
  rtc: { loginId: `e2e_rtc_${RUN}`, source: 'bp_rtc', url: WHEP_URL, hls: HLS_RENDITION, kind: 1 },
  whep: { loginId: `e2e_whp_${RUN}`, source: 'bp_rtc', url: WHEP_OK_URL, hls: HLS_RENDITION, kind: 1 },
  mp4: { loginId: `e2e_mp4_${RUN}`, source: 'llh', url: MP4_URL, hls: null, kind: 2 },
} as const;
type Creator = (typeof creators)[keyof typeof creators];

let media: { dir: string; flv: Buffer; mp4: Buffer };
let broadcaster: ChildProcess | null = null;

/** A short test pattern with sound, made by the same ffmpeg the demo broadcaster uses. */
function encode(file: string, seconds: number, format: string[]): Buffer {
  execFileSync(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '30',
    '-c:a',
    'aac',
    ...format,
    file,
  ]);
  return readFileSync(file);
}

/** Serve bytes as a CDN does, Range requests included (a <video src> asks for ranges). */
async function serveBytes(route: Route, body: Buffer, contentType: string): Promise<void> {
  const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? '');
  if (!range) return route.fulfill({ status: 200, body, headers: { ...CDN_HEADERS, 'content-type': contentType, 'accept-ranges': 'bytes' } });
  const start = Number(range[1]);
  const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
  return route.fulfill({
    status: 206,
    body: body.subarray(start, end + 1),
    headers: { ...CDN_HEADERS, 'content-type': contentType, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}` },
  });
}

/** The page's <video> moved at least `seconds` of media time (or reached its end). */
async function playsPast(page: Page, seconds: number, timeoutMs: number): Promise<{ currentTime: number; src: string; paused: boolean }> {
  await page.waitForFunction((s) => (document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0) > s, seconds, { timeout: timeoutMs });
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.player video')!;
    return { currentTime: video.currentTime, src: video.currentSrc || video.src, paused: video.paused };
  });
}

/** Every request the page makes, by URL. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // A live of its own on demo channel 1: one a spec before left open (its encoder gone, the live not yet closed by
  // the silence) would be continued, with that encoder's renditions.
  await until('demo channel 1 off air', async () => (await apiGet<ChannelPageResponse>(`/api/channels/${DEMO_LIVE.id}/channel-page`)).live === null, 30_000);
  // The HLS rendition takes the longest to come up: start it first, wait for it in the bp_rtc test.
  broadcaster = startBroadcast({ origin: ORIGIN, streamKey: DEMO_LIVE.key, thumbnails: false });
  const dir = mkdtempSync(join(tmpdir(), 'flex-sources-'));
  media = {
    dir,
    flv: encode(join(dir, 'live.flv'), FLV_SECONDS, ['-f', 'flv']),
    mp4: encode(join(dir, 'record.mp4'), MP4_SECONDS, ['-movflags', '+faststart', '-f', 'mp4']),
  };
  // New creators and channels (never the demo ones, which other files count); one stream each.
  const now = Date.now();
  await d1(
    ...Object.values(creators).flatMap((c: Creator, i) => [
      sql`INSERT INTO members (login_id, nickname, password_hash) VALUES (${c.loginId}, ${`소스${RUN}${i}`}, 'unusable')`,
      sql`INSERT INTO channels (owner_id, title, stream_key, source, external_url, external_hls_url)
          SELECT id, ${`${MARK} ${c.source}`}, ${`e2e-key-${c.loginId}`}, ${c.source}, ${c.url}, ${c.hls ?? null} FROM members WHERE login_id = ${c.loginId}`,
      sql`INSERT INTO streams (channel_id, kind, source, playback_url, title, started_at, ended_at, duration_ms)
          SELECT ch.id, ${c.kind}, ${c.source}, ${c.url}, ${`${MARK} ${c.source} 방송`}, ${now - 60_000}, ${c.kind === 2 ? now - 10_000 : null}, ${c.kind === 2 ? MP4_SECONDS * 1000 : 0}
          FROM channels ch JOIN members m ON m.id = ch.owner_id WHERE m.login_id = ${c.loginId}`,
    ]),
  );
});

test.afterAll(async () => {
  broadcaster?.kill('SIGINT'); // a clean stop: ffmpeg ends the playlist, which ends the demo live at once
  if (media) rmSync(media.dir, { recursive: true, force: true });
  // The run's creators as one bound JSON list, which SQLite's json_each reads: no list pasted into SQL.
  const logins = JSON.stringify(Object.values(creators).map((c) => c.loginId));
  await d1(
    sql`DELETE FROM watch_history WHERE channel_id IN (SELECT ch.id FROM channels ch JOIN members m ON m.id = ch.owner_id WHERE m.login_id IN (SELECT value FROM json_each(${logins})))`,
    sql`DELETE FROM streams WHERE channel_id IN (SELECT ch.id FROM channels ch JOIN members m ON m.id = ch.owner_id WHERE m.login_id IN (SELECT value FROM json_each(${logins})))`,
    sql`DELETE FROM channels WHERE owner_id IN (SELECT id FROM members WHERE login_id IN (SELECT value FROM json_each(${logins})))`,
    sql`DELETE FROM members WHERE login_id IN (SELECT value FROM json_each(${logins}))`,
  );
});

async function channelOf(creator: Creator): Promise<ChannelPageResponse> {
  const { channelId } = await apiGet<ChannelFindResponse>(`/api/channels/channel-find?loginId=${creator.loginId}`);
  return apiGet<ChannelPageResponse>(`/api/channels/${channelId}/channel-page`);
}

test('a BytePlus FLV live plays through mpegts.js', async ({ page, consoleErrors }) => {
  const { live } = await channelOf(creators.flv);
  expect(live?.playback).toMatchObject({ playerType: 'BYTEPLUS', source: 'bp_flv', url: FLV_URL });
  const requests = recordRequests(page);
  await page.route(FLV_URL, (route) => serveBytes(route, media.flv, 'video/x-flv'));

  await gotoHydrated(page, url('flex', `/channel/${creators.flv.loginId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  const video = await playsPast(page, 2, 15_000);
  expect(video.paused).toBe(false);
  expect(video.src).toMatch(/^blob:/); // fed through Media Source Extensions, not a plain <video src>

  const flv = requests.filter((r) => r.url() === FLV_URL);
  expect(flv.length).toBeGreaterThan(0);
  expect(flv[0]!.resourceType()).toBe('fetch'); // mpegts.js streams it with fetch
  expect(requests.filter((r) => /\.m3u8(\?|$)/.test(r.url()))).toEqual([]);
  expect(requests.filter((r) => /hls-engine|hls\.js/i.test(r.url()))).toEqual([]); // no hls.js chunk either
  await expectNoSeriousA11yViolations(page);

  // The CDN closes the stream when the broadcast stops: the picture plays out and the player says so.
  await expect(player).toHaveAttribute('data-state', 'ended', { timeout: FLV_SECONDS * 1000 });
  await expect(player).toContainText(ko.player.liveEnded);
  expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')!.currentTime)).toBeGreaterThan(FLV_SECONDS - 0.5);
  expect(consoleErrors).toEqual([]);
});

test('BytePlus WebRTC falls back to its HLS rendition when WHEP fails', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  const { live } = await channelOf(creators.rtc);
  expect(live?.playback).toMatchObject({ playerType: 'BYTEPLUS', source: 'bp_rtc', url: WHEP_URL, whep: true, hlsUrl: HLS_RENDITION });
  await until(
    'the demo live playlist',
    async () => {
      const response = await fetch(HLS_RENDITION);
      return response.ok && ((await response.text()).match(/#EXTINF/g)?.length ?? 0) >= 2;
    },
    40_000,
  );

  const requests = recordRequests(page);
  const offers: { at: number; contentType: string | undefined; body: string }[] = [];
  await page.route(WHEP_URL, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') offers.push({ at: Date.now(), contentType: request.headers()['content-type'], body: request.postData() ?? '' });
    await route.fulfill({ status: 503, body: 'no WebRTC edge here', headers: { ...CDN_HEADERS, 'content-type': 'text/plain' } });
  });

  await gotoHydrated(page, url('flex', `/channel/${creators.rtc.loginId}`));
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const start = await playsPast(page, 0, 5_000);
  await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0) > t + 2, start.currentTime, { timeout: 10_000 });

  // The offer went to the WHEP endpoint first, as WHEP wants it...
  expect(offers).toHaveLength(1);
  expect(offers[0]!.contentType).toBe('application/sdp');
  expect(offers[0]!.body).toMatch(/^v=0\r\n/);
  expect(offers[0]!.body).toContain('a=recvonly');
  // ...then the picture came from the HLS rendition, through MSE (hls.js).
  expect(requests.some((r) => r.url().startsWith(HLS_RENDITION))).toBe(true);
  expect(requests.some((r) => new URL(r.url()).pathname.match(/^\/live\/\d+\/\d+\/.+\.m4s$/) !== null)).toBe(true);
  expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')!.srcObject)).toBeNull();
  expect((await playsPast(page, 0, 1000)).src).toMatch(/^blob:/);

  await expectNoSeriousA11yViolations(page);
  // The abandoned peer connection's first-track timer has run out by now: it must not surface as an
  // unhandled rejection, and the fallback keeps playing.
  const before = await playsPast(page, 0, 1000);
  await page.waitForTimeout(Math.max(0, offers[0]!.at + WHEP_FIRST_TRACK_MS + 1000 - Date.now()));
  expect((await playsPast(page, before.currentTime + 0.5, 5000)).paused).toBe(false);
  // The only error is the browser reporting the refused WHEP offer.
  expect(consoleErrors.filter((e) => !/status of 503/.test(e))).toEqual([]);
  expect(consoleErrors.length).toBeLessThanOrEqual(1);
});

test('BytePlus WebRTC plays over WHEP when the endpoint answers', async ({ page, context, consoleErrors }) => {
  const { live } = await channelOf(creators.whep);
  expect(live?.playback).toMatchObject({ playerType: 'BYTEPLUS', source: 'bp_rtc', url: WHEP_OK_URL, whep: true });
  // The WebRTC edge: another page of the same browser answering the offer with a canvas' video track.
  const edge = await context.newPage();
  const requests = recordRequests(page);
  const calls: { method: string; url: string }[] = [];
  await page.route('https://rtc.bytepluslive.test/**', async (route) => {
    const request = route.request();
    calls.push({ method: request.method(), url: request.url() });
    if (request.method() === 'DELETE') return route.fulfill({ status: 200, headers: CDN_HEADERS });
    if (request.method() !== 'POST' || request.url() !== WHEP_OK_URL) return route.fulfill({ status: 405, headers: CDN_HEADERS });
    const answer = await edge.evaluate(async (offer) => {
      const canvas = document.createElement('canvas');
      Object.assign(canvas, { width: 320, height: 180 });
      document.body.append(canvas);
      const paint = canvas.getContext('2d')!;
      let frame = 0;
      setInterval(() => {
        frame += 7;
        paint.fillStyle = `hsl(${frame % 360} 80% 50%)`;
        paint.fillRect(0, 0, 320, 180);
      }, 33);
      const pc = new RTCPeerConnection();
      (window as unknown as { edge: RTCPeerConnection }).edge = pc; // keep it alive
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      const video = pc.getTransceivers().find((t) => t.receiver.track.kind === 'video')!;
      video.direction = 'sendonly';
      await video.sender.replaceTrack(canvas.captureStream(30).getVideoTracks()[0]!);
      await pc.setLocalDescription(await pc.createAnswer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
        setTimeout(resolve, 2000);
      });
      return pc.localDescription!.sdp;
    }, request.postData() ?? '');
    return route.fulfill({ status: 201, body: answer, headers: { ...CDN_HEADERS, 'content-type': 'application/sdp', location: '/live/demo/whep/session-1' } });
  });

  await gotoHydrated(page, url('flex', `/channel/${creators.whep.loginId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await playsPast(page, 2, 10_000);
  const picture = await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.player video')!;
    return { stream: video.srcObject instanceof MediaStream, width: video.videoWidth, height: video.videoHeight };
  });
  expect(picture).toEqual({ stream: true, width: 320, height: 180 });
  expect(calls).toEqual([{ method: 'POST', url: WHEP_OK_URL }]);
  expect(requests.filter((r) => /\.m3u8(\?|$)/.test(r.url()))).toEqual([]); // the HLS rendition was not needed
  await expectNoSeriousA11yViolations(page);

  // Leaving the channel (in-app navigation unmounts the player) ends the WHEP session at the resource
  // the endpoint named.
  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.home }).click();
  await page.waitForURL(url('flex', '/'));
  await expect.poll(() => calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE https://rtc.bytepluslive.test/live/demo/whep/session-1');
  expect(consoleErrors).toEqual([]);
  await edge.close();
});

test('a recording kept as an mp4 plays to its end in the plain video element', async ({ page, consoleErrors }) => {
  const { recorded } = await channelOf(creators.mp4);
  const stream = recorded.find((s) => s.title === `${MARK} llh 방송`);
  expect(stream).toBeDefined();
  const detail = await apiGet<StreamDetail>(`/api/streams/${stream!.streamId}`);
  expect(detail.playback).toMatchObject({ playerType: 'HTML5', source: 'llh', url: MP4_URL });
  await page.route(MP4_URL, (route) => serveBytes(route, media.mp4, 'video/mp4'));

  await gotoHydrated(page, url('flex', `/vod/${stream!.streamId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', /playing|ended/, { timeout: 15_000 });
  const end = await page.evaluate(
    () =>
      new Promise<{ currentTime: number; duration: number; src: string }>((resolve, reject) => {
        const video = document.querySelector<HTMLVideoElement>('.player video')!;
        const done = () => resolve({ currentTime: video.currentTime, duration: video.duration, src: video.currentSrc });
        if (video.ended) done();
        else video.addEventListener('ended', done, { once: true });
        setTimeout(() => reject(new Error(`not ended after 30 s: at ${video.currentTime} s of ${video.duration} s`)), 30_000);
      }),
  );
  expect(end.src).toBe(MP4_URL); // the file itself, no MSE engine
  expect(end.duration).toBeGreaterThan(MP4_SECONDS - 0.5);
  expect(end.currentTime).toBeGreaterThan(end.duration - 0.2);
  await expect(player).toHaveAttribute('data-state', 'ended');
  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});
