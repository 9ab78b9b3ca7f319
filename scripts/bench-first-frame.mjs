// npm run bench:first-frame [-- --vs <git ref> --loads 20 --single]
// The channel page's time to first frame, this tree against another commit (default HEAD), side by side in one
// run: each build served by its own server (production build, demo data), one demo encoder whose uploads go to
// both, and Chromium loading the live channel page from each in turn (a fresh context per load). bench:live's
// single median moves by ±100 ms with the machine's state from one run to the next; interleaved loads share it.
// Prints the medians (navigation to first paint, the <video> in the page, first frame, hydrated) per side, and after/before,
// and the median of each pair of loads' after/before with a bootstrap 95 % interval (one that holds 1.00 is noise).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './lib/bench-browser.mjs';
import { untilLive } from './lib/bench-server.mjs';
import { DEMO_LADDER, startBroadcast } from './lib/broadcaster.mjs';
import { firstFrameMarks, frameProbe } from './lib/first-frame.mjs';
import { bootstrapInterval, median } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const REF = arg('vs', 'HEAD');
const LOADS = Math.max(3, Number(arg('loads', 20)));
/** The demo encoder as `npm start` runs it (three renditions behind a master playlist); --single: one rendition. */
const LADDER = !process.argv.includes('--single');
const BASE_TREE = resolve('.wrangler/bench-first-frame-base');
const PROXY_PORT = 8853;
const CHANNEL = { id: 1, key: 'demo-stream-key-0001' };
const SIDES = [
  { name: `before (${REF})`, tree: BASE_TREE, port: 8851 },
  { name: 'after (this tree)', tree: process.cwd(), port: 8852 },
];

/** The other commit, checked out and built beside this tree (its own worktree; node_modules shared). */
function prepareBase() {
  if (existsSync(BASE_TREE)) execFileSync('git', ['worktree', 'remove', '--force', BASE_TREE]);
  execFileSync('git', ['worktree', 'add', '--force', '--detach', BASE_TREE, REF], { stdio: ['ignore', 'ignore', 'inherit'] });
  symlinkSync(resolve('node_modules'), `${BASE_TREE}/node_modules`);
  console.log(`building ${REF} in ${BASE_TREE}`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: BASE_TREE, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A tree's own bench server (its code, its build, fresh state with the demo data) in a child process. */
function startServer({ tree, port }) {
  const module = pathToFileURL(`${tree}/scripts/lib/bench-server.mjs`).href;
  const code = `const { startBenchServer } = await import(${JSON.stringify(module)});
const server = await startBenchServer({ port: ${port}, state: '.wrangler/bench-first-frame-${port}', demo: true });
console.log('READY');
const stop = async () => { await server.stop(); process.exit(0); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();`;
  // From a file, not `node -e`: Miniflare's synchronous calls run in a worker thread, which inherits `-e` and its
  // code with the rest of execArgv, and the server then waited for that worker forever.
  const file = `${tree}/.wrangler/bench-first-frame-server-${port}.mjs`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  const child = spawn(process.execPath, [file], { cwd: tree, stdio: ['pipe', 'pipe', 'inherit'] });
  const ready = new Promise((resolveReady, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line === 'READY' && resolveReady());
    child.once('exit', (code) => reject(new Error(`the server in ${tree} exited (${code})`)));
  });
  return { child, ready };
}

/** One encoder for both servers: each upload is sent to both, and answered with the first's status. */
function fanOut(ports) {
  return http
    .createServer(async (req, res) => {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers };
      for (const name of ['host', 'connection', 'transfer-encoding', 'content-length']) delete headers[name];
      const statuses = await Promise.all(
        ports.map((port) =>
          fetch(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method) ? undefined : body })
            .then(async (answer) => {
              await answer.arrayBuffer();
              return answer.status;
            })
            .catch(() => 502),
        ),
      );
      res.writeHead(statuses[0]).end();
    })
    .listen(PROXY_PORT, '127.0.0.1');
}

prepareBase();
const servers = SIDES.map(startServer);
let proxy = null;
let encoder = null;
let browser = null;
try {
  await Promise.all(servers.map((s) => s.ready));
  proxy = fanOut(SIDES.map((side) => side.port));
  encoder = startBroadcast({ origin: `http://127.0.0.1:${PROXY_PORT}`, streamKey: CHANNEL.key, thumbnails: false, ladder: LADDER ? DEMO_LADDER : null });
  for (const side of SIDES) await untilLive(`http://127.0.0.1:${side.port}`, CHANNEL.id);
  const channelPage = await (await fetch(`http://127.0.0.1:${SIDES[1].port}/api/channels/${CHANNEL.id}/channel-page`, { headers: { host: `flex.localhost:${SIDES[1].port}` } })).json();
  const path = `/channel/${channelPage.channel.creator.loginId}`;

  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  const marks = new Map(SIDES.map((side) => [side, []]));
  for (let i = 0; i < LOADS; i++) {
    for (const side of i % 2 ? [...SIDES].reverse() : SIDES) {
      const context = await browser.newContext({ locale: 'ko-KR' });
      await context.addInitScript(frameProbe);
      const page = await context.newPage();
      await page.goto(`http://flex.localhost:${side.port}${path}`);
      marks.get(side).push(await firstFrameMarks(page));
      await context.close();
    }
  }

  console.log(`\nchannel page, ${LOADS} interleaved loads a side (medians, ms from navigation start)`);
  const frames = [];
  for (const side of SIDES) {
    const runs = marks.get(side);
    const m = (key) => Math.round(median(runs.map((r) => r[key])));
    frames.push(m('frame'));
    console.log(
      `${side.name.padEnd(24)} first paint ${m('paint')}  <video> ${m('mount')}  first frame ${m('frame')}  hydrated ${m('hydrated')}  (each: ${runs.map((r) => Math.round(r.frame)).join(', ')})`,
    );
  }
  console.log(`first frame after/before: ${(frames[1] / frames[0]).toFixed(2)} (${frames[1] - frames[0]} ms)`);
  // Load i of each side ran one after the other, so each pair shares the machine's state of that moment.
  const [before, after] = SIDES.map((side) => marks.get(side).map((r) => r.frame));
  const ratios = after.map((frame, i) => frame / before[i]);
  const [low, high] = bootstrapInterval(ratios);
  const verdict = high < 1 ? 'earlier' : low > 1 ? 'later' : 'within the noise (the interval holds 1.00)';
  console.log(`paired: median of the ${ratios.length} loads' after/before ${median(ratios).toFixed(2)}, 95 % interval ${low.toFixed(2)}-${high.toFixed(2)} (bootstrap): ${verdict}`);
} finally {
  await browser?.close().catch(() => {});
  encoder?.kill('SIGTERM');
  proxy?.close();
  for (const { child } of servers) child.kill('SIGTERM');
  await Promise.all(servers.map(({ child }) => (child.exitCode === null ? new Promise((done) => child.once('exit', done)) : null)));
  execFileSync('git', ['worktree', 'remove', '--force', BASE_TREE]);
}
