// Real video end to end: the demo broadcaster (ffmpeg) pushes HLS into the test Worker, Chromium plays
// it through the channel and recorded-stream pages. Needs the ffmpeg binary from npm (installed).
import type { ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { startBroadcast } from '../../scripts/lib/broadcaster.mjs';
import type { ChannelPageResponse } from '../../src/shared/streams-api';
import { LOOPBACK as ORIGIN, PASSWORD, apiGet, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, person, signIn, signInOnHealthz, test, until, url } from './fixtures';

const LIVE_CHANNEL = { id: 1, key: 'demo-stream-key-0001' };
const RECORD_CHANNEL = { id: 2, key: 'demo-stream-key-0002' };
const ADULT_CHANNEL = { id: 3, key: 'demo-stream-key-0003' };
const RECORD_SECONDS = 6;
/** The live channel comes in two renditions (a ladder as cheap to encode as one 360p rendition). */
const LADDER = [
  { name: '360p', width: 640, height: 360, videoKbps: 500 },
  { name: '240p', width: 426, height: 240, videoKbps: 250 },
];

const broadcasters: ChildProcess[] = [];

const channelPage = (channelId: number) => apiGet<ChannelPageResponse>(`/api/channels/${channelId}/channel-page`);

/** The live's playlist (its last rendition's, when it comes in several) answers and lists at least two segments: a player can start at once. */
async function livePlaylistReady(channelId: number): Promise<boolean> {
  const response = await fetch(`${ORIGIN}/live/${channelId}/index.m3u8`);
  if (!response.ok) return false;
  const text = await response.text();
  const rendition = text.trimEnd().split('\n').at(-1)!;
  const media = text.includes('#EXT-X-STREAM-INF') ? await (await fetch(`${ORIGIN}/live/${channelId}/${rendition}`)).text() : text;
  return (media.match(/#EXTINF/g)?.length ?? 0) >= 2;
}

const videoHeight = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.videoHeight ?? 0);

/**
 * Watch the page's <video> from inside the page for `ms`: progress, and the longest time it stood still with nothing
 * to play next (readyState below HAVE_FUTURE_DATA: the stream or the player fell behind, a gap included). A picture
 * that stands still with media ahead is a machine too busy to paint (or to run this timer), not a stall.
 */
function watchVideo(page: Page, ms: number) {
  return page.evaluate(async (duration) => {
    const video = document.querySelector<HTMLVideoElement>('.player video');
    if (!video) throw new Error('no video');
    let waiting = 0;
    video.addEventListener('waiting', () => waiting++);
    const start = video.currentTime;
    let last = video.currentTime;
    let lastMove = performance.now();
    let longestStarved = 0;
    const began = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (video.currentTime !== last || video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) {
          last = video.currentTime;
          lastMove = now;
        }
        longestStarved = Math.max(longestStarved, now - lastMove);
        if (now - began >= duration) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
    });
    return { advanced: video.currentTime - start, longestStarvedMs: longestStarved, waiting, paused: video.paused };
  }, ms);
}

/** The priority Chromium gives each request for the channel's live (playlists and segments), in order, as they go out. */
async function livePriorities(page: Page, channelId: number): Promise<string[]> {
  const priorities: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname.startsWith(`/live/${channelId}/`)) priorities.push(event.request.initialPriority);
  });
  return priorities;
}

/** A phone's share sheet, in a page that has none here: what it was given is kept in `window.shared`. */
async function shareSheet(page: Page) {
  await page.addInitScript(() => {
    const share = async (data: ShareData) => {
      (window as unknown as { shared: ShareData }).shared = data;
    };
    Object.defineProperty(navigator, 'share', { value: share });
  });
}
const sharedIn = (page: Page) => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared ?? null);

