// The one place scripts run wrangler and name local state: the tool's path, the `--remote` /
// `--persist-to DIR` arguments (parsed once), migrations, D1 SQL (files, and queries with bound
// parameters) and the browser tests' port and state folder.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { QUERY_PATH, askRunningServer } from './sql-control.mjs';

/** A tool of the project's own node_modules (the pinned Node 22 included). */
export const tool = (name) => join(process.cwd(), 'node_modules', '.bin', name);
export const WRANGLER = tool('wrangler');
/** The local state `npm start` and the plain wrangler commands use. */
export const DEFAULT_STATE = '.wrangler/state';
/**
 * The browser tests' server: its own port (E2E_PORT overrides it, for two checkouts or two runs side by side)
 * and state, one folder per port (each run empties its own), so a running `npm start` never clashes.
 */
const e2ePort = Number(process.env.E2E_PORT) || 8799;
export const E2E = {
  port: e2ePort,
  state: `.wrangler/e2e-state-${e2ePort}`,
  /**
   * DEV_PG_DEPOSIT_DELAY_MS of the test server (config/development.env says 10 s): the window in which
   * pg-checkout.spec.ts's `ops deposit` must pay a virtual account before the dev PG does it by itself, and how long
   * its other test waits for the dev PG. The command reads D1 through the server's control port (under a second);
   * a wrangler start there once took over 10 s on a busy machine and lost the race.
   */
  pgDepositDelayMs: 12_000,
  /**
   * STATUS_CACHE_MS of the test server: how long its isolate keeps the maintenance and emergency flags (10 s in
   * production). The gate's specs wait this long, plus a margin, for a flag flip to take effect.
   */
  statusCacheMs: 1_500,
};

export const toolEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: 'false' });

/**
 * `--remote` and `--persist-to DIR` out of a command line; `words` is what is left, in order.
 * @returns {{ remote: boolean, persistTo: string | undefined, words: string[] }}
 */
export function parseTarget(argv) {
  const i = argv.indexOf('--persist-to');
  const persistTo = i >= 0 ? argv[i + 1] : undefined;
  const words = argv.filter((a, j) => !a.startsWith('--') && !(i >= 0 && j === i + 1));
  return { remote: argv.includes('--remote'), persistTo, words };
}

/** wrangler's arguments for a target: the deployed resource, or local state (default or a folder). */
export function targetArgs({ remote = false, persistTo } = {}) {
  if (remote) return ['--remote'];
  return ['--local', ...(persistTo ? ['--persist-to', persistTo] : [])];
}

/**
 * Runs wrangler; returns its stdout. Errors carry wrangler's own stderr. A local database the running server
 * holds a write lock on answers SQLITE_BUSY at once (wrangler sets no busy timeout): that is retried a few
 * times, briefly, as SQLite's own busy handler would wait.
 */
export function wrangler(args, { quiet = true } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync(WRANGLER, args, { encoding: 'utf8', env: toolEnv(), stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'] });
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/.test(`${error?.stderr ?? ''}${error?.stdout ?? ''}${error?.message ?? ''}`);
      if (!busy || attempt >= 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    }
  }
}

export function migrate(target = {}) {
  wrangler(['d1', 'migrations', 'apply', 'DB', ...targetArgs(target)], { quiet: false });
}

export function d1File(file, target = {}) {
  wrangler(['d1', 'execute', 'DB', ...targetArgs(target), '--file', file], { quiet: false });
}

/** SQL without parameters (test fixtures, seed files): what `wrangler d1 execute --command` runs. */
export function d1Command(sql, target = {}) {
  wrangler(['d1', 'execute', 'DB', ...targetArgs(target), '--command', sql]);
}

/**
 * One statement with bound parameters; returns its rows. Locally through the D1 binding itself (wrangler's
 * platform proxy on the same state); remotely through D1's HTTP query API, which binds `params` too
 * (needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN). Never interpolates a value into the SQL.
 */
export async function d1Query(sql, params, target = {}) {
  if (target.remote) return remoteQuery(sql, params);
  const viaServer = await serverQuery(sql, params, target.persistTo ?? DEFAULT_STATE);
  if (viaServer) return viaServer;
  // Only the D1 binding of wrangler.toml, in an empty Worker: the same database file `wrangler d1` uses.
  const [{ Miniflare, convertV4MiniflareOptions }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import('miniflare'), import('wrangler')]);
  const { d1Databases } = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default {}',
      d1Databases,
      resourcePersistencePath: resolve(target.persistTo ?? DEFAULT_STATE, 'v3'),
    }),
  );
  try {
    const db = await mf.getD1Database('DB');
    // A running server holding the file's write lock answers SQLITE_BUSY at once (workerd reports it as an internal
    // error): nothing ran, so the query is asked again a few times, briefly, as SQLite's busy handler would wait.
    for (let attempt = 1; ; attempt++) {
      try {
        const { results } = await db
          .prepare(sql)
          .bind(...params)
          .all();
        return results;
      } catch (error) {
        if (!/SQLITE_BUSY|database is locked|internal error/.test(String(error?.message ?? error)) || attempt >= 6) throw error;
        await new Promise((done) => setTimeout(done, 200 * attempt));
      }
    }
  } finally {
    await mf.dispose();
  }
}

/**
 * The statement through a running server's control port on this state (scripts/lib/sql-control.mjs), or null when
 * none answers (no server, or a port file a stopped server left behind).
 */
async function serverQuery(sql, params, state) {
  const response = await askRunningServer(state, QUERY_PATH, { sql, params });
  if (!response) return null;
  if (!response.ok) throw new Error(`D1 (through the running server): ${await response.text()}`);
  return response.json();
}

async function remoteQuery(sql, params) {
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  if (!account || !token) throw new Error('--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN');
  const databaseId = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
  const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/d1/database/${databaseId}/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sql, params }),
  });
  const body = await response.json();
  if (!response.ok || !body.success) throw new Error(body.errors?.map((e) => e.message).join('; ') || `D1 answered ${response.status}`);
  return body.result[0]?.results ?? [];
}
