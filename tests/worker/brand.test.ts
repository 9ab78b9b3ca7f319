import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bundledBrands } from '../../src/brands/bundled';
import { getRegistry, loadRegistry, normalizeHost, resolveBrand, cookieDomainFor } from '../../src/brands/registry';
import { brandSchema } from '../../src/shared/brand-schema';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { get, propsOf } from './helpers';

const brands = Object.values(bundledBrands).map((b) => brandSchema.parse(b));

describe('brand by hostname', () => {
  it.each(brands.map((b) => [b.id, b.serviceName, b.icons.logo] as const))('%s.localhost renders its own name and logo', async (id, name, logo) => {
    const res = await get('/', { host: `${id}.localhost` });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(`src="${logo}"`);
    expect(html).toContain(`data-brand="${id}"`);
    expect((propsOf(html).brand as { id: string }).id).toBe(id);
  });

  it('gives unknown and plain localhost hosts the default brand', async () => {
    for (const host of ['localhost', 'nobody-knows.example']) {
      const html = await (await get('/', { host })).text();
      expect(html).toContain('data-brand="flex"');
    }
  });

  it('answers a malformed Host with the default brand, not an error', async () => {
    expect(normalizeHost('bad host!!')).toBeNull();
    expect(normalizeHost('a'.repeat(300))).toBeNull();
    expect(normalizeHost('Live.LocalHost:8787')).toBe('live.localhost');
    const registry = await getRegistry(env.CONFIG);
    expect(resolveBrand(registry, '<script>').id).toBe('flex');
    expect(resolveBrand(registry, '').id).toBe('flex');
  });

  it('falls back to the bundled copy when KV misses or garbles a brand', async () => {
    await env.CONFIG.delete('brand:live');
    await env.CONFIG.put('brand:shell', '{"id":"shell","serviceName":42}');
    clearAllCaches();
    const live = await get('/', { host: 'live.localhost' });
    expect(live.status).toBe(200);
    expect(await live.text()).toContain('data-brand="live"');
    const shell = await get('/', { host: 'shell.localhost' });
    expect(await shell.text()).toContain('data-brand="shell"');
  });

  it('serves the default brand everywhere when KV has no hosts map', async () => {
    await env.CONFIG.delete('hosts');
    clearAllCaches();
    const res = await get('/', { host: 'live.localhost' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-brand="flex"');
  });

  it('prefers KV over the bundled file, so ops can change a brand without a deploy', async () => {
    const changed = { ...brands.find((b) => b.id === 'nest')!, serviceName: '새둥지TV' };
    await env.CONFIG.put('brand:nest', JSON.stringify(changed));
    clearAllCaches();
    expect(await (await get('/', { host: 'nest.localhost' })).text()).toContain('alt="새둥지TV"');
  });

  it('reads KV once per isolate per minute, not per request', async () => {
    let reads = 0;
    const counting = new Proxy(env.CONFIG, {
      get(target, prop, receiver) {
        if (prop === 'get')
          return (key: string, type: 'json') => {
            reads++;
            return target.get(key, type);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as KVNamespace;
    clearAllCaches();
    await getRegistry(counting);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    await Promise.all(Array.from({ length: 20 }, () => getRegistry(counting)));
    expect(reads).toBe(afterFirst);
  });

  it('picks the cookie domain the host belongs to, host-only on localhost', async () => {
    const registry = await loadRegistry(env.CONFIG);
    const flex = resolveBrand(registry, 'www.flextv.example');
    expect(flex.id).toBe('flex');
    expect(cookieDomainFor(flex, 'www.flextv.example')).toBe('flextv.example');
    expect(cookieDomainFor(flex, 'm.flexapp.example')).toBe('flexapp.example');
    expect(cookieDomainFor(flex, 'flex.localhost')).toBeUndefined();
  });
});
