// npm run bench:live [-- --seconds 60 --compare --mpegts --single --studio --studio-height 720]
// Live video as a viewer sees it: the Worker (production React build) on its own port and state, demo
// data seeded, the demo broadcaster (ffmpeg, 0.5 s segments, program date-time of each capture) pushing channel 1,
// and Chromium opening the channel page. Prints time to first frame and glass-to-glass latency (wall clock
// minus the program date-time on screen, stamped from this machine's clock at capture) sampled every
// 500 ms, with ratios against the goals. The shipped player uses hls.js wherever there is MSE and the
// browser's own HLS (with its live-edge controller) only where there is none (iOS Safari). --compare
// also measures native HLS in this same browser (MSE hidden from the player by an init script, as on
// iOS) and other distances behind the edge (the shipped margin rewritten in the served chunk; the build
// itself is untouched). The demo encoder sends the three renditions `npm start` sends, behind a master playlist;
// --single sends one 360p rendition, its media playlist alone. --studio goes live from the studio instead (a second Chromium with its fake camera, the
// tab encoding 720p and 360p): its program date-times are the tab's clock when each frame arrived, so the delay
// from a segment's end to its listing at the origin is the tab's encoding and upload, printed apart.
// Each load also notes when the page's chat joined its room (the 'joined' frame reached the page) and when its panel
// showed it, against the goal of a chat joined at most 300 ms after the first frame.
import { launchChromium } from './lib/bench-browser.mjs';
import { chatMarks, chatProbe, firstFrameMarks, frameProbe } from './lib/first-frame.mjs';
import { DEMO_LADDER, startBroadcast } from './lib/broadcaster.mjs';
import { startStudioBroadcast } from './lib/studio-broadcaster.mjs';
import { liveMediaPlaylistUrl, sleep, startBenchServer, untilLive } from './lib/bench-server.mjs';
import { bootstrapInterval, median, percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = Math.max(60, arg('seconds', 60));
const COMPARE = process.argv.includes('--compare');
/** The demo encoder sends CMAF; --mpegts measures the MPEG-TS it sent before (hls.js then transmuxes). */
const CONTAINER = process.argv.includes('--mpegts') ? 'mpegts' : 'cmaf';
const LADDER = !process.argv.includes('--single');
const STUDIO = process.argv.includes('--studio');
/** The studio's highest quality (720, 480 or 360): the tab encodes it and half of it. */
const STUDIO_HEIGHT = arg('studio-height', 720);
const LOADS = Math.max(3, arg('loads', 5)); // first-frame measurements: one cold, the rest warm
const PORT = 8821;
const STATE = '.wrangler/bench-live-state';
const ORIGIN = `http://127.0.0.1:${PORT}`;
const HOST = `http://flex.localhost:${PORT}`;
const CHANNEL = { id: 1, key: 'demo-stream-key-0001', loginId: 'demo_caster1' };
/** The goals: the demo encoder's stream, and the studio's, whose encoder in the tab adds its own delay. */
const GOALS = STUDIO ? { p50: 1500, p95: 3000, firstFrame: 500 } : { p50: 1000, p95: 2000, firstFrame: 500 };
/** The chat's goal: its room joined (the 'joined' frame in the page) at most this long after the first frame. */
const CHAT_GOAL_MS = 300;
// What client/components/player/hls-config.ts ships (MIN_LIVE_DISTANCE_S), as it appears in the minified chunk.
const SHIPPED = 'Math.max(r.partTarget,.7)';
const VARIANTS = [
  { name: 'shipped', patch: null, native: false },
  ...(COMPARE
    ? [
        { name: 'native HLS (MSE hidden, as on iOS)', patch: null, native: true },
        { name: 'hls.js, a part (at least 0.5 s) behind', patch: 'Math.max(r.partTarget,.5)', native: false },
        { name: 'hls.js, a part (at least 1 s) behind', patch: 'Math.max(r.partTarget,1)', native: false },
      ]
    : []),
];

/** Runs in the page before any script: no MSE, as on iOS Safari, so the player lets the browser play HLS itself. */
function hideMse() {
  delete window.MediaSource;
  delete window.ManagedMediaSource;
}

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');

async function openPage(browser, variant, path) {
  const context = await browser.newContext({ locale: 'ko-KR' });
  if (variant.patch) {
    let patched = 0;
    await context.route('**/assets/*.js', async (route) => {
      // Static assets are the same on every host: fetch from loopback (Node cannot resolve *.localhost).
      const response = await fetch(`${ORIGIN}${new URL(route.request().url()).pathname}`).catch(() => null);
      if (!response?.ok) return route.continue();
      const body = await response.text();
      if (body.includes(SHIPPED)) patched++;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: body.replace(SHIPPED, variant.patch) });
    });
    context.patched = () => patched;
  }
  await context.addInitScript(frameProbe);
  await context.addInitScript(chatProbe);
  if (variant.native) await context.addInitScript(hideMse);
  const page = await context.newPage();
  await page.goto(`${HOST}${path}`);
  await firstFrameMarks(page);
  const marks = await chatMarks(page);
  // Which engine really played: hls.js feeds the <video> through MSE (a blob: URL), native HLS has the playlist as its src.
  marks.engine = await page.evaluate(() => (document.querySelector('.player video')?.currentSrc.startsWith('blob:') ? 'hls.js' : 'native HLS'));
  if (variant.patch && !context.patched()) throw new Error(`the player chunk does not contain ${SHIPPED}: update SHIPPED in bench-live.mjs`);
  return { context, page, marks };
}