/** Holds the page's requests for `pattern` until the returned function is called; then they go on. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // The live's thumbnails are its pictures over time: a clip keeps the one of its middle.
  broadcasters.push(startBroadcast({ origin: ORIGIN, streamKey: LIVE_CHANNEL.key, ladder: LADDER }));
  broadcasters.push(startBroadcast({ origin: ORIGIN, streamKey: ADULT_CHANNEL.key, thumbnails: false }));
  broadcasters.push(startBroadcast({ origin: ORIGIN, streamKey: RECORD_CHANNEL.key, durationSeconds: RECORD_SECONDS, thumbnails: false }));
  await until('the live playlist', () => livePlaylistReady(LIVE_CHANNEL.id), 60_000);
  await until('the adult channel to go live', async () => (await channelPage(ADULT_CHANNEL.id)).live, 30_000);
});

test.afterAll(async () => {
  // A clean stop (ffmpeg ends its playlists, which ends the live at once), waited for: the next spec's broadcast on
  // demo channel 1 must start a live of its own, not continue this one's (startBroadcast spawns ffmpeg itself).
  const running = broadcasters.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => resolve(clearTimeout(stuck)));
          child.kill('SIGINT');
        }),
    ),
  );
});

test('the channel page plays live video without stalling', async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  const priorities = await livePriorities(page, LIVE_CHANNEL.id);
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  const watched = await watchVideo(page, 20_000);
  expect(watched.paused).toBe(false);
  expect(watched.advanced).toBeGreaterThan(17); // 20 s of wall clock, at the live edge's pace
  expect(watched.longestStarvedMs).toBeLessThan(1000);
  // The live starts at fetch's default priority, then asks for low, as a <video> playing a file itself does
  // (hls-engine.ts): 20 s of playback is ~40 requests, the last ten all low.
  expect(priorities[0]).toBe('High');
  expect(priorities.length).toBeGreaterThan(30);
  expect(priorities.slice(-10)).toEqual(Array(10).fill('Low'));
  // The playlist carries program date-time: the player knows how far behind the encoder it is.
  expect(Number(await player.getAttribute('data-latency-ms'))).toBeGreaterThan(0);
  expect(Number(await player.getAttribute('data-latency-ms'))).toBeLessThan(6000);
  // Labelled controls, usable from the keyboard: 'k' pauses and resumes when the player has focus.
  await expect(page.getByRole('button', { name: ko.player.fullscreen })).toBeVisible();
  await player.focus();
  await page.keyboard.press('k');
  await expect(player).toHaveAttribute('data-state', 'paused');
  await page.keyboard.press('k');
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expectNoSeriousA11yViolations(page);

  // Two renditions in CMAF: the master playlist describes both; hls.js starts on one, and the quality menu moves to
  // the other from the keyboard, which this device then keeps.
  const master = await (await fetch(`${ORIGIN}/live/${LIVE_CHANNEL.id}/index.m3u8`)).text();
  expect(master.match(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=\d+x(360|240),CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2",FRAME-RATE=30\.000$/gm)).toHaveLength(2);
  const quality = page.getByRole('combobox', { name: ko.player.quality });
  await expect(quality.locator('option')).toHaveText([/^자동/, '360p', '240p']);
  await quality.focus();
  await page.keyboard.press('End');
  await expect.poll(() => videoHeight(page), { timeout: 15_000 }).toBe(240);
  await page.reload();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: ko.player.quality })).toHaveValue('240');
  expect(await videoHeight(page)).toBe(240);
  expect(consoleErrors).toEqual([]);
});

test("the video goes first: hls.js is hinted with the page's code, and the chat's code is asked for once the picture shows", async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  // From inside the page: when the player first leaves 'loading' (client/app/video-first.ts waits for that).
  await page.addInitScript(() => {
    const marks = window as unknown as { videoStartedAt?: number };
    new MutationObserver(() => {
      const state = document.querySelector<HTMLElement>('.player')?.dataset.state;
      if (state && state !== 'loading') marks.videoStartedAt ??= performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(page.locator('.chat-panel-placeholder')).toHaveCount(0, { timeout: 10_000 }); // the chat came all the same
  const seen = await page.evaluate(() => {
    const started = (window as unknown as { videoStartedAt?: number }).videoStartedAt;
    const requested = (pattern: RegExp) => performance.getEntriesByType('resource').find((entry) => pattern.test(new URL(entry.name).pathname))?.startTime;
    return {
      started,
      chat: requested(/^\/assets\/ChatPanel-/),
      hlsHinted: !!document.querySelector('link[rel="modulepreload"][href*="/assets/hls-engine-"]'),
    };
  });
  expect(seen.started).toBeGreaterThan(0);
  expect(seen.chat).toBeGreaterThanOrEqual(seen.started!);
  expect(seen.hlsHinted).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("the live plays before the page's code hydrates, and the player takes over the same picture (and the focus a click gave it)", async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  // main.js held back: the page cannot hydrate, and the video has to start all the same (client/components/player/player-boot.ts).
  const release = await holdBack(page, '**/assets/main.js');
  await page.goto(url('flex', `/channel/${channel.creator.loginId}`));
  await expect(page.locator('.player-placeholder')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0)).toBeGreaterThan(0.5);
  const before = await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement & { marked?: boolean }>('.player video')!;
    video.marked = true;
    const spinner = document.querySelector('.player-placeholder .player-overlay');
    return { time: video.currentTime, hydrated: document.documentElement.dataset.hydrated ?? null, spinner: spinner && getComputedStyle(spinner).display };
  });
  expect(before).toMatchObject({ hydrated: null, spinner: 'none' }); // the picture shows, not the loading overlay
  // A person clicks (or tabs to) the picture before the player's code came: the player keeps the focus, and its keys.
  await page.locator('.player-placeholder').focus();

  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  const player = page.locator('.player');
  await expect(player).not.toHaveClass(/player-placeholder/);
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  // The same element, never started again: the picture kept moving through hydration.
  const after = await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement & { marked?: boolean }>('.player video')!;
    return { same: video.marked === true, videos: document.querySelectorAll('video').length, time: video.currentTime };
  });
  expect(after).toMatchObject({ same: true, videos: 1 });
  expect(after.time).toBeGreaterThan(before.time);
  // The player's controls work on it: the quality menu lists the renditions the booted engine found.
  await expect(page.getByRole('combobox', { name: ko.player.quality }).locator('option')).toHaveText([/^자동/, '360p', '240p']);
  await expect(player).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(player).toHaveAttribute('data-rewound', 'true');
  expect(consoleErrors).toEqual([]);
});

