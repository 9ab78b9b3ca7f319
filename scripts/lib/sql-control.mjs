// A loopback port of a running local server (scripts/e2e-server.mjs for the browser tests, scripts/start.mjs for
// `npm start`) into its own D1 and CONFIG KV bindings (Miniflare's): the tests' d1() runs SQL there as one batch
// like `wrangler d1 execute` (all or nothing), then purges the edge page cache; the operator scripts read and write
// through it while the server runs. A wrangler start per write cost 10-20 s on a busy machine; this is milliseconds,
// and it keeps a second process off the server's database files. Never part of the Worker: it listens on 127.0.0.1
// and a port the OS picks, written to <state>/sql-control-port.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

export const controlPortFile = (state) => join(state, 'sql-control-port');

/**
 * The operator scripts' way in (scripts/lib/wrangler.mjs d1Query): one statement with its parameters, its rows
 * back as JSON. A second process opening the database file while the server runs takes SQLite's lock, and the
 * server's own queries then fail at once with SQLITE_BUSY (seen as 500s in the browser tests): through here
 * the statement runs in the server's own D1 instead.
 */
export const QUERY_PATH = '/query';

/** The browser tests' way in (tests/e2e/fixtures.ts d1()): a JSON list of `{sql, params}`, run as one batch. */
export const BATCH_PATH = '/batch';

/**
 * The operator scripts' way into the CONFIG namespace (scripts/lib/kv.mjs): `{op: 'get'|'put'|'delete', key, value}`.
 * A `wrangler kv` per read or write cost the browser tests 2-5 s each (a gate test flips two flags and back).
 */
export const KV_PATH = '/kv';

/**
 * POSTs `body` to `path` of the control port of a server running on `state`: its answer, or null when none answers
 * (no server, or a port file a stopped server left behind).
 */
export async function askRunningServer(state, path, body) {
  let port;
  try {
    port = readFileSync(controlPortFile(state), 'utf8').trim();
  } catch {
    return null;
  }
  try {
    return await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body) });
  } catch {
    return null; // nothing listens there any more
  }
}

async function answerKv(kv, body, res) {
  try {
    const { op, key, value } = JSON.parse(body);
    if (op === 'get') {
      const stored = await kv.get(key);
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: stored }));
    }
    if (op === 'put') await kv.put(key, String(value));
    else if (op === 'delete') await kv.delete(key);
    else throw new Error(`unknown KV operation ${op}`);
    res.writeHead(204).end();
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.message ?? error));
  }
}

async function answerQuery(db, body, res) {
  try {
    const { sql, params } = JSON.parse(body);
    const { results } = await db
      .prepare(sql)
      .bind(...params)
      .all();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results));
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.message ?? error));
  }
}

/**
 * `sql` cut into statements at the semicolons outside quotes and comments (what test fixtures write:
 * INSERT/UPDATE/DELETE, no triggers), empty ones dropped.
 */
export function splitStatements(sql) {
  const statements = [];
  let current = '';
  let quote = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      current += ch;
      if (ch === quote) quote = null; // a doubled quote closes and reopens: still right
    } else if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      current += ch;
    } else if (ch === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      current += '\n';
    } else if (ch === ';') {
      statements.push(current);
      current = '';
    } else current += ch;
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}

/**
 * Starts the control port for `db` and `kv` (the server's D1 and CONFIG bindings); `purgeUrl` is the Worker's dev
 * page-cache purge.
 */
export async function startSqlControl({ db, kv, state, purgeUrl }) {
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    if (req.url === QUERY_PATH) return answerQuery(db, Buffer.concat(chunks).toString('utf8'), res);
    if (req.url === KV_PATH) return answerKv(kv, Buffer.concat(chunks).toString('utf8'), res);
    try {
      const body = Buffer.concat(chunks).toString('utf8');
      const statements = req.url === BATCH_PATH ? JSON.parse(body) : splitStatements(body).map((sql) => ({ sql, params: [] }));
      if (statements.length === 0) throw new Error('no SQL');
      await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
      const purged = await fetch(purgeUrl, { method: 'POST' });
      if (purged.status !== 204) throw new Error(`page cache purge answered ${purged.status}`);
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.stack ?? error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  writeFileSync(controlPortFile(state), String(server.address().port));
  return { stop: () => new Promise((resolve) => server.close(resolve)) };
}
