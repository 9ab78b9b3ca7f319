// Serves the Worker for browser tests on its own port with fresh local state (D1 migrated, KV seeded,
// demo accounts and channels 1-4, no broadcaster), so tests never touch the developer's `npm start` data.
// Same server as `npm start` (Miniflare, production bundle); needs `npm run build` first for the client.
// Usage: node scripts/e2e-server.mjs PORT STATE_DIR
import { buildWorker, freshState, startServer } from './lib/server.mjs';
import { seedDemo } from './seed-demo.mjs';

const port = Number(process.argv[2] ?? '8799');
const state = process.argv[3] ?? '.wrangler/e2e-state';

buildWorker();
freshState(state);
seedDemo({ persistTo: state });
const server = await startServer({
  port,
  state,
  onLog: (level, message) => level === 'error' && console.error(message),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop().finally(() => process.exit(0)));