test("a live's first frame comes before hls.js has loaded, and hls.js takes that source over without starting the picture again", async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  // hls.js's chunk held back: the boot's own MediaSource (client/components/player/first-frame.ts) has to show the
  // live's newest media by itself.
  const release = await holdBack(page, '**/assets/hls-engine-*.js');
  await page.addInitScript(() => {
    const seen = { frames: 0, emptied: 0 };
    Object.assign(window, { seen });
    document.addEventListener('emptied', () => seen.emptied++, true);
    document.addEventListener(
      'loadeddata',
      (event) => {
        const video = event.target as HTMLVideoElement;
        const count = () =>
          video.requestVideoFrameCallback(() => {
            seen.frames++;
            count();
          });
        count();
      },
      true,
    );
  });
  await page.goto(url('flex', `/channel/${channel.creator.loginId}`));
  const state = () =>
    page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('.player video')!;
      const ranges = Array.from({ length: video.buffered.length }, (_, i) => [video.buffered.start(i), video.buffered.end(i)]);
      return { src: video.src, time: video.currentTime, ranges, ...(window as unknown as { seen: { frames: number; emptied: number } }).seen };
    });
  await expect.poll(async () => (await state()).frames, { timeout: 15_000 }).toBeGreaterThan(0);
  const first = await state();
  expect(first.src).toMatch(/^blob:/);
  expect(first.ranges).toHaveLength(1);
  const firstEnd = first.ranges[0]![1]!;

  release();
  // hls.js appends after the first media on the same MediaSource: the picture plays on past it, from one source,
  // never emptied and loaded again, in one buffered range.
  await expect.poll(async () => (await state()).time, { timeout: 15_000 }).toBeGreaterThan(firstEnd + 1);
  const later = await state();
  expect(later).toMatchObject({ src: first.src, emptied: first.emptied });
  expect(later.ranges.filter(([start, end]) => start! <= later.time && later.time <= end!)).toHaveLength(1);
  // Pictures went on being shown as it played (the demo live has 30 a second; a loaded machine shows fewer): not a
  // still picture with the clock running under it.
  expect(later.frames - first.frames).toBeGreaterThan((later.time - first.time) * 10);
  expect(consoleErrors).toEqual([]);
});

