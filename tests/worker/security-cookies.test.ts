// Security sweep, cookies (docs/security.md): the cookies every brand's hosts set (HttpOnly for the session, Secure on https,
// SameSite=Lax, Domain scoped to that brand's own cookie domain, never another's), and a session made on one brand
// refused on every other. Brands and hosts come from the seeded host map and the bundled brand files.
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import hosts from '../../kv-seed/hosts.json';
import { bundledBrands } from '../../src/brands/bundled';
import { COOKIE } from '../../src/shared/constants';
import { signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { listed } from './security-sweep';

const brandIds = Object.keys(bundledBrands);
const domainsOf = (brand: string) => (bundledBrands[brand] as { cookieDomains: string[] }).cookieDomains;
/** A brand's production-like host: the first of its hosts under one of its cookie domains. */
const httpsHostOf = (brand: string) => Object.entries(hosts.hosts).find(([host, id]) => id === brand && domainsOf(brand).some((d) => host === d || host.endsWith(`.${d}`)))![0];

interface Jar {
  origin: string;
  cookies: Map<string, string>;
  lines: Map<string, string>;
}

async function visit(jar: Jar, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await SELF.fetch(`${jar.origin}${path}`, { ...init, headers, redirect: 'manual' });
  for (const line of res.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    jar.lines.set(name, line);
    jar.cookies.set(name, line.slice(name.length + 1, line.indexOf(';') === -1 ? undefined : line.indexOf(';')));
  }
  return res;
}

/** Open the home page and sign in on `origin`, keeping every Set-Cookie line. */
async function signInOn(origin: string, loginId: string): Promise<Jar> {
  const jar: Jar = { origin, cookies: new Map(), lines: new Map() };
  await visit(jar, '/');
  const res = await visit(jar, '/v2/api/auth/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': jar.cookies.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ loginId, password: 'Passw0rd!' }),
  });
  expect(res.status, `sign-in on ${origin}`).toBe(200);
  return jar;
}

const attr = (line: string, name: string) => line.split(';').some((part) => part.trim().toLowerCase().startsWith(name.toLowerCase()));
const domainOf = (line: string) => /;\s*Domain=([^;]+)/i.exec(line)?.[1]?.replace(/^\./, '');

let loginId: string;
beforeAll(async () => {
  loginId = (await signedIn()).loginId;
});

describe('cookies on every brand host', () => {
  it('session cookies are HttpOnly, Secure on https, SameSite=Lax, on the brand’s own domain', async (context) => {
    const wrong: string[] = [];
    for (const brand of brandIds) {
      const host = httpsHostOf(brand);
      const jar = await signInOn(`https://${host}`, loginId);
      for (const name of [COOKIE.access, COOKIE.refresh, 'XSRF-TOKEN', 'flx_uuid']) {
        const line = jar.lines.get(name);
        if (!line) {
          if (name === COOKIE.access || name === COOKIE.refresh || name === 'XSRF-TOKEN') wrong.push(`${host}: no ${name}`);
          continue;
        }
        const domain = domainOf(line);
        const session = name === COOKIE.access || name === COOKIE.refresh;
        if (session && !attr(line, 'HttpOnly')) wrong.push(`${host} ${name}: not HttpOnly`);
        if (!attr(line, 'Secure')) wrong.push(`${host} ${name}: not Secure`);
        if (!/;\s*SameSite=Lax/i.test(line)) wrong.push(`${host} ${name}: SameSite is not Lax`);
        if (!domain || !domainsOf(brand).includes(domain) || !(host === domain || host.endsWith(`.${domain}`))) wrong.push(`${host} ${name}: Domain=${domain}`);
        for (const other of brandIds.filter((b) => b !== brand)) if (domain && domainsOf(other).includes(domain)) wrong.push(`${host} ${name}: another brand's domain`);
      }
      // The page's script reads the XSRF token by design (it echoes it in the header); it proves nothing alone.
      if (attr(jar.lines.get('XSRF-TOKEN') ?? '', 'HttpOnly')) wrong.push(`${host}: XSRF-TOKEN is HttpOnly (the page could not echo it)`);
    }
    securityRow(context, {
      area: 'cookies',
      tried: `sign-in on one https host per brand (${brandIds.length}): attributes of the session, XSRF and device cookies`,
      letThrough: listed(wrong),
      pass: wrong.length === 0,
    });
    expect(wrong).toEqual([]);
  });

  it('plain-http localhost hosts get the same cookies without Secure (browsers would drop them)', async (context) => {
    const wrong: string[] = [];
    for (const brand of brandIds) {
      const jar = await signInOn(`http://${brand}.localhost:8787`, loginId);
      for (const name of [COOKIE.access, COOKIE.refresh]) {
        const line = jar.lines.get(name) ?? '';
        if (!attr(line, 'HttpOnly') || !/;\s*SameSite=Lax/i.test(line) || attr(line, 'Secure') || domainOf(line)) wrong.push(`${brand}.localhost ${name}: ${line.slice(line.indexOf(';'))}`);
      }
    }
    securityRow(context, {
      area: 'cookies',
      tried: `sign-in on <brand>.localhost for every brand (${brandIds.length}): HttpOnly, Lax, host-only, no Secure on http`,
      letThrough: listed(wrong),
      pass: wrong.length === 0,
    });
    expect(wrong).toEqual([]);
  });

  it("a session made on one brand is refused on every other brand's host", async (context) => {
    const through: string[] = [];
    const jars = new Map<string, Jar>();
    for (const brand of brandIds) jars.set(brand, await signInOn(`https://${httpsHostOf(brand)}`, loginId));
    for (const from of brandIds) {
      for (const to of brandIds.filter((b) => b !== from)) {
        const copied: Jar = { origin: `https://${httpsHostOf(to)}`, cookies: new Map(jars.get(from)!.cookies), lines: new Map() };
        const res = await visit(copied, '/api/my/profile');
        if (res.status !== 401) through.push(`${from} → ${to}: ${res.status}`);
        if (copied.lines.has(COOKIE.access) && !/=;|Max-Age=0/i.test(copied.lines.get(COOKIE.access)!)) through.push(`${from} → ${to}: new session cookie`);
      }
    }
    securityRow(context, {
      area: 'cookies',
      tried: `every brand's session cookies on every other brand's https host (${brandIds.length * (brandIds.length - 1)} pairs), GET /api/my/profile`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });
});
