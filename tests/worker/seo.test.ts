// /robots.txt and /sitemap.xml per brand (src/pages/seo.ts) and the sitemap's entries (GET /api/guest/sitemap/{kind}).
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundledBrands } from '../../src/brands/bundled';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { PAGE_SCOPES, purgePages } from '../../src/edge-cache';
import type { SitemapPage } from '../../src/shared/seo-schemas';
import { get, ok, setFlags } from './helpers';
import { clearWatchTables, insertChannel, insertStream, liveChannel, setChannelSettings } from './watch-fixtures';

const W3C_DATE = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z';
const XML_TEXT = '(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)+';
/** The whole grammar the sitemaps protocol allows us (urlset of url with loc and lastmod): anything else fails. */
const SITEMAP = new RegExp(
  `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n(?:<url><loc>${XML_TEXT}</loc><lastmod>${W3C_DATE}</lastmod></url>\\n)*</urlset>\\n$`,
);

/** The locs of a sitemap, after checking it is one. */
async function sitemapLocs(res: Response): Promise<string[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  const text = await res.text();
  expect(text).toMatch(SITEMAP);
  return [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

async function sitemap(host: string): Promise<string[]> {
  return sitemapLocs(await get('/sitemap.xml', { host }));
}

async function brandWithoutVod(id: 'bread'): Promise<void> {
  const brand = structuredClone(bundledBrands[id]) as { features: Record<string, boolean> };
  brand.features.vod = false;
  await env.CONFIG.put(`brand:${id}`, JSON.stringify(brand));
  clearAllCaches();
}

const noticeIds = async () => (await env.DB.prepare("SELECT id FROM cs_posts WHERE kind = 'notice'").all<{ id: number }>()).results.map((r) => r.id);

describe('/robots.txt', () => {
  it("names each brand's own sitemap on its own host and keeps crawlers out of private paths", async () => {
    for (const host of ['flex.localhost', 'live.localhost']) {
      const res = await get('/robots.txt', { host });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toContain(`Sitemap: http://${host}:8787/sitemap.xml`);
      const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
      for (const path of ['/api/', '/v2/api/', '/callback/', '/my', '/messages', '/luv', '/caster', '/staff', '/agency', '/signin', '/signup', '/guest-auth', '/cs/inquiries', '/__dev/']) {
        expect(disallowed, path).toContain(path);
      }
      // The public pages stay open: no rule is a prefix of them.
      for (const open of ['/', '/channel/someone', '/vod/12', '/theme/talk', '/cs/notices', '/cs/posts/1', '/policies/service-rules']) {
        expect(
          disallowed.filter((rule) => open.startsWith(rule!)),
          open,
        ).toEqual([]);
      }
    }
  });

  it("writes the brand's own address for a host the hosts table does not name", async () => {
    const text = await (await get('/robots.txt', { host: 'unknown.example' })).text();
    expect(text).toContain(`Sitemap: ${new URL((bundledBrands.flex as { url: string }).url).origin}/sitemap.xml`);
    expect(text).not.toContain('unknown.example');
  });

  it('answers during maintenance and emergency, from the edge cache after the first time', async () => {
    await setFlags({ maintenance: true, emergency: true });
    const first = await get('/robots.txt', { host: 'nest.localhost' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const again = await get('/robots.txt', { host: 'nest.localhost' });
    expect(again.headers.get('x-edge-cache')).toBe('HIT');
    expect(await again.text()).toBe(await first.text());
    const sitemapRes = await get('/sitemap.xml', { host: 'nest.localhost' });
    expect(await sitemapLocs(sitemapRes)).toContain('http://nest.localhost:8787/');
  });
});

describe('/sitemap.xml', () => {
  beforeEach(clearWatchTables);

  it("lists the brand's home, public lives, public recordings and notices on its own host; gated ones never", async () => {
    const open = await liveChannel();
    const adultLive = await liveChannel({ adult: true }, { adult: true });
    const lockedLive = await liveChannel({ password: '1234' });
    const recorded = await insertChannel();
    const publicVod = await insertStream(recorded.id, { kind: 2 });
    const adultVod = await insertStream(recorded.id, { kind: 2, adult: true });
    const lockedVod = await insertStream(recorded.id, { kind: 2, hasPassword: true });
    const locked = await insertChannel({ password: '1234' });
    const vodOfLockedChannel = await insertStream(locked.id, { kind: 2 });
    const notices = await noticeIds();
    expect(notices.length).toBeGreaterThan(0);

    for (const host of ['flex.localhost', 'live.localhost']) {
      const origin = `http://${host}:8787`;
      const locs = await sitemap(host);
      expect(locs.every((loc) => loc.startsWith(`${origin}/`))).toBe(true);
      expect(locs).toContain(`${origin}/`);
      expect(locs).toContain(`${origin}/channel/${open.ownerLoginId}`);
      expect(locs).toContain(`${origin}/vod/${publicVod}`);
      for (const id of notices) expect(locs).toContain(`${origin}/cs/posts/${id}`);
      for (const gated of [`/channel/${adultLive.ownerLoginId}`, `/channel/${lockedLive.ownerLoginId}`, `/vod/${adultVod}`, `/vod/${lockedVod}`, `/vod/${vodOfLockedChannel}`]) {
        expect(locs, gated).not.toContain(origin + gated);
      }
      expect(new Set(locs).size).toBe(locs.length);
    }
  });

  it('a brand without VOD lists no recordings; the others still do', async () => {
    const channel = await insertChannel();
    const vod = await insertStream(channel.id, { kind: 2 });
    await brandWithoutVod('bread');
    const bread = await sitemap('bread.localhost');
    expect(bread).toContain('http://bread.localhost:8787/');
    expect(bread.filter((loc) => loc.includes('/vod/'))).toEqual([]);
    expect(await sitemap('flex.localhost')).toContain(`http://flex.localhost:8787/vod/${vod}`);
  });

  it('lists no lives while broadcasting is switched off', async () => {
    const open = await liveChannel();
    await setChannelSettings({ broadcasting: false });
    clearAllCaches();
    expect(await sitemap('flex.localhost')).not.toContain(`http://flex.localhost:8787/channel/${open.ownerLoginId}`);
  });

  it('is kept at the edge briefly and dropped when a live starts or ends (the lists purge)', async () => {
    const first = await get('/sitemap.xml', { host: 'shell.localhost' });
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const open = await liveChannel();
    const kept = await get('/sitemap.xml', { host: 'shell.localhost' });
    expect(kept.headers.get('x-edge-cache')).toBe('HIT');
    expect(await sitemapLocs(kept)).not.toContain(`http://shell.localhost:8787/channel/${open.ownerLoginId}`);
    await purgePages(env, [PAGE_SCOPES.lists]);
    expect(await sitemap('shell.localhost')).toContain(`http://shell.localhost:8787/channel/${open.ownerLoginId}`);
  });
});

describe('GET /api/guest/sitemap/{kind}', () => {
  beforeEach(clearWatchTables);

  it('pages newest first by keyset, to the end', async () => {
    const channel = await insertChannel();
    const ids = [await insertStream(channel.id, { kind: 2 }), await insertStream(channel.id, { kind: 2 }), await insertStream(channel.id, { kind: 2 })];
    const first = await ok<SitemapPage>(await get('/api/guest/sitemap/vod?limit=2'));
    expect(first.entries.map((e) => Number(e.id))).toEqual([ids[2], ids[1]]);
    expect(first.next).toBe(String(ids[1]));
    const second = await ok<SitemapPage>(await get(`/api/guest/sitemap/vod?limit=2&before=${first.next}`));
    expect(second.entries.map((e) => Number(e.id))).toEqual([ids[0]]);
    expect(second.next).toBeNull();
    expect(second.entries[0]!.lastModified).toBeGreaterThan(0);
  });

  it('refuses an unknown kind or a page over the limit, and answers during maintenance', async () => {
    expect((await get('/api/guest/sitemap/members')).status).toBe(400);
    expect((await get('/api/guest/sitemap/vod?limit=5001')).status).toBe(400);
    await setFlags({ maintenance: true, emergency: false });
    expect((await get('/api/guest/sitemap/notice')).status).toBe(200);
  });
});
