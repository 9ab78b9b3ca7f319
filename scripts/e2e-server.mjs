// Serves the Worker for browser tests on its own port with fresh local state (D1 migrated, KV seeded,
// demo accounts and channels 1-4, no broadcaster), so tests never touch the developer's `npm start` data.
// Same server as `npm start` (Miniflare, production bundle); needs `npm run build` first for the client.
// Usage: node scripts/e2e-server.mjs [PORT STATE_DIR] [--built] (default: E2E in scripts/lib/wrangler.mjs); with
// --built it serves the Worker bundle `npm run build` just made instead of bundling it again (npm test passes it).
import { buildWorkerAsync, freshSeededState, startServer } from './lib/server.mjs';
import { startSocialIssuers } from './lib/social-issuers.mjs';
import { startSqlControl } from './lib/sql-control.mjs';
import { E2E } from './lib/wrangler.mjs';
import { demoSeedSql } from './seed-demo.mjs';
import { seedEmojiInto } from './seed-emoji.mjs';

const [portArg, stateArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const port = Number(portArg ?? E2E.port);
const state = stateArg ?? E2E.state;
const built = process.argv.includes('--built');

// The Worker's build and the state's preparation at the same time: each is mostly a wrangler start.
await Promise.all([built ? null : buildWorkerAsync(), freshSeededState(state, demoSeedSql())]);
// The social-login providers on free loopback ports (so `npm start` may run beside the tests).
const issuers = await startSocialIssuers({ ports: {} });
const server = await startServer({
  port,
  state,
  bindings: { ...issuers.bindings, DEV_PG_DEPOSIT_DELAY_MS: String(E2E.pgDepositDelayMs), STATUS_CACHE_MS: String(E2E.statusCacheMs) },
  onLog: (level, message) => level === 'error' && console.error(message),
});
// The common emoji set (real PNGs in the uploads bucket), through the server's own bindings.
await seedEmojiInto({ db: await server.mf.getD1Database('DB'), uploads: await server.mf.getR2Bucket('UPLOADS') });
// The tests' writes to D1 (fixtures.ts d1()), through this server's own binding: no wrangler start each.
const control = await startSqlControl({ db: await server.mf.getD1Database('DB'), kv: await server.mf.getKVNamespace('CONFIG'), state, purgeUrl: `http://127.0.0.1:${port}/__dev/page-cache/purge` });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => Promise.all([server.stop(), issuers.stop(), control.stop()]).finally(() => process.exit(0)));