test('a live that played before the page hydrated stops when the page is left before its player came', async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  // The player's own code never comes: the placeholder keeps the booted video until the page is left.
  await page.route('**/assets/Player-*.js', () => new Promise<void>(() => {}));
  await page.goto(url('flex', `/channel/${channel.creator.loginId}`));
  await expect(page.locator('.player-placeholder')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  const live: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/live/')) live.push(request.url());
  });
  await page.locator('header a[href="/"]').first().click();
  await expect(page).toHaveURL(url('flex', '/'));
  await page.waitForTimeout(1000); // a playlist request already under way may still end
  live.length = 0;
  await page.waitForTimeout(1500); // a playing live asks for its playlist at least every half second
  expect(live).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/**
 * The channel page opened with main.js held back (the page cannot hydrate, nor load the chat's code): the room answers
 * the join of the socket the player's boot chunk opened (client/realtime/chat-boot.ts) all the same. Once main.js comes,
 * the chat shows itself joined on that same socket, which sent one join. Returns the page's chat log.
 */
async function joinedBeforeHydration(page: Page, channelLogin: string) {
  const sockets: { url: string; joins: number; joined: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/chat/')) return;
    const socket = { url: ws.url(), joins: 0, joined: false };
    sockets.push(socket);
    ws.on('framesent', ({ payload }) => typeof payload === 'string' && payload.startsWith('{"type":"join"') && socket.joins++);
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.split('\n').some((line) => line.startsWith('{"type":"connection","status":"joined"'))) socket.joined = true;
    });
  });
  const release = await holdBack(page, '**/assets/main.js');
  await page.goto(url('flex', `/channel/${channelLogin}`));
  await expect.poll(() => sockets.some((s) => s.joined), { timeout: 10_000 }).toBe(true);
  const early = await page.evaluate(() => ({
    hydrated: document.documentElement.dataset.hydrated ?? null,
    chatCode: performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.startsWith('/assets/ChatPanel-')),
  }));
  expect(early).toEqual({ hydrated: null, chatCode: false });

  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  const panel = page.getByRole('region', { name: ko.chat.title });
  await expect(panel.getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
  expect(sockets.map((s) => ({ joins: s.joins, ticket: new URL(s.url).searchParams.has('ticket') }))).toEqual([{ joins: 1, ticket: true }]);
  return panel.getByRole('log', { name: ko.chat.log });
}

