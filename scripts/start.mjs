// npm start: build the client, migrate the local D1, seed KV and the demo data, serve on :8787 with
// `wrangler dev`, and once it answers, keep demo broadcasters live on demo channels 1 and 2: each runs
// 30 minutes, pauses 12 s (longer than the 10 s silence, so the live ends and becomes a recording), and
// starts again. Ctrl-C stops everything.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { startBroadcast } from './lib/broadcaster.mjs';
import { DEMO_STREAM_KEYS, seedDemo } from './seed-demo.mjs';

const PORT = 8787;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUN_SECONDS = 30 * 60;
const PAUSE_MS = 12_000;
const wrangler = join(process.cwd(), 'node_modules', '.bin', 'wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit', env });
execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local'], { stdio: 'inherit', env });
execFileSync(process.execPath, ['scripts/seed-kv.mjs'], { stdio: 'inherit', env });
console.log(`demo data: ${seedDemo().join(', ')}`);

const children = new Set();
let stopping = false;

const server = spawn(wrangler, ['dev', '--port', String(PORT), '--ip', '127.0.0.1', '--env-file', 'config/development.env'], { stdio: 'inherit', env });
children.add(server);
server.on('exit', (code) => {
  children.delete(server);
  stop(code ?? 0);
});

async function waitForServer() {
  for (;;) {
    if (stopping) return false;
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
}

function broadcastLoop(streamKey, label) {
  if (stopping) return;
  const child = startBroadcast({ origin: ORIGIN, streamKey, durationSeconds: RUN_SECONDS });
  children.add(child);
  child.on('exit', () => {
    children.delete(child);
    if (stopping) return;
    console.log(`[demo] ${label}: broadcast ended; next one in ${PAUSE_MS / 1000} s (the last one is now a recording)`);
    setTimeout(() => broadcastLoop(streamKey, label), PAUSE_MS);
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 1500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

if (await waitForServer()) {
  console.log(`[demo] broadcasting on demo channels 1 and 2 (keys ${DEMO_STREAM_KEYS[0]}, ${DEMO_STREAM_KEYS[1]}); watch at http://localhost:${PORT}`);
  broadcastLoop(DEMO_STREAM_KEYS[0], 'channel 1');
  broadcastLoop(DEMO_STREAM_KEYS[1], 'channel 2');
}
