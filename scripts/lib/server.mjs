// The local server: the Worker as `wrangler deploy` bundles it (production React build), run through
// Miniflare's own API with the bindings of wrangler.toml, on a local state folder laid out as wrangler's
// (`<state>/v3/{d1,kv,r2,do,cache}`), so `wrangler d1 execute --local --persist-to <state>` and the KV
// scripts see the same data.
//
// Why not `wrangler dev`: its dev ProxyWorker (miniflare 5, wrangler 4.117 on) exits the whole process
// when a client aborts a request, drops a request body half-way or gives up on a WebSocket handshake
// (cloudflare/workers-sdk #15317, #15451, #15203). Miniflare's own entry survives all three
// (tests/e2e/aborts.spec.ts). `npm run dev` keeps `wrangler dev` for its rebuild-on-save.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { kvBulkPut, seedEntries } from './kv.mjs';
import { DEFAULT_STATE, WRANGLER, migrate, toolEnv } from './wrangler.mjs';

export const WORKER_BUNDLE_DIR = 'dist/worker';
export const DEV_ENV_FILE = 'config/development.env';

/** The client bundle (dist/client, which the Worker serves and whose SSR code it imports), then the Worker itself. */
export function buildAll({ quiet = false } = {}) {
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio, env: toolEnv() });
  buildWorker();
}

/** `wrangler deploy --dry-run`: the exact bundle a deploy uploads, React's production build included. */
export function buildWorker({ config = 'wrangler.toml', outdir = WORKER_BUNDLE_DIR } = {}) {
  rmSync(resolve(outdir), { recursive: true, force: true }); // no text module of an older build lingers
  execFileSync(WRANGLER, ['deploy', '--dry-run', '-c', config, '--outdir', resolve(outdir)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...toolEnv(), NODE_ENV: 'production' },
  });
}

/** A fresh state folder: emptied, migrated and seeded with the KV configuration. */
export function freshState(state) {
  rmSync(state, { recursive: true, force: true });
  migrate({ persistTo: state });
  kvBulkPut(seedEntries(), { persistTo: state });
}

/**
 * Serves the built Worker on 127.0.0.1:port. `onLog(level, message)` gets every console line the Worker
 * writes (level 'error' for console.error and uncaught errors); `logRequests` prints a line per request.
 */
export async function startServer({ port, state = DEFAULT_STATE, onLog, logRequests = false, config = 'wrangler.toml', outdir = WORKER_BUNDLE_DIR, name = 'flex-live', bindings = {} }) {
  const envFiles = config === 'wrangler.toml' ? [DEV_ENV_FILE] : [];
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, { envFiles });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      log: new Log(logRequests ? LogLevel.INFO : LogLevel.WARN),
      logRequests,
      cf: false, // no network here: the placeholder request.cf, without trying to fetch the real one first
      handleStructuredLogs: ({ level, message }) => onLog?.(level === 'error' || level === 'warn' ? level : 'info', message),
      resourcePersistencePath: resolve(state, 'v3'),
      workers: [
        {
          ...workerOptions,
          // Bindings over wrangler.toml's and the env file's (the loopback social-login issuers' addresses).
          bindings: { ...workerOptions.bindings, ...bindings },
          // The bundle is already built: wrangler's module rules describe its sources, not the bundle. Its
          // modules are index.js and the text modules wrangler emits beside it (the policy texts, policies/*.md).
          modulesRules: undefined,
          rootPath: process.cwd(),
          name,
          modules: [
            { type: 'ESModule', path: join(outdir, 'index.js') },
            ...readdirSync(outdir)
              .filter((file) => /^[0-9a-f]{40}-.+\.md$/.test(file)) // not the README wrangler writes there
              .map((file) => ({ type: 'Text', path: join(outdir, file) })),
          ],
        },
      ],
    }),
  );
  const url = await mf.ready;
  return { url: url.href, mf, stop: () => mf.dispose() };
}