test("a guest's chat joins its room beside the video, before the page's code loads, and the chat takes that socket over", async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  await joinedBeforeHydration(page, channel.creator.loginId);
  // Read only, as ever: the guest's input asks them to sign in.
  await expect(page.getByLabel(ko.chat.inputLabel)).toHaveAttribute('placeholder', ko.chat.guestPlaceholder);
  await page.getByLabel(ko.chat.inputLabel).click();
  await expect(page.getByRole('dialog', { name: ko.membersOnly.title })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a member's chat joins beside the video as that member, and writes on the socket it took over", async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  await signInOnHealthz(page, 'demo_viewer', PASSWORD);
  const log = await joinedBeforeHydration(page, channel.creator.loginId);
  const text = `일찍 들어왔어요 ${Date.now()}`;
  await page.getByLabel(ko.chat.inputLabel).fill(text);
  await page.getByLabel(ko.chat.inputLabel).press('Enter');
  await expect(log.getByText(text)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an adult stream is gated for a guest and plays for a verified adult', async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(ADULT_CHANNEL.id);
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  await expect(page.getByText(ko.channel.identityRequired)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  // The guest cannot fetch the media directly either.
  const direct = await fetch(`${ORIGIN}/live/${ADULT_CHANNEL.id}/index.m3u8`);
  expect(direct.status).toBeGreaterThanOrEqual(400);

  await signIn(page, 'demo_viewer', 'demo-pass-1234', `/channel/${channel.creator.loginId}`);
  await expect(page.getByText(ko.channel.identityRequired)).toHaveCount(0);
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  const watched = await watchVideo(page, 3000);
  expect(watched.advanced).toBeGreaterThan(2);
  expect(consoleErrors).toEqual([]);
});

test('a live rewinds: ten seconds back from the keyboard, further on its bar, and back to the edge', async ({ page, consoleErrors }) => {
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  const rewindPlaylists: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.endsWith('/dvr.m3u8')) rewindPlaylists.push(search);
  });
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-rewound', 'false');
  const bar = page.getByRole('slider', { name: ko.player.rewind });
  await expect(bar).toHaveAttribute('aria-valuetext', ko.player.atLive);
  await expect(page.getByRole('button', { name: ko.player.forward10 })).toBeDisabled();
  // The bar reaches back to the live's start (it has been on air for the tests above).
  await expect.poll(async () => Number(await bar.getAttribute('min')), { timeout: 30_000 }).toBeLessThanOrEqual(-40);
  expect(rewindPlaylists).toEqual([]); // the live started on its short playlist

  const behind = async () => Number(await player.getAttribute('data-behind-s'));
  await player.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(player).toHaveAttribute('data-rewound', 'true');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect.poll(behind).toBeGreaterThanOrEqual(8);
  expect(await behind()).toBeLessThanOrEqual(13);
  await expect(page.getByText(/^라이브보다 0:\d\d 늦음$/)).toBeVisible();
  await expect(page.getByRole('button', { name: ko.player.goLive })).toBeVisible();
  // It plays on back there, not drawn to the edge again.
  const watched = await watchVideo(page, 5000);
  expect(watched.advanced).toBeGreaterThan(3.5);
  expect(await behind()).toBeGreaterThanOrEqual(8);
  await expectNoSeriousA11yViolations(page);

  await bar.fill('-30');
  await expect.poll(behind).toBeGreaterThanOrEqual(28);
  expect(await behind()).toBeLessThanOrEqual(33);
  await player.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(behind).toBeLessThanOrEqual(23);
  expect(await behind()).toBeGreaterThanOrEqual(17);
  // The whole-stream playlist was reloaded as delta updates of its newest minute.
  expect(rewindPlaylists.filter((search) => search.includes('_HLS_skip=YES')).length).toBeGreaterThan(2);

  await page.getByRole('button', { name: ko.player.goLive }).click();
  await expect(player).toHaveAttribute('data-rewound', 'false');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect.poll(behind).toBeLessThan(4);
  await expect(bar).toHaveAttribute('aria-valuetext', ko.player.atLive);

  // A held arrow key: four steps in a row, before the picture moved, go back forty seconds, not ten.
  await player.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect.poll(behind).toBeGreaterThanOrEqual(37);
  expect(await behind()).toBeLessThanOrEqual(44);
  expect(consoleErrors).toEqual([]);
});

test("on a phone the player's bar keeps every control inside the player, at the edge and rewound", async ({ browser }) => {
  const { channel, live } = await channelPage(LIVE_CHANNEL.id);
  const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await shareSheet(page);
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  // Controls (not the volume's slider, a phone's own) whose right edge is past the player's.
  const outside = () =>
    page.evaluate(() => {
      const right = document.querySelector('.player')!.getBoundingClientRect().right;
      const controls = [...document.querySelectorAll<HTMLElement>('.player-controls button, .player-controls select, .player-controls input')];
      return controls.filter((c) => c.offsetWidth > 0 && c.getBoundingClientRect().right > right + 0.5).map((c) => c.getAttribute('aria-label') ?? c.textContent);
    });
  await expect(page.getByRole('button', { name: ko.player.fullscreen })).toBeVisible();
  expect(await outside()).toEqual([]);
  // The seek bar spans the player: between the buttons it had under 30 px, too little to scrub with a finger.
  const seekShare = () => page.evaluate(() => document.querySelector('.player-seek')!.getBoundingClientRect().width / document.querySelector('.player')!.getBoundingClientRect().width);
  expect(await seekShare()).toBeGreaterThan(0.8);
  await player.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: ko.player.goLive })).toBeVisible();
  expect(await outside()).toEqual([]);
  // What plays and whose, and following, come right under the player, before the chat (not past it).
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  const chatTop = await top(page.locator('.chat-panel'));
  expect(await top(page.getByRole('heading', { level: 1 }))).toBeLessThan(chatTop);
  expect(await top(page.getByRole('button', { name: ko.follow.follow }))).toBeLessThan(chatTop);
  // Its share sheet gets the channel's address.
  await page.getByRole('button', { name: ko.common.share }).click();
  expect(await sharedIn(page)).toEqual({ title: live!.title, url: url('flex', `/channel/${channel.creator.loginId}`) });
  await context.close();
});

