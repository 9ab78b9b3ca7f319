// npm run bench:chat-replay [-- --lines 50000 --seconds 90 --seeks 12]
// How a recording's chat replay starts and keeps in step after seeks, with 50,000 lines in it: the built Worker on its
// own port and state, demo data seeded; the demo broadcaster (ffmpeg) goes live on channel 1 for 90 s while gift
// lines with words are published into its room at an even pace (through the room's own publish, as the API does:
// each is kept for the replay as it is broadcast). Once the recording is listed, Chromium opens its page and measures:
// - start: from the navigation to the first replay lines on screen, and from the picture's first frame to them;
// - seeks: paused, to random positions; from setting currentTime until the replay shows the lines of the new moment
//   (its moment within 0.5 s of where the picture now is, and that minute's lines loaded).
// Prints each figure, p50 and max, against the goals (1 s to start, 0.5 s in step).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright';
import { startBenchServer, until } from './lib/bench-server.mjs';
import { startBroadcast } from './lib/broadcaster.mjs';
import { percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const LINES = arg('lines', 50_000);
const SECONDS = arg('seconds', 90);
const SEEKS = arg('seeks', 12);
const PORT = 8868;
const STATE_DIR = process.argv.includes('--state-dir') ? process.argv[process.argv.indexOf('--state-dir') + 1] : existsSync('/dev/shm') ? '/dev/shm/flex-live-bench' : '.wrangler';
const STATE = `${STATE_DIR}/bench-chat-replay-state`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHANNEL = { id: 1, key: 'demo-stream-key-0001', room: '1' };
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const ms = (v) => `${Math.round(v)} ms`;
const channelPage = async () => (await fetch(`${ORIGIN}/api/channels/${CHANNEL.id}/channel-page`)).json();

/** Publish `count` gift lines into the room over `seconds`, `concurrency` at a time at an even pace. */
async function publishLines(hub, count, seconds, concurrency = 16) {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const due = started + (i / count) * seconds * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const event = { kind: 'gift', from: { loginId: `fan${i % 500}`, nickname: `팬${i % 500}` }, itemCode: 1, amount: 1 + (i % 100), message: `응원 ${i}` };
        if (!(await hub.publish(CHANNEL.room, event))) failed += 1;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failed };
}

async function main() {
  const began = performance.now();
  const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
  const encoder = startBroadcast({ origin: ORIGIN, streamKey: CHANNEL.key, durationSeconds: SECONDS, thumbnails: false, stdio: 'ignore' });
  let browser;
  try {
    await until('the live', async () => (await channelPage()).live !== null, 60_000);
    const namespace = await server.mf.getDurableObjectNamespace('CHAT_ROOM');
    const hub = namespace.get(namespace.idFromName(`${CHANNEL.room}#0`));
    const published = await publishLines(hub, LINES, SECONDS - 15);
    let recording;
    await until(
      'the recording',
      async () => {
        recording = (await channelPage()).recorded.find((s) => s.endedAt !== null);
        return recording !== undefined;
      },
      120_000,
    );
    const replayed = await (await fetch(`${ORIGIN}/api/streams/${recording.streamId}/chat-replay?from=${recording.startedAt - 60_000}&until=${recording.startedAt + 9 * 60_000}`)).json();

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', '--disable-background-networking'],
    });
    const page = await browser.newPage();
    await page.addInitScript(() => {
      // From the navigation: the first frame, and the first replay lines on screen.
      const marks = {};
      window.__marks = marks;
      new MutationObserver(() => {
        const player = document.querySelector('.player');
        const aside = document.querySelector('.chat-replay');
        if (player && player.dataset.state === 'playing') marks.playing ??= performance.now();
        if (document.documentElement.dataset.hydrated) marks.hydrated ??= performance.now();
        if (aside && aside.dataset.state === 'ready' && Number(aside.dataset.lines) > 0) marks.lines ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-lines', 'data-hydrated'] });
    });
    await page.goto(`${ORIGIN}/vod/${recording.streamId}`);
    await page.waitForFunction(() => window.__marks.lines !== undefined && window.__marks.playing !== undefined, null, { timeout: 30_000 });
    const start = await page.evaluate(() => window.__marks);

    // Seeks: paused, the replay's moment before, then to a random position; until it shows the new moment's lines.
    const seeks = await page.evaluate(async (count) => {
      const video = document.querySelector('.player video');
      const aside = document.querySelector('.chat-replay');
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const sleep = (n) => new Promise((resolve) => setTimeout(resolve, n));
      let seed = 7;
      const random = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      };
      video.pause();
      await sleep(600);
      const out = [];
      for (let i = 0; i < count; i++) {
        const fromTime = video.currentTime;
        const fromMoment = Number(aside.dataset.moment);
        const to = 1 + random() * (video.duration - 2);
        const expected = fromMoment + (to - fromTime) * 1000;
        const t0 = performance.now();
        video.currentTime = to;
        for (;;) {
          await frame();
          if (aside.dataset.state === 'ready' && Math.abs(Number(aside.dataset.moment) - expected) <= 500) break;
          if (performance.now() - t0 > 10_000) break;
        }
        out.push({ to, ms: performance.now() - t0, lines: Number(aside.dataset.lines) });
        await sleep(300);
      }
      return out;
    }, SEEKS);

    const seekMs = seeks.map((s) => s.ms);
    console.log(
      `\nbench:chat-replay: a ${SECONDS} s live with ${LINES.toLocaleString('en')} chat lines published into its room over ${published.seconds.toFixed(1)} s (${published.failed} refused), then its recording's page in Chromium, loopback (${os.cpus().length} cores shared)`,
    );
    console.log(`  the replay API's first ten minutes from the live's start: ${replayed.lines.length} lines in one answer, next=${replayed.next}`);
    const hydrated = start.hydrated === undefined ? 'not hydrated yet when measured' : `the page hydrated at ${ms(start.hydrated)}`;
    console.log(
      `  start: first replay lines on screen ${ms(start.lines)} after navigation (goal 1 s; the server renders what the recording's start shows); first frame at ${ms(start.playing)}; ${hydrated}`,
    );
    console.log(
      `  in step after a seek (${SEEKS} seeks, paused): p50 ${ms(percentile(seekMs, 50))}, max ${ms(Math.max(...seekMs))} (goal 0.5 s); each: ${seeks.map((s) => `${s.to.toFixed(0)}s ${Math.round(s.ms)}ms/${s.lines}`).join(', ')}`,
    );
    console.log(`  total ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    encoder.kill('SIGINT');
    await browser?.close();
    await server.stop();
  }
}

await main();
