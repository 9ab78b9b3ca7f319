// Security sweep, limits (docs/security.md): the request limits on every route (src/shared/request-limits.ts): body size,
// JSON depth, query length, slow bodies, and the write rate per member, through the site and at the API itself (which
// native apps reach at API_ORIGIN without the site). Refusals are the API's envelope, in the caller's language.
import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ja from '../../locales/ja.json';
import ko from '../../locales/ko.json';
import th from '../../locales/th.json';
import zh from '../../locales/zh.json';
import { apiApp } from '../../src/api/app';
import { writeRateOf } from '../../src/api/services/write-rate';
import { app } from '../../src/app';
import { SERVER_TO_SERVER } from '../../src/proxy/proxy';
import { BODY_MAX_BYTES, JSON_MAX_DEPTH, QUERY_MAX_CHARS } from '../../src/shared/request-limits';
import { type Browser, productionEnv } from './helpers';
import { signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { type ApiDoc, type Route, apiRoutes, concretePath, edgeRoutes, fetchDoc, inParallel, isUnsafe, label, listed, viaApp } from './security-sweep';

/** wrangler.toml as deployed (its vars), read as text. */
const WRANGLER_TOML = Object.values(import.meta.glob('/wrangler.toml', { query: '?raw', import: 'default', eager: true }))[0] as string;

let doc: ApiDoc;
let unsafe: Route[];
let member: { browser: Browser; id: number };

const codeOf = async (res: Response) => ((await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null)?.error;

/** A request from the member's browser, to send to an app with an env of our choosing. */
function asMember(path: string, init: RequestInit, who: Browser = member.browser): Request {
  const headers = new Headers(init.headers);
  headers.set('cookie', who.cookie());
  headers.set('x-xsrf-token', who.jar.get('XSRF-TOKEN')!);
  return new Request(`http://flex.localhost:8787${path}`, { ...init, headers, duplex: 'half' } as RequestInit);
}

/** A body that sends its first bytes and then nothing more, never ending. */
function stalledBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":'));
    },
  });
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

beforeAll(async () => {
  doc = await fetchDoc();
  unsafe = apiRoutes().filter(isUnsafe);
  member = await signedIn();
});

