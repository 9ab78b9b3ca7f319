// Starts the Worker for browser tests on its own port (and inspector port, so a running `npm start` never clashes) with fresh local state (D1 migrated, KV seeded),
// so tests never touch the developer's `npm start` data. Usage: node scripts/e2e-server.mjs PORT STATE_DIR
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { kvBulkPut, seedEntries } from './lib/kv.mjs';
import { seedDemo } from './seed-demo.mjs';

const port = process.argv[2] ?? '8799';
const state = process.argv[3] ?? '.wrangler/e2e-state';
const wrangler = join(process.cwd(), 'node_modules', '.bin', 'wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

rmSync(state, { recursive: true, force: true });
execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { env, stdio: ['ignore', 'ignore', 'inherit'] });
kvBulkPut(seedEntries(), { persistTo: state });
seedDemo({ persistTo: state }); // demo creators, viewers and channels 1-4 (no broadcaster here)

const child = spawn(wrangler, ['dev', '--port', port, '--ip', '127.0.0.1', '--persist-to', state, '--env-file', 'config/development.env', '--inspector-port', String(Number(port) + 1000), '--show-interactive-dev-session=false'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