test("a viewer clips ten seconds of the live (a double click makes one clip); a guest watches it to its end from the link, the channel's Clips tab and the home page list it, its creator deletes it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { channel } = await channelPage(LIVE_CHANNEL.id);
  // Pressed while the player's streaming code is still loading, as on a slow phone: the picture on screen is then the
  // page's first media, whose moment is known all the same (else the clip's end could not move).
  let release = () => {};
  const holdEngine = async (page: Page) => {
    release = await holdBack(page, '**/assets/hls-engine-*.js');
  };
  const viewer = await person(browser, 'demo_viewer', `/channel/${channel.creator.loginId}`, { before: holdEngine });
  // The first media's picture is on screen (it may have played its second and be waiting for hls.js by now).
  await expect.poll(() => viewer.page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.readyState ?? 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await viewer.page.getByRole('button', { name: ko.clip.button, exact: true }).click();
  const dialog = viewer.page.getByRole('dialog', { name: ko.clip.dialogTitle });
  await expect(dialog.getByLabel(ko.clip.end)).toBeEnabled();
  release();
  await expect(viewer.page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  // On a phone's width the dialog holds its range: nothing in it reaches past its right edge.
  const desktop = viewer.page.viewportSize()!;
  await viewer.page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => dialog.evaluate((d) => Math.max(...[...d.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)) - d.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
  await viewer.page.setViewportSize(desktop);
  await dialog.getByLabel(ko.clip.titleLabel).fill('오늘의 명장면');
  // The range: from 12 s before the moment the button was pressed to 2 s before it.
  await dialog.getByLabel(ko.clip.start).fill('-12');
  await dialog.getByLabel(ko.clip.end).fill('-2');
  await expect(dialog.getByText(ko.clip.lengthValue.replace('{{n}}', '10'))).toBeVisible();
  await expect(dialog.locator('output[for="clip-end"]')).toHaveText(ko.clip.before.replace('{{time}}', '00:02'));
  await dialog.getByRole('button', { name: ko.clip.submit }).dblclick();
  await expect(dialog.getByText(ko.clip.made)).toBeVisible();
  const clips = await apiGet<{ items: { clipId: string; durationMs: number; title: string; pictureUrl: string | null }[]; total: number }>(`/api/channels/${LIVE_CHANNEL.id}/clips`);
  expect(clips.total).toBe(1); // one clip, however many clicks
  const made = clips.items[0]!;
  expect(made).toMatchObject({ title: '오늘의 명장면', pictureUrl: `/live/clips/${made.clipId}/picture.jpg` }); // the live's picture of its middle
  expect(made.durationMs).toBeGreaterThanOrEqual(10_000);
  expect(made.durationMs).toBeLessThanOrEqual(11_000);
  await dialog.getByRole('link', { name: ko.clip.open }).click();
  await expect(viewer.page).toHaveURL(new RegExp(`/clip/${made.clipId}$`));
  const shared = await viewer.page.getByLabel(ko.clip.share).inputValue();
  expect(shared).toBe(url('flex', `/clip/${made.clipId}`));
  // A desktop browser without a share sheet gets no Share button (Copy is beside the link).
  await expect(viewer.page.getByRole('button', { name: ko.common.share })).toHaveCount(0);

  // Another browser, a guest's phone with a share sheet, opens the link: the clip plays to its end, and counts a view
  // (as the maker's did).
  const guest = await person(browser, null, `/clip/${made.clipId}`, { before: shareSheet });
  await expect(guest.page.getByRole('heading', { name: '오늘의 명장면' })).toBeVisible();
  const player = guest.page.locator('.player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  const duration = await guest.page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')!.duration);
  expect(duration).toBeGreaterThan(9);
  expect(duration).toBeLessThan(12);
  // Its last two seconds play to the end (the whole ten would only be waiting).
  await guest.page.evaluate((to) => (document.querySelector<HTMLVideoElement>('.player video')!.currentTime = to), duration - 2);
  await expect(player).toHaveAttribute('data-state', 'ended', { timeout: 10_000 });
  await expect(guest.page.locator('.clip-views')).toHaveText('2'); // the maker's play on its page, and this one
  await guest.page.getByRole('button', { name: ko.common.share }).click();
  expect(await sharedIn(guest.page)).toEqual({ title: '오늘의 명장면', url: shared });
  await expect(guest.page.getByRole('button', { name: ko.clip.delete })).toHaveCount(0);
  await expectNoSeriousA11yViolations(guest.page);
  await gotoHydrated(guest.page, url('flex', `/channel/${channel.creator.loginId}?tab=clips`));
  const card = guest.page.getByRole('list', { name: ko.clip.tab }).getByRole('link', { name: '오늘의 명장면' });
  await expect(card).toBeVisible();
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await gotoHydrated(guest.page, url('flex', '/'));
  await expect(guest.page.getByRole('list', { name: ko.clip.topTitle }).getByRole('link', { name: '오늘의 명장면' })).toBeVisible();

  // The channel's creator deletes it; its page is gone.
  const creator = await person(browser, channel.creator.loginId, `/clip/${made.clipId}`);
  await creator.page.getByRole('button', { name: ko.clip.delete }).click();
  await creator.page.getByRole('dialog').getByRole('button', { name: ko.common.delete }).click();
  await expect(creator.page).toHaveURL(/\?tab=clips$/);
  await expect(creator.page.getByText(ko.clip.empty)).toBeVisible();
  const gone = await creator.page.goto(url('flex', `/clip/${made.clipId}`));
  expect(gone?.status()).toBe(404);
  for (const one of [viewer, guest, creator]) {
    expect(one.errors).toEqual([]);
    await one.context.close();
  }
});

test('a recorded stream plays to its end', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // The short broadcast ends; after the silence the stream is closed and listed as recorded.
  const recorded = await until('the short broadcast to be recorded', async () => (await channelPage(RECORD_CHANNEL.id)).recorded.find((s) => s.endedAt !== null && s.durationMs > 0), 60_000);
  await gotoHydrated(page, url('flex', `/vod/${recorded.streamId}`));
  const player = page.locator('.player');
  await expect(player).toHaveAttribute('data-state', /playing|ended/, { timeout: 15_000 });
  const end = await page.evaluate(
    () =>
      new Promise<{ currentTime: number; duration: number }>((resolve, reject) => {
        const video = document.querySelector<HTMLVideoElement>('.player video')!;
        const done = () => resolve({ currentTime: video.currentTime, duration: video.duration });
        if (video.ended) done();
        else video.addEventListener('ended', done, { once: true });
        // Bounded, so that a recording that stops short fails saying where, not as the test's timeout.
        setTimeout(() => reject(new Error(`not ended after 40 s: at ${video.currentTime} s of ${video.duration} s`)), 40_000);
      }),
  );
  expect(end.duration).toBeGreaterThan(RECORD_SECONDS - 2);
  expect(end.currentTime).toBeGreaterThan(end.duration - 0.5);
  await expect(player).toHaveAttribute('data-state', 'ended');
  await expect(page.getByRole('button', { name: ko.player.replay })).toBeVisible();
  // On a desktop too the seek bar spans the player (in the row of buttons it was left under 100 px).
  const seekShare = await page.evaluate(() => document.querySelector('.player-seek')!.getBoundingClientRect().width / document.querySelector('.player')!.getBoundingClientRect().width);
  expect(seekShare).toBeGreaterThan(0.9);
  expect(consoleErrors).toEqual([]);
});

