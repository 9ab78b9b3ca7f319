// The CONFIG namespace for the operator scripts: local state by default, --remote for the deployed namespace.
// `persistTo` points at another local state folder (the browser tests use their own). Locally, a running server
// on that state is asked through its control port (scripts/lib/sql-control.mjs); `wrangler kv` otherwise.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KV_PATH, askRunningServer } from './sql-control.mjs';
import { DEFAULT_STATE, targetArgs as target, wrangler as run } from './wrangler.mjs';
import { kvSeedEntries } from '../../kv-seed/entries.mjs';

/** The operation through a running server on this state; `undefined` when none answers (no server, or a stale port file). */
async function viaServer(options, operation) {
  if (options?.remote) return undefined;
  const response = await askRunningServer(options?.persistTo ?? DEFAULT_STATE, KV_PATH, operation);
  if (!response) return undefined;
  if (!response.ok) throw new Error(`KV (through the running server): ${await response.text()}`);
  return response.status === 204 ? null : (await response.json()).value;
}

/** The key's text, or null when it is absent. */
export async function kvGet(key, options) {
  const answer = await viaServer(options, { op: 'get', key });
  if (answer !== undefined) return answer;
  try {
    const out = run(['kv', 'key', 'get', key, '--binding', 'CONFIG', ...target(options), '--text']);
    return out.trim() === '' ? null : out.trim();
  } catch {
    return null;
  }
}

export async function kvPut(key, value, options) {
  if ((await viaServer(options, { op: 'put', key, value })) !== undefined) return;
  run(['kv', 'key', 'put', key, value, '--binding', 'CONFIG', ...target(options)]);
}

export function kvBulkPut(entries, options) {
  const file = join(mkdtempSync(join(tmpdir(), 'kv-seed-')), 'bulk.json');
  writeFileSync(file, JSON.stringify(entries));
  run(['kv', 'bulk', 'put', file, '--binding', 'CONFIG', ...target(options)]);
}

/** Everything `npm run seed` writes (kv-seed/entries.mjs), with every brand folder of brands/. */
export function seedEntries(root = process.cwd()) {
  const brands = Object.fromEntries(readdirSync(join(root, 'brands')).map((id) => [id, JSON.parse(readFileSync(join(root, 'brands', id, 'brand.json'), 'utf8'))]));
  return kvSeedEntries(brands);
}

export async function kvDelete(key, options) {
  if ((await viaServer(options, { op: 'delete', key })) !== undefined) return;
  run(['kv', 'key', 'delete', key, '--binding', 'CONFIG', ...target(options)]);
}
