// Thin wrapper over `wrangler kv` for the CONFIG namespace: local state by default, --remote for the
// deployed namespace. `persistTo` points at another local state folder (the browser tests use their own).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { targetArgs as target, wrangler as run } from './wrangler.mjs';

export function kvGet(key, options) {
  try {
    const out = run(['kv', 'key', 'get', key, '--binding', 'CONFIG', ...target(options), '--text']);
    return out.trim() === '' ? null : out.trim();
  } catch {
    return null;
  }
}

export function kvPut(key, value, options) {
  run(['kv', 'key', 'put', key, value, '--binding', 'CONFIG', ...target(options)]);
}

export function kvBulkPut(entries, options) {
  const file = join(mkdtempSync(join(tmpdir(), 'kv-seed-')), 'bulk.json');
  writeFileSync(file, JSON.stringify(entries));
  run(['kv', 'bulk', 'put', file, '--binding', 'CONFIG', ...target(options)]);
}

/** Everything `npm run seed` writes: hosts, every brand file, and the flags (all off). */
export function seedEntries(root = process.cwd()) {
  const entries = [];
  entries.push({ key: 'hosts', value: readFileSync(join(root, 'kv-seed', 'hosts.json'), 'utf8') });
  for (const id of readdirSync(join(root, 'brands'))) {
    entries.push({ key: `brand:${id}`, value: readFileSync(join(root, 'brands', id, 'brand.json'), 'utf8') });
  }
  entries.push({ key: 'flags', value: readFileSync(join(root, 'kv-seed', 'flags.json'), 'utf8') });
  entries.push({ key: 'channeling', value: readFileSync(join(root, 'kv-seed', 'channeling.json'), 'utf8') });
  return entries;
}
