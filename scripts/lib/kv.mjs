// Thin wrapper over `wrangler kv` for the CONFIG namespace: local state by default, --remote for the
// deployed namespace. `persistTo` points at another local state folder (the browser tests use their own).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { targetArgs as target, wrangler as run } from './wrangler.mjs';
import { kvSeedEntries } from '../../kv-seed/entries.mjs';

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

/** Everything `npm run seed` writes (kv-seed/entries.mjs), with every brand folder of brands/. */
export function seedEntries(root = process.cwd()) {
  const brands = Object.fromEntries(readdirSync(join(root, 'brands')).map((id) => [id, JSON.parse(readFileSync(join(root, 'brands', id, 'brand.json'), 'utf8'))]));
  return kvSeedEntries(brands);
}

export function kvDelete(key, options) {
  run(['kv', 'key', 'delete', key, '--binding', 'CONFIG', ...target(options)]);
}
