// The local server: the Worker as `wrangler deploy` bundles it (production React build), run through
// Miniflare's own API with the bindings of wrangler.toml, on a local state folder laid out as wrangler's
// (`<state>/v3/{d1,kv,r2,do,cache}`), so `wrangler d1 execute --local --persist-to <state>` and the KV
// scripts see the same data.
//
// Why not `wrangler dev`: its dev ProxyWorker (miniflare 5, wrangler 4.117 on) exits the whole process
// when a client aborts a request, drops a request body half-way or gives up on a WebSocket handshake
// (cloudflare/workers-sdk #15317, #15451, #15203). Miniflare's own entry survives all three
// (tests/e2e/aborts.spec.ts). `npm run dev` keeps `wrangler dev` for its rebuild-on-save.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { seedEntries } from './kv.mjs';
import { DEFAULT_STATE, WRANGLER, targetArgs, toolEnv } from './wrangler.mjs';

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

const execFileAsync = promisify(execFile);

/** buildWorker without blocking: the browser tests' server prepares its state meanwhile. */
export async function buildWorkerAsync({ config = 'wrangler.toml', outdir = WORKER_BUNDLE_DIR } = {}) {
  rmSync(resolve(outdir), { recursive: true, force: true });
  await execFileAsync(WRANGLER, ['deploy', '--dry-run', '-c', config, '--outdir', resolve(outdir)], { env: { ...toolEnv(), NODE_ENV: 'production' } });
}

/**
 * A fresh state folder: emptied, migrated, seeded with the KV configuration and `seedSql`, in one wrangler start
 * (every wrangler start costs seconds, over 10 s on a busy machine; a start per migration and seed file took about
 * ten times as long): the migrations, wrangler's own bookkeeping of
 * them (the d1_migrations table `wrangler d1 migrations apply` writes, so a later apply skips them) and the
 * seed in ONE `wrangler d1 execute --file`, while the KV configuration goes in through Miniflare's KV
 * binding on the same folder (the database and the namespace are separate files: the two do not meet).
 */
export async function freshSeededState(state, seedSql = '') {
  rmSync(state, { recursive: true, force: true });
  const dir = resolve('src/db/migrations'); // wrangler.toml's migrations_dir
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const sql = [
    'CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);',
    ...migrations.map((name) => `${readFileSync(join(dir, name), 'utf8')}\nINSERT INTO "d1_migrations" (name) values ('${name.replace(/'/g, "''")}');`),
    seedSql,
  ].join('\n');
  const file = join(mkdtempSync(join(tmpdir(), 'fresh-state-')), 'state.sql');
  writeFileSync(file, sql);
  const d1 = execFileAsync(WRANGLER, ['d1', 'execute', 'DB', ...targetArgs({ persistTo: state }), '--file', file], { env: toolEnv() });
  const { kvNamespaces } = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
  const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, script: 'export default {}', kvNamespaces, resourcePersistencePath: resolve(state, 'v3') }));
  try {
    const kv = await mf.getKVNamespace('CONFIG');
    for (const { key, value } of seedEntries()) await kv.put(key, value);
  } finally {
    await mf.dispose();
  }
  await d1;
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
