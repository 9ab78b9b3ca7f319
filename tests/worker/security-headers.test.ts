// Security headers (docs/security.md, "Security headers, client addresses, chat faults") of every page. The pages come from the edge app's own router, so a new
// page route is checked without anyone adding it here.
import { describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { PROXIED_PREFIXES } from '../../src/proxy/proxy';
import { EDGE_CACHE_HEADER } from '../../src/shared/page-cache';
import { Browser, get, productionEnv, signUpMember } from './helpers';
import { securityRow } from './security-table';

/** GET routes of the edge app that answer pages or page-level resources (not /live, /chat, the proxied API). */
function pageRoutes(): string[] {
  const skipped = [...PROXIED_PREFIXES, '/live', '/chat/', '/inbox', '/__'];
  const paths = app.routes.filter((r) => r.method === 'GET' && !r.path.includes('*') && !skipped.some((p) => r.path.startsWith(p))).map((r) => r.path);
  return [...new Set(paths)].map((path) => path.replace(/:provider\b/g, 'kakao').replace(/:[A-Za-z]+(\{[^}]*\})?/g, '1'));
}

type Directives = Map<string, string[]>;
function parseCsp(header: string | null): Directives {
  const map: Directives = new Map();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** What is wrong with one answer's headers and scripts; [] when nothing is. */
function headerFaults(path: string, res: Response, body: string): string[] {
  const faults: string[] = [];
  const csp = parseCsp(res.headers.get('content-security-policy'));
  const scripts = csp.get('script-src') ?? [];
  const nonce = scripts.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
  if (!nonce || nonce.length < 22) faults.push(`${path}: no nonce in script-src`);
  if (scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'") || scripts.includes('*')) faults.push(`${path}: script-src ${scripts.join(' ')}`);
  if (!scripts.includes("'strict-dynamic'")) faults.push(`${path}: script-src without 'strict-dynamic'`);
  if (csp.get('frame-ancestors')?.join(' ') !== "'self'") faults.push(`${path}: frame-ancestors ${csp.get('frame-ancestors')}`);
  if (csp.get('object-src')?.join(' ') !== "'none'") faults.push(`${path}: object-src`);
  if (csp.get('base-uri')?.join(' ') !== "'none'") faults.push(`${path}: base-uri`);
  if (res.headers.get('referrer-policy') !== 'strict-origin-when-cross-origin') faults.push(`${path}: referrer-policy ${res.headers.get('referrer-policy')}`);
  const permissions = res.headers.get('permissions-policy') ?? '';
  // Camera, microphone and screen for the studio's go-live, for this site only (never a frame of another); the rest denied.
  for (const rule of ['camera=(self)', 'microphone=(self)', 'display-capture=(self)', 'geolocation=()', 'usb=()'])
    if (!permissions.includes(rule)) faults.push(`${path}: permissions-policy lacks ${rule}`);
  if (res.headers.get('x-frame-options') !== 'SAMEORIGIN') faults.push(`${path}: x-frame-options`);
  if (res.headers.get('x-content-type-options') !== 'nosniff') faults.push(`${path}: x-content-type-options`);
  if ((res.headers.get('content-type') ?? '').includes('text/html')) {
    // Every script element and module hint carries this answer's nonce, and nothing runs from an attribute.
    for (const tag of body.match(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) {
      if (!tag.includes(`nonce="${nonce}"`)) faults.push(`${path}: ${tag.slice(0, 60)} without this answer's nonce`);
    }
    if (/\son[a-z]+="/i.test(body.replace(/<script id="__PROPS__"[\s\S]*?<\/script>/, ''))) faults.push(`${path}: an inline event handler`);
  }
  return faults;
}

async function check(path: string, fetchPage: (path: string) => Promise<Response>): Promise<{ faults: string[]; status: number; html: boolean }> {
  const res = await fetchPage(path);
  const body = await res.text();
  return { faults: headerFaults(path, res, body), status: res.status, html: (res.headers.get('content-type') ?? '').includes('text/html') };
}

describe('response headers on every page', () => {
  it('every page route, for a guest and for a member: CSP with this answer nonce on every script, frame-ancestors, Referrer-Policy, Permissions-Policy', async (context) => {
    const routes = pageRoutes();
    // The router must still hold the pages this test is about (a broken filter would check nothing).
    expect(routes).toEqual(expect.arrayContaining(['/', '/signin', '/channel/1', '/caster', '/docs/api']));
    const { browser } = await signUpMember(new Browser());
    const faults: string[] = [];
    let htmlAnswers = 0;
    for (const path of routes) {
      for (const result of [await check(path, (p) => get(p)), await check(path, (p) => browser.open(p))]) {
        faults.push(...result.faults);
        if (result.html) htmlAnswers += 1;
      }
    }
    securityRow(context, {
      area: 'headers',
      tried: `${routes.length} page routes from the router, as a guest and as a member (${htmlAnswers} HTML documents)`,
      letThrough: faults.length === 0 ? 0 : faults.slice(0, 5).join('; '),
      pass: faults.length === 0,
    });
    expect(faults).toEqual([]);
    expect(htmlAnswers).toBeGreaterThan(routes.length);
  });

  it('gives each answer its own nonce, also when the page comes from the edge cache', async (context) => {
    const seen = new Set<string>();
    const faults: string[] = [];
    const cacheStates: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await get('/', { host: 'shell.localhost' });
      const body = await res.text();
      cacheStates.push(res.headers.get(EDGE_CACHE_HEADER) ?? 'none');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      faults.push(...headerFaults(`/ #${i}`, res, body));
      seen.add(nonce);
    }
    securityRow(context, {
      area: 'headers',
      tried: `the home page 4 times (edge cache ${cacheStates.join(', ')}): a fresh nonce each time, matched by the document's scripts`,
      letThrough: seen.size === 4 && faults.length === 0 ? 0 : `${4 - seen.size} reused nonces; ${faults.join('; ')}`,
      pass: seen.size === 4 && faults.length === 0,
    });
    expect(cacheStates).toContain('HIT');
    expect(faults).toEqual([]);
    expect(seen.size).toBe(4);
  });

  it('answers pages with the same headers in production (where a development-only route once answered 404 to every request after it)', async (context) => {
    const faults: string[] = [];
    for (const path of ['/', '/signin', '/docs/api']) {
      const res = await app.request(`http://flex.localhost:8787${path}`, {}, productionEnv());
      const body = await res.text();
      if (res.status !== 200) faults.push(`${path}: ${res.status}`);
      faults.push(...headerFaults(path, res, body));
    }
    securityRow(context, {
      area: 'headers',
      tried: 'home, sign-in and API reference pages with production settings',
      letThrough: faults.length === 0 ? 0 : faults.join('; '),
      pass: faults.length === 0,
    });
    expect(faults).toEqual([]);
  });

  it('keeps scripts from the page to its nonce: a hostile query or title cannot carry one', async () => {
    const res = await get(`/?q=${encodeURIComponent('"><script nonce="x">alert(1)</script>')}`);
    const body = await res.text();
    expect(headerFaults('/?q=hostile', res, body)).toEqual([]);
    expect(body).not.toContain('<script nonce="x">');
  });
});
