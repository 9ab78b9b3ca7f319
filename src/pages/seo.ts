// /robots.txt and /sitemap.xml for the brand of the host asked. Both answer before the gate (maintenance and
// emergency leave them alone) and come from the edge cache like guests' pages: one copy per host and brand
// settings, dropped by a purge of the scopes they were built under (src/edge-cache/epochs.ts).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { PAGE_SCOPES, currentEpochs, lookup, store, type CacheEntry } from '../edge-cache';
import { getRegistry, normalizeHost } from '../brands/registry';
import { asGuest, callerOf, routeJson, waitUntil } from '../proxy/caller';
import { DEV_PG_PREFIX, DEV_PREFIX, PROXIED_PREFIXES } from '../proxy/proxy';
import { EDGE_CACHE_HEADER } from '../shared/page-cache';
import { API_CONTRACT_PATHS } from '../shared/api-contract';
import { GUEST_AUTH_PATH, MAINTENANCE_PATH, SIGNIN_PATH } from '../shared/constants';
import { CS_PATHS } from '../shared/cs-rules';
import { STAFF_PATHS } from '../shared/staff-paths';
import { WALLET_PATHS } from '../shared/wallet-pages';
import { AGENCY_PAGE_PATHS } from '../shared/agency';
import { INBOX_SOCKET_PATH, MESSAGES_PATHS } from '../shared/message-limits';
import { LOCAL_COLLECTOR_PATH } from '../shared/release';
import { SITEMAP_MAX_URLS, SITEMAP_PAGE_LIMIT, type SitemapKind } from '../shared/seo-schemas';
import { brandPrint } from './guest-cache';

/** How long each is kept at the edge (and told to other caches). */
const ROBOTS_TTL_S = 3_600;
const SITEMAP_TTL_S = 60;

/**
 * Never for crawlers: the API and its callbacks, member, studio, agency and staff pages, sign-in and
 * verification steps (some carry one-time proofs in their query), the media and socket endpoints, and the
 * development pages. Everything else (home, channels, recordings, themes, notices, policies) is public.
 */
const PRIVATE_PREFIXES = [
  ...PROXIED_PREFIXES,
  API_CONTRACT_PATHS.document,
  API_CONTRACT_PATHS.page,
  '/callback/',
  SIGNIN_PATH,
  '/signup',
  '/completed/',
  '/member/',
  GUEST_AUTH_PATH,
  MAINTENANCE_PATH,
  MESSAGES_PATHS.MY_PAGE,
  MESSAGES_PATHS.MESSAGES,
  WALLET_PATHS.LUV,
  '/caster',
  AGENCY_PAGE_PATHS.agency,
  STAFF_PATHS.console,
  CS_PATHS.inquiries,
  CS_PATHS.reports,
  CS_PATHS.accountChange,
  '/live/',
  '/chat/',
  INBOX_SOCKET_PATH,
  '/locale',
  '/healthz',
  DEV_PREFIX,
  DEV_PG_PREFIX,
  `${LOCAL_COLLECTOR_PATH}/`,
];

/**
 * The origin this brand's URLs are written on: the one asked, when the hosts table gives it to this brand,
 * else the brand's own address (an unknown Host gets the default brand and must not be written into its files).
 */
async function ownOrigin(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const host = normalizeHost(c.req.header('host') ?? url.host);
  const registry = await getRegistry(c.env.CONFIG);
  return host && registry.byHost.get(host)?.id === c.var.brand.id ? url.origin : new URL(c.var.brand.url).origin;
}

