// Client addresses (docs/security.md, "Security headers, client addresses, chat faults"), with the API on a separate origin (API_ORIGIN): that server can be called by anyone, so it must
// take the client's address and country (X-Client-IP, X-Client-Country), the site (X-Site-Origin, X-Brand) and the
// partner (X-Partner-Code) from our edge alone. The proxy signs them (src/lib/edge-headers.ts); the API ignores them
// unsigned, under another secret, stale, or signed for another call.
// The API here is apiApp called the way a server at API_ORIGIN is reached: a plain request, no edge in front.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { apiApp } from '../../src/api/app';
import { app } from '../../src/app';
import { MAX_CLIENT_LOGIN_FAILURES } from '../../src/api/services/accounts';
import { clientLimitKey, UNVERIFIED_CLIENT } from '../../src/lib/client-address';
import { EDGE_HEADERS, EDGE_SIGNATURE_MAX_AGE_MS, type EdgeClient, signEdgeClient, verifiedEdgeClient } from '../../src/lib/edge-headers';
import { xsrfToken } from '../../src/proxy/xsrf';
import { productionEnv } from './helpers';
import { securityRow } from './security-table';

const API = 'https://api.example.test';
const GEO = `${API}/api/auth/geo-ip`;
const SIGNIN = `${API}/v2/api/auth/signin`;

/** Headers as a caller of API_ORIGIN sends them: `client` signed under `secret` for `method url` at `at`, or unsigned. */
async function claimed(client: EdgeClient, sign?: { secret: string; method?: string; url?: string; at?: number }): Promise<Headers> {
  const headers = new Headers({ 'content-type': 'application/json', 'x-device-id': 'abcdef0123' });
  if (sign) await signEdgeClient(sign.secret, headers, sign.method ?? 'GET', sign.url ?? GEO, client, sign.at);
  else for (const [field, value] of Object.entries(client)) headers.set(EDGE_HEADERS[field as keyof EdgeClient], value);
  return headers;
}

/** What the API at API_ORIGIN tells about where the caller is: the country it would use. */
async function geoOf(workerEnv: Env, headers: Headers): Promise<string | null> {
  const res = await apiApp.fetch(new Request(GEO, { headers }), workerEnv);
  expect(res.status).toBe(200);
  return ((await res.json()) as { countryCode: string | null }).countryCode;
}

