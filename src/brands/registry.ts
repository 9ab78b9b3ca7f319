import { z } from 'zod';
import { brandIdSchema, brandSchema, type Brand } from '../shared/brand-schema';
import { CACHE_MS } from '../shared/constants';
import { TtlCache } from '../lib/ttl-cache';
import { BUNDLED_DEFAULT_BRAND, bundledBrands } from './bundled';

/** KV `hosts`: which brand answers on which hostname. */
export const hostsConfigSchema = z.object({
  defaultBrand: brandIdSchema,
  hosts: z.record(z.string().min(1).max(253), brandIdSchema),
});
export type HostsConfig = z.infer<typeof hostsConfigSchema>;

export interface BrandRegistry {
  defaultBrand: Brand;
  byHost: Map<string, Brand>;
}

const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/;

/** Lower-case hostname without port; null when the Host header is malformed. */
export function normalizeHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  if (host.length > 253 || !HOST_PATTERN.test(host)) return null;
  return host;
}

function bundledBrand(id: string): Brand | null {
  const parsed = brandSchema.safeParse(bundledBrands[id]);
  return parsed.success ? parsed.data : null;
}

async function readBrand(kv: KVNamespace, id: string): Promise<Brand | null> {
  const raw = await kv.get(`brand:${id}`, 'json').catch(() => null);
  const parsed = brandSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fallback = bundledBrand(id);
  console.warn(`KV brand:${id} is ${raw == null ? 'missing' : 'invalid'}; ${fallback ? 'using the bundled copy' : 'its hosts get the default brand'}`);
  return fallback;
}

/** Read hosts and brands from KV, validating each; anything missing falls back to the bundled files. */
export async function loadRegistry(kv: KVNamespace): Promise<BrandRegistry> {
  const rawHosts = await kv.get('hosts', 'json').catch(() => null);
  const parsedHosts = hostsConfigSchema.safeParse(rawHosts);
  if (!parsedHosts.success) console.warn(`KV hosts is ${rawHosts == null ? 'missing' : 'invalid'}; serving the default brand everywhere`);
  const hosts: HostsConfig = parsedHosts.success ? parsedHosts.data : { defaultBrand: BUNDLED_DEFAULT_BRAND, hosts: {} };

  const ids = [...new Set([hosts.defaultBrand, ...Object.values(hosts.hosts)])];
  const brands = new Map<string, Brand>();
  await Promise.all(
    ids.map(async (id) => {
      const brand = await readBrand(kv, id);
      if (brand) brands.set(id, brand);
    }),
  );
  const defaultBrand = brands.get(hosts.defaultBrand) ?? bundledBrand(BUNDLED_DEFAULT_BRAND);
  if (!defaultBrand) throw new Error('no default brand: neither KV nor the bundled files hold one');

  const byHost = new Map<string, Brand>();
  for (const [host, id] of Object.entries(hosts.hosts)) {
    const brand = brands.get(id);
    if (brand) byHost.set(host, brand);
  }
  return { defaultBrand, byHost };
}

const registryCache = new TtlCache<'registry', BrandRegistry>(CACHE_MS.brandRegistry);

/** The registry, read from KV at most once per isolate per minute. */
export function getRegistry(kv: KVNamespace): Promise<BrandRegistry> {
  return registryCache.get('registry', () => loadRegistry(kv));
}

export function resolveBrand(registry: BrandRegistry, rawHost: string | null | undefined): Brand {
  const host = normalizeHost(rawHost);
  return (host && registry.byHost.get(host)) || registry.defaultBrand;
}

/** The brand cookie domain the host falls under, or undefined (host-only cookie, e.g. on *.localhost). */
export function cookieDomainFor(brand: Brand, rawHost: string | null | undefined): string | undefined {
  const host = normalizeHost(rawHost);
  if (!host) return undefined;
  return brand.cookieDomains.find((d) => host === d || host.endsWith(`.${d}`));
}
