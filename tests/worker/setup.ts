import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import { kvSeedEntries } from '../../kv-seed/entries.mjs';
import { bundledBrands } from '../../src/brands/bundled';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { PAGE_SCOPES, purgePages } from '../../src/edge-cache';

/** The same KV contents `npm run seed` writes. */
export async function seedKv(): Promise<void> {
  for (const { key, value } of kvSeedEntries(bundledBrands)) await env.CONFIG.put(key, value);
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

beforeEach(async () => {
  await seedKv();
  clearAllCaches();
  // Pages cached by an earlier test (the edge page cache) were built under the counters this raises.
  await purgePages(env, [PAGE_SCOPES.site]);
});
