import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import hosts from '../../kv-seed/hosts.json';
import flags from '../../kv-seed/flags.json';
import channeling from '../../kv-seed/channeling.json';
import { bundledBrands } from '../../src/brands/bundled';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { PAGE_SCOPES, purgePages } from '../../src/edge-cache/epochs';

/** The same KV contents `npm run seed` writes. */
export async function seedKv(): Promise<void> {
  await env.CONFIG.put('hosts', JSON.stringify(hosts));
  for (const [id, brand] of Object.entries(bundledBrands)) await env.CONFIG.put(`brand:${id}`, JSON.stringify(brand));
  await env.CONFIG.put('flags', JSON.stringify(flags));
  await env.CONFIG.put('channeling', JSON.stringify(channeling));
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

beforeEach(async () => {
  await seedKv();
  clearAllCaches();
  // Pages cached by an earlier test (the edge page cache) were built under the counters this raises.
  await purgePages(env, [PAGE_SCOPES.site]);
});