test('an open channel page follows its channel going live and off air, told by the chat room', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  // Channel 2 is off air now (its short broadcast above has been recorded).
  await until('channel 2 to be off air', async () => (await channelPage(RECORD_CHANNEL.id)).live === null, 60_000);
  const { channel } = await channelPage(RECORD_CHANNEL.id);
  await gotoHydrated(page, url('flex', `/channel/${channel.creator.loginId}`));
  const offline = page.getByText(ko.channel.offline.replace('{{nickname}}', channel.creator.nickname));
  await expect(offline).toBeVisible();
  await expect(page.locator('.chat-conn')).toHaveAttribute('data-status', 'open');
  // A mark that a full page load would wipe: the page must change in place.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const broadcaster = startBroadcast({ origin: ORIGIN, streamKey: RECORD_CHANNEL.key, durationSeconds: 8, thumbnails: false });
  broadcasters.push(broadcaster);
  await expect(page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(offline).toHaveCount(0);

  // The encoder stops; after the 10 s of silence the live is closed and the page shows the channel off air again.
  await expect(offline).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.player')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("a recording replays its live's chat beside it, in step with the picture, following seeks", async ({ browser }) => {
  test.setTimeout(120_000);
  await until('channel 2 to be off air', async () => (await channelPage(RECORD_CHANNEL.id)).live === null, 60_000);
  const { channel } = await channelPage(RECORD_CHANNEL.id);
  // Not demo_viewer: watch-pages.spec reads that member's recently watched, which this would change.
  const viewer = await person(browser, 'demo_caster3', `/channel/${channel.creator.loginId}`);
  const wentLive = Date.now();
  broadcasters.push(startBroadcast({ origin: ORIGIN, streamKey: RECORD_CHANNEL.key, durationSeconds: 12, thumbnails: false }));
  await expect(viewer.page.locator('.player')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(viewer.page.locator('.chat-conn')).toHaveAttribute('data-status', 'open');
  const chatInput = viewer.page.getByLabel(ko.chat.inputLabel);
  for (const [i, words] of ['첫 마디', '둘째 마디', '셋째 마디'].entries()) {
    if (i > 0) await viewer.page.waitForTimeout(3000);
    await chatInput.fill(words);
    await chatInput.press('Enter');
    await expect(viewer.page.locator('.chat-lines').getByText(words)).toBeVisible();
  }
  const recorded = await until(
    'the broadcast to be recorded',
    async () => (await channelPage(RECORD_CHANNEL.id)).recorded.find((s) => s.endedAt !== null && s.startedAt >= wentLive), // this broadcast's, not the test's before
    60_000,
  );

  await gotoHydrated(viewer.page, url('flex', `/vod/${recorded.streamId}`));
  const page = viewer.page;
  const replay = page.getByRole('log', { name: ko.chatReplay.title });
  await expect(page.locator('.player')).toHaveAttribute('data-state', /playing|ended/, { timeout: 15_000 });
  // The picture's moment (program date-time) from the player, and where a line said at `at` goes (1.5 s earlier).
  const seek = async (seconds: number) => {
    await page.evaluate((to) => {
      const video = document.querySelector<HTMLVideoElement>('.player video')!;
      video.pause();
      video.currentTime = to;
    }, seconds);
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.player video')!.seeking);
  };
  await seek(0);
  await expect(replay.getByText('셋째 마디')).toHaveCount(0);
  const duration = await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')!.duration);
  await seek(duration - 0.2);
  await expect(replay.getByText('첫 마디')).toBeVisible();
  await expect(replay.getByText('셋째 마디')).toBeVisible();
  // Back to the start: the later lines are not said yet.
  await seek(0);
  await expect(replay.getByText('셋째 마디')).toHaveCount(0);
  // Just before the third line, playing on: it comes within the half second the replay promises (a 250 ms tick).
  const lines = await apiGet<{ lines: { type: string; at: number; text?: string }[] }>(`/api/streams/${recorded.streamId}/chat-replay?from=${recorded.startedAt - 60_000}&until=${Date.now()}`);
  const third = lines.lines.find((l) => l.text === '셋째 마디')!;
  await page.waitForTimeout(600); // the player's clock is sampled every 250 ms
  const startPdt = await page.evaluate(() => Date.now() - Number(document.querySelector<HTMLElement>('.player')!.dataset.latencyMs));
  const due = (third.at - 1500 - startPdt) / 1000;
  expect(due).toBeGreaterThan(2);
  await seek(due - 1.5);
  await page.waitForTimeout(600);
  await expect(replay.getByText('셋째 마디')).toHaveCount(0);
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')!.play());
  await expect(replay.getByText('셋째 마디')).toBeVisible({ timeout: 3000 });
  await expectNoSeriousA11yViolations(page);
  expect(viewer.errors).toEqual([]);
  await viewer.context.close();
});
