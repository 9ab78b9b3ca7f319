// npm start [-- --verbose]: build what production serves (client bundle, then the Worker exactly as
// `wrangler deploy` bundles it), migrate the local D1, seed KV and the demo data, serve on :8787 through
// Miniflare (scripts/lib/server.mjs says why not `wrangler dev`), and keep demo broadcasters live on demo
// channels 1 and 2: each runs 30 minutes, pauses 12 s (longer than the 10 s silence, so the live ends and
// becomes a recording), and starts again. Ctrl-C stops everything.
//
// It prints what a person needs: the brand URLs, the demo accounts, a line when a live starts or ends,
// and errors. `--verbose` adds a line per request.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_LADDER, startBroadcast } from './lib/broadcaster.mjs';
import { buildAll, startServer } from './lib/server.mjs';
import { DEV_SOCIAL_PORTS, startSocialIssuers } from './lib/social-issuers.mjs';
import { DEFAULT_STATE, migrate } from './lib/wrangler.mjs';
import { controlPortFile, startSqlControl } from './lib/sql-control.mjs';
import { kvBulkPut, seedEntries } from './lib/kv.mjs';
import { DEMO_CHANNEL_PASSWORD, DEMO_PASSWORD, DEMO_STREAM_KEYS, seedDemo } from './seed-demo.mjs';

const PORT = 8787;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUN_SECONDS = 30 * 60;
const PAUSE_MS = 12_000;
const verbose = process.argv.includes('--verbose');
const time = () => new Date().toTimeString().slice(0, 8);

console.log('building the client and the Worker (production build)...');
buildAll({ quiet: true });
migrate();
kvBulkPut(seedEntries());
seedDemo();

/** Worker console lines: live starts and ends in words, errors as they are, the rest only with --verbose. */
function onLog(level, message) {
  const status = liveStatus(message);
  if (status) console.log(`${time()} channel ${status.channelId}: live ${status.status === 'live' ? 'started' : 'ended, now a recording'} (stream ${status.streamId})`);
  else if (level === 'error') console.error(`${time()} error: ${message}`);
  else if (verbose || level === 'warn') console.log(`${time()} ${message}`);
}

function liveStatus(message) {
  if (!message.includes('"live.status"')) return null;
  try {
    const parsed = JSON.parse(message);
    return parsed.event === 'live.status' ? parsed : null;
  } catch {
    return null;
  }
}

// The social-login providers (Naver, Kakao, Google, Twitch) as loopback OAuth servers (docs/product/accounts.md, "Social login").
const issuers = await startSocialIssuers({ ports: DEV_SOCIAL_PORTS });
const server = await startServer({ port: PORT, onLog, logRequests: verbose, bindings: issuers.bindings });
// `npm run ops` while this runs: its D1 statements go through this server's own D1 (scripts/lib/sql-control.mjs);
// a second process on the database file would make the site's own queries fail with SQLITE_BUSY meanwhile.
const control = await startSqlControl({ db: await server.mf.getD1Database('DB'), kv: await server.mf.getKVNamespace('CONFIG'), state: DEFAULT_STATE, purgeUrl: `${ORIGIN}/__dev/page-cache/purge` });
const children = new Set();
let stopping = false;

function broadcastLoop(streamKey) {
  if (stopping) return;
  // Three renditions in CMAF, as a creator's encoder would send them (docs/product/watching-and-chat.md, "Ingest").
  // ffmpeg's own errors, less its warning that HTTP output cannot rename (the uploader handles that).
  const log = (line) => {
    if (line.trim() && !line.includes('Cannot use rename')) console.error(`${time()} ffmpeg: ${line}`);
  };
  const child = startBroadcast({ origin: ORIGIN, streamKey, durationSeconds: RUN_SECONDS, ladder: DEMO_LADDER, log });
  children.add(child);
  child.on('exit', () => {
    children.delete(child);
    if (!stopping) setTimeout(() => broadcastLoop(streamKey), PAUSE_MS);
  });
}

async function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(0), 1500).unref();
  rmSync(controlPortFile(DEFAULT_STATE), { force: true });
  await control.stop().catch(() => {});
  await server.stop().catch(() => {});
  await issuers.stop().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
// Miniflare's own exit hook ends the process on SIGTERM before ffmpeg has stopped: an encoder left behind
// would go on pushing into the next server on this port for up to half an hour. None outlives this process.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const { defaultBrand } = JSON.parse(readFileSync('kv-seed/hosts.json', 'utf8'));
const brands = readdirSync('brands')
  .map((id) => JSON.parse(readFileSync(join('brands', id, 'brand.json'), 'utf8')))
  .sort((a, b) => (b.id === defaultBrand) - (a.id === defaultBrand));
const brandUrl = (id) => `http://${id}.localhost:${PORT}/`;
console.log(`
Flex Live is running (production build, local D1/KV/R2 in .wrangler/state).

  brand      URL
${brands.map((b) => `  ${b.id.padEnd(10)} ${brandUrl(b.id).padEnd(34)} ${b.serviceName}`).join('\n')}
  (plain http://localhost:${PORT}/ is ${defaultBrand})

  demo accounts, password ${DEMO_PASSWORD}:
    demo_caster1..demo_caster4   creators of channels 1-4 (3 is adults only, 4 asks for the password ${DEMO_CHANNEL_PASSWORD})
    demo_viewer                  a verified adult viewer
    demo_minor                   a verified minor
  demo broadcasts: channels 1 and 2 (stream keys ${DEMO_STREAM_KEYS[0]}, ${DEMO_STREAM_KEYS[1]})
  social login: local stand-ins for ${Object.entries(issuers.origins)
    .map(([p, o]) => `${p} ${o}`)
    .join(', ')} (any account name signs in)

  Ctrl-C stops. ${verbose ? 'Logging every request.' : 'npm start -- --verbose logs every request.'}
`);
broadcastLoop(DEMO_STREAM_KEYS[0]);
broadcastLoop(DEMO_STREAM_KEYS[1]);
