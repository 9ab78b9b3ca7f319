import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import { kvSeedEntries } from '../../kv-seed/entries.mjs';
import { bundledBrands } from '../../src/brands/bundled';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { PAGE_SCOPES, purgePages } from '../../src/edge-cache';

const SEED = kvSeedEntries(bundledBrands);

/**
 * The same KV contents `npm run seed` writes. Only keys a test changed are written back: a read is about a quarter
 * of a write here, and this runs before every test.
 */
export async function seedKv(): Promise<void> {
  const now = await env.CONFIG.get(SEED.map((entry) => entry.key));
  for (const { key, value } of SEED) if (now.get(key) !== value) await env.CONFIG.put(key, value);
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

beforeEach(async () => {
  await seedKv();
  clearAllCaches();
  // Pages cached by an earlier test (the edge page cache) were built under the counters this raises.
  await purgePages(env, [PAGE_SCOPES.site]);
});