describe('request limits on every route', () => {
  it(`refuses a body over ${BODY_MAX_BYTES} bytes, through the site and at the API`, async (context) => {
    const big = JSON.stringify({ text: 'x'.repeat(BODY_MAX_BYTES) });
    const through: string[] = [];
    await inParallel(unsafe, async (route) => {
      const path = concretePath(doc, route, {});
      const site = await viaApp(member.browser, path, { method: route.method, headers: { 'content-type': 'application/json' }, body: big });
      const direct = await apiApp.request(path, { method: route.method, headers: { 'content-type': 'application/json' }, body: big }, env);
      for (const [where, res] of [
        ['site', site],
        ['api', direct],
      ] as const)
        if (res.status !== 413 || (await codeOf(res))?.code !== 'BODY_TOO_LARGE') through.push(`${where} ${label(route)} ${res.status}`);
    });
    securityRow(context, {
      area: 'limits',
      tried: `a ${big.length}-byte JSON body on every state-changing route (${unsafe.length}), site and API: 413`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH}, and takes one at the limit`, async (context) => {
    const through: string[] = [];
    await inParallel(unsafe, async (route) => {
      const path = concretePath(doc, route, {});
      const site = await viaApp(member.browser, path, { method: route.method, headers: { 'content-type': 'application/json' }, body: nested(JSON_MAX_DEPTH + 1) });
      const direct = await apiApp.request(path, { method: route.method, headers: { 'content-type': 'application/json' }, body: nested(JSON_MAX_DEPTH + 1) }, env);
      for (const [where, res] of [
        ['site', site],
        ['api', direct],
      ] as const)
        if (res.status !== 400 || (await codeOf(res))?.code !== 'JSON_TOO_DEEP') through.push(`${where} ${label(route)} ${res.status}`);
    });
    // At the limit the body reaches the route, whose validator says what it thinks of an array.
    const atLimit = await viaApp(member.browser, '/api/my/setting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: nested(JSON_MAX_DEPTH) });
    expect((await codeOf(atLimit))?.code).not.toBe('JSON_TOO_DEEP');
    // Brackets inside strings are text, not nesting.
    const inString = await viaApp(member.browser, '/api/my/setting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ isView: nested(40) }) });
    expect((await codeOf(inString))?.code).not.toBe('JSON_TOO_DEEP');
    securityRow(context, {
      area: 'limits',
      tried: `JSON nested ${JSON_MAX_DEPTH + 1} deep on every state-changing route (${unsafe.length}), site and API: 400`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });

  it(`refuses a query string over ${QUERY_MAX_CHARS} characters on every API and site route`, async (context) => {
    const query = `?q=${'a'.repeat(QUERY_MAX_CHARS)}`;
    const site = edgeRoutes().filter((r) => !r.path.includes('*'));
    const through: string[] = [];
    await inParallel(apiRoutes(), async (route) => {
      const res = await viaApp(member.browser, concretePath(doc, route, {}) + query, { method: route.method });
      if (res.status !== 414) through.push(`${label(route)} ${res.status}`);
    });
    await inParallel(site, async (route) => {
      const res = await viaApp(member.browser, route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '1') + query, { method: route.method });
      if (res.status !== 414) through.push(`site ${label(route)} ${res.status}`);
    });
    securityRow(context, {
      area: 'limits',
      tried: `a ${query.length - 1}-character query on every API route (${apiRoutes().length}) and site route (${site.length}): 414`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });

  it('refuses a body that stalls past the deadline (BODY_READ_TIMEOUT_MS), on every state-changing route', async (context) => {
    const slowEnv = { ...env, BODY_READ_TIMEOUT_MS: '300' };
    const own = edgeRoutes().filter((r) => isUnsafe(r) && !r.path.startsWith('/__errors'));
    const through: string[] = [];
    const started = Date.now();
    await inParallel(
      [...unsafe.map((r) => ({ route: r, path: concretePath(doc, r, {}) })), ...own.map((r) => ({ route: r, path: r.path.replace(/:([A-Za-z0-9_]+)/g, '1') }))],
      async ({ route, path }) => {
        const res = await app.fetch(asMember(path, { method: route.method, headers: { 'content-type': 'application/json' }, body: stalledBody() }), slowEnv, createExecutionContext());
        if (res.status !== 408 || (await codeOf(res))?.code !== 'BODY_TOO_SLOW') through.push(`${label(route)} ${res.status}`);
      },
    );
    const seconds = (Date.now() - started) / 1000;
    securityRow(context, {
      area: 'limits',
      tried: `a body that stops after 5 bytes, deadline 300 ms, on every state-changing API (${unsafe.length}) and site route (${own.length}): 408`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
    expect(seconds).toBeLessThan(30);
  });

  it('holds a write rate per member on every write route, and only for that member', async (context) => {
    // The deployed rate (wrangler.toml), far above a person: 120 writes in 10 s (the tests' own is higher: vitest.config.mts).
    const deployed = /^WRITE_RATE = "([^"]+)"$/m.exec(WRANGLER_TOML)?.[1];
    expect(writeRateOf({ WRITE_RATE: deployed })).toEqual({ count: 120, seconds: 10 });
    const rateEnv = { ...env, WRITE_RATE: '3/60' };
    // A member who has written nothing yet (the tests above wrote as \`member\` within this window).
    const writer = await signedIn();
    const send = (path: string, init: RequestInit) => app.fetch(asMember(path, init, writer.browser), rateEnv, createExecutionContext());
    const setting = () => send('/api/my/setting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ isView: true }) });
    for (let i = 0; i < 3; i++) expect((await setting()).status).toBe(200);
    const through: string[] = [];
    // Calls other servers make (the PG's webhook, a partner's server) never carry a member's session (src/proxy/proxy.ts).
    const memberWrites = unsafe.filter((r) => !SERVER_TO_SERVER(r.path));
    await inParallel(memberWrites, async (route) => {
      const res = await send(concretePath(doc, route, {}), { method: route.method, headers: { 'content-type': 'application/json' }, body: '{}' });
      const error = await codeOf(res);
      // Guests' routes (sign-in, SMS...) have their own limits; every call here carries the member's session.
      if (res.status !== 429 || error?.code !== 'WRITE_RATE_LIMITED' || !Number(res.headers.get('retry-after'))) through.push(`${label(route)} ${res.status}`);
      else if (error.message !== ko.security.writeRateLimited) through.push(`${label(route)}: message not in the member's language`);
    });
    // Another member writes on.
    const other = await signedIn();
    const theirs = await app.fetch(
      new Request('http://flex.localhost:8787/api/my/setting', {
        method: 'POST',
        headers: { cookie: other.browser.cookie(), 'x-xsrf-token': other.browser.jar.get('XSRF-TOKEN')!, 'content-type': 'application/json' },
        body: JSON.stringify({ isView: true }),
      }),
      rateEnv,
      createExecutionContext(),
    );
    securityRow(context, {
      area: 'limits',
      tried: `a member past WRITE_RATE (3 per 60 s here; 120 per 10 s deployed) on every member write route (${memberWrites.length}): 429 with Retry-After`,
      letThrough: listed(through),
      pass: through.length === 0 && theirs.status === 200,
    });
    expect(through).toEqual([]);
    expect(theirs.status).toBe(200);
  });

  it('says each limit in the caller’s language (all five)', async (context) => {
    const wrong: string[] = [];
    for (const [locale, messages] of Object.entries({ ko, en, zh, ja, th })) {
      const headers = { 'x-locale': locale, 'content-type': 'application/json' };
      const answers = {
        bodyTooLarge: await apiApp.request('/api/my/setting', { method: 'POST', headers, body: JSON.stringify({ t: 'x'.repeat(BODY_MAX_BYTES) }) }, env),
        jsonTooDeep: await apiApp.request('/api/my/setting', { method: 'POST', headers, body: nested(JSON_MAX_DEPTH + 1) }, env),
        queryTooLong: await apiApp.request(`/api/guest/banners?q=${'a'.repeat(QUERY_MAX_CHARS)}`, { headers }, env),
      };
      for (const [key, res] of Object.entries(answers)) {
        const message = (await codeOf(res))?.message;
        if (message !== messages.security[key as keyof typeof messages.security]) wrong.push(`${locale} ${key}: ${message}`);
      }
    }
    securityRow(context, { area: 'limits', tried: 'the refusals of size, depth and query length in ko, en, zh, ja, th', letThrough: listed(wrong), pass: wrong.length === 0 });
    expect(wrong).toEqual([]);
  });

  it('development and dev-checkout routes answer 404 in production', async (context) => {
    const dev = apiRoutes().filter((r) => r.path.startsWith('/__dev/') || r.path.startsWith('/__pg/'));
    const through: string[] = [];
    for (const route of dev) {
      const res = await app.fetch(new Request(`https://flextv.example${route.path}`, { method: route.method }), productionEnv(), createExecutionContext());
      if (res.status !== 404) through.push(`${label(route)} ${res.status}`);
    }
    securityRow(context, { area: 'access', tried: `every development route (${dev.length}) on a production configuration: 404`, letThrough: listed(through), pass: through.length === 0 });
    expect(dev.length).toBeGreaterThan(0);
    expect(through).toEqual([]);
  });
});