/** Tampering with what a good signature covers: each must leave the API believing nothing. */
function forgeries(secret: string): [string, () => Promise<Headers>][] {
  const client = { ip: '198.51.100.7', country: 'US' };
  return [
    ['unsigned', () => claimed(client)],
    ['signed under another secret', () => claimed(client, { secret: 'not-the-shared-secret-at-all-0123456789' })],
    [`signed ${EDGE_SIGNATURE_MAX_AGE_MS / 1000 + 30} s ago`, () => claimed(client, { secret, at: Date.now() - EDGE_SIGNATURE_MAX_AGE_MS - 30_000 })],
    ['signed for another path', () => claimed(client, { secret, url: `${API}/api/auth/other` })],
    ['signed for another method', () => claimed(client, { secret, method: 'POST' })],
    [
      'signed, then the country changed',
      async () => {
        const h = await claimed({ ...client, country: 'KR' }, { secret });
        h.set(EDGE_HEADERS.country, 'US');
        return h;
      },
    ],
    [
      'signature cut short',
      async () => {
        const h = await claimed(client, { secret });
        h.set(EDGE_HEADERS.signature, h.get(EDGE_HEADERS.signature)!.slice(0, -2));
        return h;
      },
    ],
  ];
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('client-address headers at API_ORIGIN', () => {
  it('the API believes X-Client-Country / X-Client-IP only with a fresh signature of this very call', async (context) => {
    const secret = env.EDGE_HEADER_SECRET;
    const through: string[] = [];
    for (const [what, headers] of forgeries(secret)) {
      const country = await geoOf(env, await headers());
      if (country === 'US') through.push(what);
    }
    const signed = await geoOf(env, await claimed({ ip: '198.51.100.7', country: 'US' }, { secret }));
    securityRow(context, {
      area: 'stuffing',
      tried: `API at API_ORIGIN, X-Client-Country/IP ${forgeries(secret)
        .map(([w]) => w)
        .join(', ')}`,
      letThrough: through.length === 0 ? 0 : through.join(', '),
      pass: through.length === 0 && signed === 'US',
    });
    expect(through).toEqual([]);
    expect(signed).toBe('US'); // the edge's own signature is believed (so the test can fail)
  });

  it("in production a caller of API_ORIGIN cannot move itself to another client's sign-in count", async (context) => {
    const production = productionEnv();
    await env.DB.batch([env.DB.prepare('DELETE FROM login_attempts'), env.DB.prepare('DELETE FROM login_client_attempts')]);
    const signinWith = async (headers: Headers, i: number) => {
      const res = await apiApp.fetch(
        new Request(SIGNIN, { method: 'POST', headers, body: JSON.stringify({ loginId: `edgeforge${i}`, password: 'Wrong1!pw', loginKeep: false, saveId: false, device: 'PCWEB' }) }),
        production,
      );
      await res.body?.cancel();
      return res.status;
    };
    const forged = forgeries(production.EDGE_HEADER_SECRET);
    const statuses: number[] = [];
    // Signed (where they are) for GET geo-ip: on the sign-in call each is also a signature for another call.
    for (const [i, [, make]] of forged.entries()) statuses.push(await signinWith(await make(), i));
    const keys = (await env.DB.prepare('SELECT client_key AS k, attempts AS n FROM login_client_attempts').all<{ k: string; n: number }>()).results;
    const claimedKey = clientLimitKey('production', '198.51.100.7');
    // The edge's signed address is counted as that address.
    const edgeSigned = await signinWith(await claimed({ ip: '203.0.113.50' }, { secret: production.EDGE_HEADER_SECRET, method: 'POST', url: SIGNIN }), 99);
    const afterSigned = (await env.DB.prepare('SELECT client_key AS k FROM login_client_attempts').all<{ k: string }>()).results.map((r) => r.k);
    const counted = keys.find((r) => r.k === UNVERIFIED_CLIENT)?.n ?? 0;
    const letThrough = keys.filter((r) => r.k === claimedKey).length;
    securityRow(context, {
      area: 'stuffing',
      tried: `production, ${forged.length} sign-ins at API_ORIGIN claiming 198.51.100.7 (unsigned, forged, stale, elsewhere): counted under one unverified key`,
      letThrough: letThrough === 0 ? 0 : `counted as ${claimedKey}`,
      pass: letThrough === 0 && counted === forged.length && afterSigned.includes('203.0.113.50'),
    });
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(letThrough).toBe(0);
    expect(counted).toBe(forged.length);
    expect(forged.length).toBeLessThan(MAX_CLIENT_LOGIN_FAILURES);
    expect(edgeSigned).toBe(401);
    expect(afterSigned).toContain('203.0.113.50');
  });

  it("through the edge with API_ORIGIN set, the API gets the edge's address, signed, never the client's own", async (context) => {
    const production = { ...productionEnv(), API_ORIGIN: API };
    const seen: { path: string; client: EdgeClient; raw: string | null }[] = [];
    // The server at API_ORIGIN: the API app, reached over fetch from the edge's proxy.
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(API)) return realFetch(input, init);
      seen.push({ path: new URL(request.url).pathname, client: await verifiedEdgeClient(production.EDGE_HEADER_SECRET, request), raw: request.headers.get(EDGE_HEADERS.ip) });
      return apiApp.fetch(request, production);
    };
    const device = '0e0d0c0b0a';
    const res = await app.request(
      'http://flex.localhost:8787/v2/api/auth/signin',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `flx_uuid=${device}`,
          'x-xsrf-token': await xsrfToken(production.JWT_SECRET, device),
          'cf-connecting-ip': '203.0.113.61',
          'x-client-ip': '198.51.100.99',
          'x-client-country': 'US',
          'x-edge-signature': `${Date.now()}.forged`,
        },
        body: JSON.stringify({ loginId: 'edgeproxied1', password: 'Wrong1!pw', loginKeep: false, saveId: false, device: 'PCWEB' }),
      },
      production,
    );
    await res.body?.cancel();
    const signin = seen.find((s) => s.path === '/v2/api/auth/signin');
    const letThrough = seen.filter((s) => s.raw === '198.51.100.99' || s.client.country === 'US');
    securityRow(context, {
      area: 'stuffing',
      tried: "through the edge to API_ORIGIN with the client's own X-Client-IP, X-Client-Country and X-Edge-Signature: what the API gets",
      letThrough: letThrough.length === 0 ? 0 : JSON.stringify(letThrough),
      pass: letThrough.length === 0 && signin?.client.ip === '203.0.113.61',
    });
    expect(res.status).toBe(401);
    expect(seen.length).toBeGreaterThan(0);
    expect(letThrough).toEqual([]);
    expect(signin?.client).toEqual({ ip: '203.0.113.61', site: 'http://flex.localhost:8787', brand: 'flex' });
  });

  it('a caller of API_ORIGIN cannot name the site a social login returns to; the edge can', async (context) => {
    const BEGIN = `${API}/api/auth/oauth/naver/authorize`;
    const returnsTo = async (headers: Headers) => {
      const res = await apiApp.fetch(new Request(BEGIN, { method: 'POST', headers, body: JSON.stringify({ callbackURL: '/', binding: 'b'.repeat(32) }) }), env);
      expect(res.status).toBe(200);
      return new URL(new URL(((await res.json()) as { authorizeUrl: string }).authorizeUrl).searchParams.get('redirect_uri')!).origin;
    };
    const evil = { site: 'https://evil.example', brand: 'flex' };
    const tries: [string, Headers][] = [
      ['unsigned', await claimed(evil)],
      ['signed under another secret', await claimed(evil, { secret: 'not-the-shared-secret-at-all-0123456789', method: 'POST', url: BEGIN })],
      ['signed for another path', await claimed(evil, { secret: env.EDGE_HEADER_SECRET, method: 'POST', url: `${API}/api/auth/oauth/kakao/authorize` })],
    ];
    const through: string[] = [];
    for (const [what, headers] of tries) if ((await returnsTo(headers)) !== API) through.push(what);
    const edge = await returnsTo(await claimed({ site: 'https://flex.example', brand: 'flex' }, { secret: env.EDGE_HEADER_SECRET, method: 'POST', url: BEGIN }));
    securityRow(context, {
      area: 'headers',
      tried: `API at API_ORIGIN, social login begun with X-Site-Origin https://evil.example ${tries.map(([w]) => w).join(', ')}: where the provider sends the person back`,
      letThrough: through.length === 0 ? 0 : through.join(', '),
      pass: through.length === 0 && edge === 'https://flex.example',
    });
    expect(through).toEqual([]);
    expect(edge).toBe('https://flex.example'); // the edge's own signature is believed (so the test can fail)
  });
});