export function robotsText(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
/** W3C Datetime in UTC, to the second. */
const w3cDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface SitemapUrl {
  path: string;
  lastModified: number;
}

export function sitemapXml(origin: string, urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${xml(origin + u.path)}</loc><lastmod>${w3cDate(u.lastModified)}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** Where each kind of entry is: live channels, notices, then recordings (the most numerous, newest first). */
const KIND_PATHS: Array<[SitemapKind, (id: string) => string]> = [
  ['live', (loginId) => `/channel/${encodeURIComponent(loginId)}`],
  ['notice', (id) => CS_PATHS.post(Number(id))],
  ['vod', (id) => `/vod/${encodeURIComponent(id)}`],
];

/** The brand's URLs, at most SITEMAP_MAX_URLS; null when the API could not give them in full. */
async function sitemapUrls(c: Context<AppEnv>): Promise<SitemapUrl[] | null> {
  const urls: SitemapUrl[] = [{ path: '/', lastModified: Date.now() }];
  const caller = asGuest(callerOf(c));
  for (const [kind, pathOf] of KIND_PATHS) {
    if (kind === 'vod' && !c.var.brand.features.vod) continue;
    let before: string | null = null;
    do {
      const room = SITEMAP_MAX_URLS - urls.length;
      if (room <= 0) return urls;
      // Typed by hand: `before` comes from the previous answer, which inference cannot go round.
      const query: { limit: number; before?: string } = { limit: Math.min(SITEMAP_PAGE_LIMIT, room), before: before ?? undefined };
      const page = await routeJson(c, caller, 'GET', '/api/guest/sitemap/:kind', { param: { kind }, query });
      if (!page.ok || !page.body) return null;
      for (const entry of page.body.entries) urls.push({ path: pathOf(entry.id), lastModified: entry.lastModified });
      before = page.body.next;
    } while (before);
  }
  return urls;
}

const encoder = new TextEncoder();

function answer(c: Context<AppEnv>, entry: Pick<CacheEntry, 'body' | 'contentType'>, ttlS: number, how: 'HIT' | 'MISS'): Response {
  c.header(EDGE_CACHE_HEADER, how);
  c.header('cache-control', `public, max-age=${ttlS}`);
  return c.body(entry.body, 200, { 'content-type': entry.contentType });
}

/**
 * A text kept at the edge under `name` per host and brand settings. The purge counters are read before the
 * data, so a purge landing between the two only makes the kept copy unusable. `build` answering null (its data
 * did not load) is a 503 that is not kept.
 */
async function edgeText(c: Context<AppEnv>, name: string, o: { ttlS: number; scopes: string[]; contentType: string }, build: (origin: string) => Promise<string | null>) {
  const url = new URL(c.req.url);
  const key = `${name}|${url.origin}|${c.var.brand.id}.${brandPrint(c.var.brand)}`;
  const kept = await lookup(c.env, url.origin, key);
  if (kept) return answer(c, kept, o.ttlS, 'HIT');
  const values = await currentEpochs(c.env, o.scopes);
  const text = await build(await ownOrigin(c)).catch((err) => {
    console.warn(`${name} could not be built`, err);
    return null;
  });
  if (text === null) {
    c.header('retry-after', '60');
    c.header('cache-control', 'no-store');
    return c.text(c.var.t('errors.internal'), 503);
  }
  const entry: CacheEntry = { body: encoder.encode(text) as Uint8Array<ArrayBuffer>, contentType: o.contentType, expires: Date.now() + o.ttlS * 1000, epochs: {} };
  if (values) {
    for (const [i, scope] of o.scopes.entries()) entry.epochs[scope] = values[i]!;
    store(url.origin, key, entry, (p) => waitUntil(c, p));
  }
  return answer(c, entry, o.ttlS, 'MISS');
}

export const seo = new Hono<AppEnv>()
  .get('/robots.txt', (c) => edgeText(c, 'robots', { ttlS: ROBOTS_TTL_S, scopes: [PAGE_SCOPES.site], contentType: 'text/plain; charset=utf-8' }, async (origin) => robotsText(origin)))
  // A live starting or ending purges `lists`, which drops the kept copy at once.
  .get('/sitemap.xml', (c) =>
    edgeText(c, 'sitemap', { ttlS: SITEMAP_TTL_S, scopes: [PAGE_SCOPES.site, PAGE_SCOPES.lists], contentType: 'application/xml; charset=utf-8' }, async (origin) => {
      const urls = await sitemapUrls(c);
      return urls && sitemapXml(origin, urls);
    }),
  );