/**
 * How long after its end a segment (or, with LL-HLS, its part) is listed at the origin, watched for a while by
 * polling with blocking reloads as a player does: the smallest (appearance - stamped end) is the encoder's delay
 * (packaging, upload, listing) below any player's. The demo encoder stamps program date-time from the capture clock
 * (scripts/lib/broadcaster.mjs); the studio from the tab's clock as each frame arrives.
 */
async function originDelay(seconds = 8) {
  const seen = new Set();
  let best = Infinity;
  const end = Date.now() + seconds * 1000;
  const url = await liveMediaPlaylistUrl(ORIGIN, CHANNEL.id);
  let next = null;
  for (let poll = 0; Date.now() < end; poll++) {
    const text = await (await fetch(next === null ? url : `${url}?_HLS_msn=${next}&_HLS_part=0`)).text();
    const at = Date.now();
    let pdt = null;
    let duration = null;
    const listed = new Set();
    for (const line of text.split('\n')) {
      if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = Date.parse(line.slice(25));
      else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
      const part = /^#EXT-X-PART:.*DURATION=([\d.]+).*URI="([^"]+)"/.exec(line);
      const uri = part ? part[2] : line && !line.startsWith('#') ? line : null;
      if (uri) listed.add(uri);
      if (!uri || seen.has(uri)) continue;
      // Segments listed at the first poll appeared earlier than we saw: only count later arrivals.
      if (poll > 0) best = Math.min(best, at - (pdt + Number(part ? part[1] : duration) * 1000));
      seen.add(uri);
    }
    // The next segment's number: a blocking reload answers the moment it is listed.
    next = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0) + listed.size;
  }
  return Math.max(0, Math.round(best));
}

