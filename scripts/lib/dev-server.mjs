// Start `wrangler dev` on its own port and state folder (migrated, seeded) and wait until it answers.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { kvBulkPut, seedEntries } from './kv.mjs';

/** nodeEnv 'production' bundles React's production build, as `wrangler deploy` does. */
export async function startDevServer({ port, state, nodeEnv = process.env.NODE_ENV }) {
  const wrangler = join(process.cwd(), 'node_modules', '.bin', 'wrangler');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
  rmSync(state, { recursive: true, force: true });
  execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { env, stdio: 'ignore' });
  kvBulkPut(seedEntries(), { persistTo: state });
  const child = spawn(wrangler, ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--env-file', 'config/development.env', '--inspector-port', String(port + 1000), '--show-interactive-dev-session=false'], { env, stdio: 'ignore', detached: true });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return { stop: () => { try { process.kill(-child.pid, 'SIGTERM'); } catch {} } };
}
