// Security sweep, CSRF (docs/security.md): every state-changing route, through the site as a signed-in member's browser
// would be made to call it by another site: without the XSRF header, with a wrong one, with another device's, from
// a cross-site Origin, as a text/plain or form post (what a page may send without CORS), and by method override.
// Nothing may get through and nothing may be written.
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import { signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { type ApiDoc, type Fill, type Route, apiRoutes, bodyFor, changedTables, concretePath, dbDigest, edgeRoutes, fetchDoc, inParallel, isUnsafe, label, listed, viaApp } from './security-sweep';

/**
 * Unsafe calls made by other servers by design, which carry their own proof instead of the page's XSRF token: the
 * PG's webhook (signature or read-back), a partner's server (its key), the dev checkout's form (a token bound to the
 * order) and the identity provider's return (its encrypted result). They must still refuse every variant below.
 */
const OWN_PROOF = new Set(['POST /api/payments/webhook', 'POST /v4/api/asp/accesstoken', 'POST /v4/api/asp/signup-token', 'POST /__pg/checkout']);
/** Cross-site by design (the identity provider posts its result back to the site). */
const CROSS_SITE_BY_DESIGN = new Set(['POST /callback/nice']);

let doc: ApiDoc;
let unsafe: Route[];
let member: { browser: Browser };
let otherDevice: Browser;
let fill: Fill;

interface Variant {
  name: string;
  /** The request the forged page makes, from the member's browser (its cookies go along). */
  init: (route: Route) => { path?: string; init: RequestInit & { xsrf?: boolean } };
  /** The refusal code a route without its own proof answers. */
  code: string;
}

function payload(route: Route) {
  return bodyFor(doc, route, fill) ?? { contentType: 'application/json', body: '{}' };
}

const VARIANTS: Variant[] = [
  { name: 'no X-XSRF-TOKEN', code: 'XSRF', init: (r) => ({ init: { method: r.method, xsrf: false, headers: { 'content-type': payload(r).contentType }, body: payload(r).body } }) },
  {
    name: 'a wrong X-XSRF-TOKEN',
    code: 'XSRF',
    init: (r) => ({ init: { method: r.method, xsrf: false, headers: { 'content-type': payload(r).contentType, 'x-xsrf-token': 'forged-token' }, body: payload(r).body } }),
  },
  {
    name: "another device's X-XSRF-TOKEN",
    code: 'XSRF',
    init: (r) => ({ init: { method: r.method, xsrf: false, headers: { 'content-type': payload(r).contentType, 'x-xsrf-token': otherDevice.jar.get('XSRF-TOKEN')! }, body: payload(r).body } }),
  },
  {
    name: 'a cross-site Origin (with the right token)',
    code: 'CROSS_SITE',
    init: (r) => ({ init: { method: r.method, headers: { 'content-type': payload(r).contentType, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: payload(r).body } }),
  },
  { name: 'a text/plain post (no preflight)', code: 'XSRF', init: (r) => ({ init: { method: r.method, xsrf: false, headers: { 'content-type': 'text/plain' }, body: payload(r).body } }) },
  {
    name: 'a form post (no preflight)',
    code: 'XSRF',
    init: (r) => ({ init: { method: r.method, xsrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' } }),
  },
  {
    name: 'method override: POST with X-HTTP-Method-Override and _method, no token',
    code: 'XSRF',
    init: (r) => ({
      path: `?_method=${r.method}`,
      init: { method: 'POST', xsrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-http-method-override': r.method }, body: `_method=${r.method}` },
    }),
  },
];

beforeAll(async () => {
  doc = await fetchDoc();
  unsafe = apiRoutes().filter(isUnsafe);
  member = await signedIn();
  otherDevice = new Browser();
  await otherDevice.open('/');
  fill = { provider: 'kakao', loginId: 'nobody' };
});

describe('CSRF sweep: every state-changing route', () => {
  for (const variant of VARIANTS) {
    it(`refuses ${variant.name}`, async (context) => {
      const before = await dbDigest();
      const through: string[] = [];
      await inParallel(unsafe, async (route) => {
        const { path = '', init } = variant.init(route);
        const res = await viaApp(member.browser, concretePath(doc, route, fill) + path, init);
        const code = res.status === 403 ? ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code : undefined;
        const refused = OWN_PROOF.has(label(route)) ? res.status >= 400 && res.status < 500 : code === variant.code;
        if (!refused) through.push(`${label(route)} ${res.status}`);
      });
      const written = changedTables(before, await dbDigest());
      securityRow(context, {
        area: 'csrf',
        tried: `${variant.name}: every state-changing API route through the site (${unsafe.length}), signed in`,
        letThrough: listed([...through, ...written.map((t) => `${t} written`)]),
        pass: through.length === 0 && written.length === 0,
      });
      expect(through).toEqual([]);
      expect(written).toEqual([]);
    });
  }

  it("refuses a cross-site Origin (or Origin: null) on the site's own unsafe routes", async (context) => {
    const own = edgeRoutes().filter((r) => isUnsafe(r) && !CROSS_SITE_BY_DESIGN.has(label(r)));
    const through: string[] = [];
    for (const route of own) {
      for (const origin of ['https://evil.example', 'null']) {
        const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '1');
        const res = await viaApp(member.browser, path, { method: route.method, headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'locale=en' });
        const code = ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
        if (res.status !== 403 || code !== 'CROSS_SITE') through.push(`${label(route)} from ${origin}: ${res.status}`);
      }
    }
    // And the locale form still works from the site itself.
    const same = await member.browser.fetch('/locale', { method: 'POST', headers: { origin: 'http://flex.localhost:8787', 'content-type': 'application/x-www-form-urlencoded' }, body: 'locale=en' });
    securityRow(context, { area: 'csrf', tried: `cross-site and null Origin on the site's own unsafe routes (${own.map(label).join(', ')})`, letThrough: listed(through), pass: through.length === 0 });
    expect(own.length).toBeGreaterThan(0);
    expect(through).toEqual([]);
    expect(same.status).toBe(303);
  });
});