/** Sample inside the page every 500 ms: latency from the player root, and stalls from the video clock. */
function sampleLatency(page, seconds) {
  return page.evaluate(async (duration) => {
    const root = document.querySelector('.player');
    const video = root.querySelector('video');
    const latencies = [];
    let stalls = 0;
    let waiting = 0;
    let longestStill = 0;
    let last = video.currentTime;
    let lastMove = performance.now();
    let stalled = false;
    let height = video.videoHeight;
    let switches = 0;
    video.addEventListener('waiting', () => waiting++);
    const began = performance.now();
    let nextSample = began;
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (video.currentTime !== last) {
          last = video.currentTime;
          lastMove = now;
          stalled = false;
        } else if (!stalled && now - lastMove > 1000) {
          stalled = true; // one stall per stretch of more than a second standing still
          stalls++;
        }
        longestStill = Math.max(longestStill, now - lastMove);
        if (video.videoHeight !== height) {
          height = video.videoHeight;
          switches++; // the player moved to another rendition
        }
        if (now >= nextSample) {
          nextSample += 500;
          const value = Number(root.dataset.latencyMs);
          if (root.dataset.latencyMs && Number.isFinite(value)) latencies.push(value);
        }
        if (now - began >= duration * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    return { latencies, stalls, waiting, longestStill, switches, rate: video.playbackRate };
  }, seconds);
}

const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
let broadcaster = null;
let studio = null;
let browser = null;
// Whatever happens, leave no Worker or ffmpeg behind.
const cleanUp = () => {
  broadcaster?.kill('SIGTERM');
  server.stop();
};
process.on('uncaughtException', (error) => {
  console.error(error);
  cleanUp();
  process.exit(1);
});
try {
  if (STUDIO) {
    studio = await startStudioBroadcast({ host: HOST, loginId: CHANNEL.loginId, height: STUDIO_HEIGHT, microphone: !process.argv.includes('--no-microphone') });
    console.log(`the studio is live from a tab, ${studio.sending}`);
  } else broadcaster = startBroadcast({ origin: ORIGIN, streamKey: CHANNEL.key, thumbnails: false, container: CONTAINER, ladder: LADDER ? DEMO_LADDER : null });
  await untilLive(ORIGIN, CHANNEL.id);
  const delay = await originDelay();
  console.log(
    STUDIO
      ? `studio encoder delay: segments are listed ${delay} ms (at least) after their program date-time says they ended (the tab's encoding, packaging and upload; its clock stamps each frame as it arrives)`
      : `encoder delay: segments are listed ${delay} ms (at least) after their capture ended (ffmpeg's packaging, the upload and the listing)`,
  );
  const page = await (await fetch(`${ORIGIN}/api/channels/${CHANNEL.id}/channel-page`, { headers: { host: `flex.localhost:${PORT}` } })).json();
  const path = `/channel/${page.channel.creator.loginId}`;

  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const results = [];
  for (const variant of VARIANTS) {
    const loads = [];
    let engine = '?';
    for (let i = 0; i < LOADS; i++) {
      const { context, marks } = await openPage(browser, variant, path);
      engine = marks.engine;
      loads.push({
        pageToFrame: marks.frame,
        mountToFrame: marks.frame - marks.mount,
        pageToPlaying: marks.playing,
        ttfb: marks.ttfb,
        hydrated: marks.hydrated,
        mount: marks.mount,
        paint: marks.paint,
        chatJoined: marks.chatJoined,
        chatAfterFrame: marks.chatJoined - marks.frame,
        chatShown: marks.chatShown,
        ticketAsked: marks.ticketAsked,
        ticketAnswered: marks.ticketAnswered,
        chatSocket: marks.chatSocket,
        chatOpen: marks.chatOpen,
      });
      await context.close();
    }
    const { context, page: viewer } = await openPage(browser, variant, path);
    await sleep(3000); // let the player settle at its sync point before sampling
    const sample = await sampleLatency(viewer, SECONDS);
    await context.close();
    const medianOf = (key) => median(loads.map((l) => l[key]));
    const spread = (key) =>
      [50, 95].map((p) =>
        percentile(
          loads.map((l) => l[key]),
          p,
        ),
      );
    const row = {
      variant: `${variant.name}: ${engine}`,
      coldFrame: loads[0].pageToFrame,
      pageToFrame: medianOf('pageToFrame'),
      pageToFrameInterval: bootstrapInterval(loads.map((l) => l.pageToFrame)),
      mountToFrame: medianOf('mountToFrame'),
      pageToPlaying: medianOf('pageToPlaying'),
      ttfb: medianOf('ttfb'),
      hydrated: medianOf('hydrated'),
      mount: medianOf('mount'),
      paint: medianOf('paint'),
      chatAfterFrame: spread('chatAfterFrame'),
      chatJoined: spread('chatJoined'),
      chatShown: spread('chatShown'),
      chatSteps: ['ticketAsked', 'ticketAnswered', 'chatSocket', 'chatOpen'].map((key) => {
        const seen = loads.map((l) => l[key]).filter((v) => v != null);
        return seen.length ? median(seen) : null;
      }),
      p50: percentile(sample.latencies, 50),
      p95: percentile(sample.latencies, 95),
      max: Math.max(...sample.latencies),
      samples: sample.latencies.length,
      stalls: sample.stalls,
      waiting: sample.waiting,
      longestStill: sample.longestStill,
      switches: sample.switches,
    };
    results.push(row);
    console.log(`\n${row.variant}`);
    console.log(
      `  first frame (median of ${LOADS} loads): page load -> frame ${ms(row.pageToFrame)} (95 % interval ${row.pageToFrameInterval.map(Math.round).join('-')} ms, bootstrap; cold ${ms(row.coldFrame)}), <video> in the page -> frame ${ms(row.mountToFrame)}, page load -> playing ${ms(row.pageToPlaying)}`,
    );
    console.log(
      `  where the time goes (medians from navigation start): first byte ${ms(row.ttfb)}, first paint ${ms(row.paint)}, <video> in the page ${ms(row.mount)}, first frame ${ms(row.pageToFrame)}, hydrated ${ms(row.hydrated)} (the page's code waits for the first frame)`,
    );
    console.log(
      `  chat connected after first frame (${LOADS} loads): p50 ${ms(row.chatAfterFrame[0])}, p95 ${ms(row.chatAfterFrame[1])} (goal <= ${CHAT_GOAL_MS} ms); after navigation: joined p50 ${ms(row.chatJoined[0])}, p95 ${ms(row.chatJoined[1])}, shown in the panel p50 ${ms(row.chatShown[0])}, p95 ${ms(row.chatShown[1])}`,
    );
    const [asked, answered, made, open] = row.chatSteps;
    console.log(
      `  where the chat's time goes (medians from navigation start): ticket asked ${ms(asked)}, answered ${ms(answered)}, socket made ${ms(made)}, open ${ms(open)}, joined ${ms(row.chatJoined[0])}`,
    );
    console.log(`  glass-to-glass over ${SECONDS} s (${row.samples} samples): p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, max ${ms(row.max)}`);
    console.log(`  stalls over 1 s: ${row.stalls} (waiting events ${row.waiting}, longest still ${ms(row.longestStill)}); rendition switches: ${row.switches}`);
  }
  if (results.length > 1) {
    console.log(`\n${'variant'.padEnd(44)} first frame   p50 latency   p95 latency   stalls`);
    for (const r of results) console.log(`${r.variant.padEnd(44)} ${ms(r.pageToFrame).padStart(11)}   ${ms(r.p50).padStart(11)}   ${ms(r.p95).padStart(11)}   ${String(r.stalls).padStart(6)}`);
  }
  const shipped = results[0];
  const ratio = (v, goal) => (v / goal).toFixed(2);
  console.log(
    `\nratios (measured / goal, at most 1.00 meets it): p50 ${ratio(shipped.p50, GOALS.p50)}, p95 ${ratio(shipped.p95, GOALS.p95)}, first frame ${ratio(shipped.pageToFrame, GOALS.firstFrame)}, chat connected after first frame (p95) ${ratio(Math.max(0, shipped.chatAfterFrame[1]), CHAT_GOAL_MS)}`,
  );
  const ok = shipped.p50 <= GOALS.p50 && shipped.p95 <= GOALS.p95 && shipped.pageToFrame < GOALS.firstFrame && shipped.stalls === 0;
  console.log(
    `bench:live${STUDIO ? ' --studio' : ''} ${ok ? 'PASS' : 'MISS'}: latency p50 ${(shipped.p50 / 1000).toFixed(2)} s (goal ${GOALS.p50 / 1000}), p95 ${(shipped.p95 / 1000).toFixed(2)} s (goal ${GOALS.p95 / 1000}), max ${(shipped.max / 1000).toFixed(2)} s, first frame ${Math.round(shipped.pageToFrame)} ms (goal < ${GOALS.firstFrame}; first paint ${Math.round(shipped.paint)} ms), stalls ${shipped.stalls}, rendition switches ${shipped.switches}`,
  );
  if (!ok) process.exitCode = 1;
  const chatOk = shipped.chatAfterFrame[1] <= CHAT_GOAL_MS;
  console.log(
    `bench:live chat ${chatOk ? 'PASS' : 'MISS'}: connected ${Math.round(shipped.chatAfterFrame[0])} ms (p50), ${Math.round(shipped.chatAfterFrame[1])} ms (p95) after the first frame (goal <= ${CHAT_GOAL_MS}), ${Math.round(shipped.chatJoined[0])} ms after navigation (p50)`,
  );
  if (studio) console.log(`studio health at the end: ${await studio.health()}`);
} finally {
  await studio?.stop().catch(() => {});
  await browser?.close().catch(() => {});
  cleanUp();
}
