import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import { apiApp } from '../../src/api/app';
import { API_TAGS } from '../../src/api/openapi';
import { creditPurchase, gift as giftLuv } from '../../src/api/services/ledger';
import { operationsOf, type OpenApiDocument, type Schema } from '../../src/docs/api-reference';
import { Browser, get, setFlags, signUpMember } from './helpers';
import { clearWatchTables, insertChannel, insertStream, liveChannel, memberIdOf, signedIn } from './watch-fixtures';
import { file, jpeg, svgWithScript } from './upload-fixtures';

// The published contract (GET /openapi.json, GET /docs/api) against the API itself: every route is
// documented and nothing else is, the document holds together as OpenAPI 3.1, and real answers of real
// calls match the schema the document gives for their status, field by field (undocumented fields too,
// since answers are documented as closed objects).

type Json = unknown;

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await get('/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as OpenApiDocument;
}

/** Hono's `/a/:id` (with an optional `{regex}` or `?`) as OpenAPI's `/a/{id}`. */
const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

/** JSON Pointer lookup of a local `#/...` reference; undefined when it leads nowhere. */
function pointer(doc: OpenApiDocument, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in (node as object))) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

/** Every `$ref` anywhere in the document. */
function refsIn(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  }
  return out;
}

/**
 * Check a value against a JSON Schema of the kinds zod writes (type, properties, required,
 * additionalProperties, items, anyOf/oneOf/allOf, enum, const, string and number bounds, $ref).
 * Returns what does not fit, as `path: problem`; empty when the value fits.
 */
function mismatches(doc: OpenApiDocument, schema: Schema, value: Json, at = '$'): string[] {
  if (schema.$ref) {
    const target = pointer(doc, schema.$ref) as Schema | undefined;
    return target ? mismatches(doc, target, value, at) : [`${at}: unresolved ${schema.$ref}`];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const fits = alternatives.filter((alt) => mismatches(doc, alt, value, at).length === 0).length;
    if (schema.oneOf ? fits !== 1 : fits === 0) return [`${at}: fits ${fits} of ${alternatives.length} alternatives (${JSON.stringify(value)?.slice(0, 80)})`];
  }
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...mismatches(doc, part, value, at));
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) problems.push(`${at}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  if (schema.enum && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value))) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 0) {
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
    const ok = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!ok) return [...problems, `${at}: expected ${types.join('|')}, got ${actual} (${JSON.stringify(value)?.slice(0, 80)})`];
  }
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) problems.push(`${at}: not a date-time`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) problems.push(`${at}: not above ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) for (const [i, item] of value.entries()) problems.push(...mismatches(doc, schema.items, item, `${at}[${i}]`));
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, Json>;
    for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: missing`);
    for (const [key, field] of Object.entries(record)) {
      const declared = schema.properties?.[key];
      if (declared) problems.push(...mismatches(doc, declared, field, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not in the document`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') problems.push(...mismatches(doc, schema.additionalProperties, field, `${at}.${key}`));
    }
  }
  return problems;
}

/** The JSON schema the document gives `method path` for `status`. */
function documentedSchema(doc: OpenApiDocument, method: string, path: string, status: number): Schema {
  const op = doc.paths[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is not in the document`).toBeDefined();
  let response = op!.responses?.[String(status)] as Record<string, unknown> | undefined;
  expect(response, `${method} ${path} documents no ${status} answer`).toBeDefined();
  if (typeof response!.$ref === 'string') response = pointer(doc, response!.$ref as string) as Record<string, unknown>;
  const schema = (response!.content as Record<string, { schema?: Schema }> | undefined)?.['application/json']?.schema;
  expect(schema, `${method} ${path} ${status} documents no JSON body`).toBeDefined();
  return schema!;
}

/**
 * Read a real answer and hold it to the document: the operation `method path` (OpenAPI's form) must
 * document the answer's status, and the body must fit that schema. Returns the body.
 */
async function expectDocumented<T = Record<string, unknown>>(doc: OpenApiDocument, method: string, path: string, res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(status);
  const body = JSON.parse(text) as Json;
  expect(mismatches(doc, documentedSchema(doc, method, path, status), body), `${method} ${path} ${status}`).toEqual([]);
  return body as T;
}

let doc: OpenApiDocument;
beforeEach(async () => {
  doc ??= await fetchDocument();
});

describe('GET /openapi.json: every route, and only routes', () => {
  it('documents every method and path the API app registers, and names none it does not', () => {
    // Middleware (use()) registers ALL entries; each handler of a route registers its own entry.
    const registered = new Set(apiApp.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`));
    const documented = new Set(operationsOf(doc).map((e) => `${e.method.toUpperCase()} ${e.path}`));
    expect(registered.size).toBeGreaterThan(50);
    expect(
      [...registered].filter((r) => !documented.has(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...documented].filter((d) => !registered.has(d)),
      'documented operations with no route',
    ).toEqual([]);
    for (const path of Object.keys(doc.paths))
      expect(
        Object.keys(doc.paths[path]!).every((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
        path,
      ).toBe(true);
  });

  it('answers through the edge during maintenance, like the timecheck', async () => {
    await setFlags({ maintenance: true, emergency: false });
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    expect(((await res.json()) as OpenApiDocument).openapi).toBe(doc.openapi);
    expect((await get('/docs/api')).status).toBe(200);
  });
});

describe('the document is OpenAPI 3.1 that holds together', () => {
  it('has its version, info, tags, and for every operation a summary, a known tag, responses and a unique operationId', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const tagNames = API_TAGS.map((t) => t.name as string);
    expect(doc.tags?.map((t) => t.name)).toEqual(tagNames);
    const ids = new Set<string>();
    for (const { method, path, op } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBe(1);
      expect(tagNames, where).toContain(op.tags![0]);
      expect(Object.keys(op.responses ?? {}).length, where).toBeGreaterThan(0);
      expect(op.responses?.['200'], where).toBeDefined();
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect('$ref' in response || typeof (response as { description?: unknown }).description === 'string', `${where} ${status}`).toBe(true);
      }
      expect(op.operationId, where).toBeTruthy();
      expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
    }
  });

  it('resolves every $ref, inside the document', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => pointer(doc, ref) === undefined)).toEqual([]);
  });

  it('declares each path parameter as a required path parameter, and gives every validated operation the envelope for its 400', () => {
    for (const { method, path, op } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p) => ('$ref' in p ? (pointer(doc, p.$ref) as { name: string; in: string; required?: boolean }) : p));
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) expect(params.find((p) => p.in === 'path' && p.name === name)?.required, `${where}: {${name}}`).toBe(true);
      if (params.length > 0 || op.requestBody) {
        expect(op.responses?.['400'], `${where}: no 400`).toBeDefined();
        // Not hono-openapi's default validation body ({ success, error[], data }): ours is the envelope.
        expect(JSON.stringify(op.responses!['400']), where).not.toContain('"success"');
      }
    }
  });

  it('gives every operation outside the maintenance list the 503 envelope, and those inside it none', () => {
    const open = ['/v2/api/guest/timeCheck', '/api/guest/timeCheck/{n}', '/static/{file}', '/api/guest/sitemap/{kind}', '/__dev/outbox', '/__dev/luv/fund', '/__dev/bench/increment', '/openapi.json'];
    for (const { method, path, op } of operationsOf(doc)) {
      expect(op.responses?.['503'] === undefined, `${method.toUpperCase()} ${path}`).toBe(open.includes(path));
    }
  });

  it('describes requests with the schemas that validate them', () => {
    const signin = doc.paths['/v2/api/auth/signin']!.post!.requestBody as { content: Record<string, { schema: Schema }> };
    expect(signin.content['application/json']!.schema.required).toEqual(['loginId', 'password']);
    expect(signin.content['application/json']!.schema.properties!.device!.enum).toEqual(['PC', 'MOBILE_WEB', 'APP', 'UNKNOWN', 'PCWEB', 'MOBILEWEB']);
    const refresh = doc.paths['/api/oauth/refresh']!.post!.requestBody as { content: Record<string, { schema: Schema }> };
    expect(Object.keys(refresh.content)).toEqual(['application/x-www-form-urlencoded']);
    const params = doc.paths['/api/channels/{id}/live-time']!.get!.parameters as Array<{ name: string; in: string; schema: Schema }>;
    expect(params.find((p) => p.name === 'id')!.schema.pattern).toBe('^[1-9]\\d{0,14}$');
    expect(params.find((p) => p.name === 'option')!.schema.enum).toEqual(['1', '2', '3', '4', 'current', 'today', 'week', 'month']);
    expect(doc.paths['/api/my/profile']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/my/view-main']!.get!.security).toEqual([{}, { bearerAuth: [] }]);
  });
});

describe('contract: real answers fit the documented schema of their status', () => {
  beforeEach(clearWatchTables);

  it('the checker itself refuses a wrong type, a missing field and an undocumented one', async () => {
    const live = await liveChannel();
    const body = await expectDocumented<{ lives: Array<Record<string, unknown>> }>(doc, 'GET', '/api/my/view-main', await get('/api/my/view-main?device=PC'), 200);
    expect(body.lives[0]!.channelId).toBe(live.id);
    const schema = documentedSchema(doc, 'GET', '/api/my/view-main', 200);
    const withCard = (patch: (card: Record<string, unknown>) => void) => {
      const copy = structuredClone(body);
      patch(copy.lives[0]!);
      return mismatches(doc, schema, copy);
    };
    expect(withCard((c) => (c.viewerCount = 'many'))).toEqual([expect.stringContaining('$.lives[0].viewerCount: expected integer')]);
    expect(withCard((c) => delete c.title)).toEqual(['$.lives[0].title: missing']);
    expect(withCard((c) => (c.secret = 1))).toEqual(['$.lives[0].secret: not in the document']);
    expect(withCard((c) => (c.kind = 7))).toEqual([expect.stringContaining('$.lives[0].kind')]);
  });

  it('home content: view-main, banners, popups, themes, logos, suggestions; status and policy texts', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO banners (style, title, subtitle, image_url, link_url, starts_at) VALUES ('classic', '배너', '부제', '/b.svg', '/', 0), ('new', '새 배너', '', '/n.svg', '/caster', 0)",
      ),
      env.DB.prepare("INSERT INTO popups (title, body, image_url, link_url, starts_at) VALUES ('이벤트', '본문', NULL, '/event', ?)").bind(now - 1000),
      env.DB.prepare("INSERT INTO logos (name, image_url, link_url) VALUES ('파트너', '/logo.svg', 'https://example.com')"),
    ]);
    await liveChannel({ adult: true }, { viewers: 9 });
    await liveChannel({ thumbnailAt: now }, { viewers: 3 });
    const main = await expectDocumented<{ lives: unknown[]; popup: unknown }>(doc, 'GET', '/api/my/view-main', await get('/api/my/view-main?device=PC'), 200);
    expect(main.lives).toHaveLength(2);
    expect(main.popup).not.toBeNull();
    for (const path of ['/api/guest/banners', '/api/guest/banners-newstyle', '/api/guest/popups', '/api/guest/themes', '/api/guest/logo-list', '/api/guest/suggestion-list']) {
      const body = await expectDocumented<{ items: unknown[] }>(doc, 'GET', path, await get(path), 200);
      expect(body.items.length, path).toBeGreaterThan(0);
    }
    await expectDocumented(doc, 'GET', '/api/guest/channeling-switching', await get('/api/guest/channeling-switching'), 200);
    await expectDocumented(doc, 'GET', '/v2/api/guest/timeCheck', await get('/v2/api/guest/timeCheck'), 200);
    await expectDocumented(doc, 'GET', '/api/guest/timeCheck/{n}', await get('/api/guest/timeCheck/9?ver=2'), 200);
    await expectDocumented(doc, 'GET', '/api/guest/timeCheck/{n}', await get('/api/guest/timeCheck/3'), 200);
    await expectDocumented(doc, 'GET', '/static/{file}', await get('/static/service-rules'), 200);
  });

  it('a channel: its page (guest and adult member), one stream, live time, lookups, and a password live refused', async () => {
    const live = await liveChannel({ adult: true }, { viewers: 4 });
    await insertStream(live.id, { kind: 2, startedAt: Date.now() - 3_600_000 });
    const page = await expectDocumented<{ live: { access: string; playback: unknown } }>(doc, 'GET', '/api/channels/{id}/channel-page', await get(`/api/channels/${live.id}/channel-page`), 200);
    expect(page.live).toMatchObject({ access: 'identity', playback: null });
    const { browser } = await signedIn('adult');
    const asAdult = await expectDocumented<{ live: { access: string; playback: unknown } }>(
      doc,
      'GET',
      '/api/channels/{id}/channel-page',
      await browser.fetch(`/api/channels/${live.id}/channel-page`),
      200,
    );
    expect(asAdult.live.access).toBe('ok');
    expect(asAdult.live.playback).not.toBeNull();
    await expectDocumented(doc, 'GET', '/api/streams/{id}', await browser.fetch(`/api/streams/${live.streamId}`), 200);
    for (const option of ['current', 'today', 'week', 'month']) {
      await expectDocumented(doc, 'GET', '/api/channels/{id}/live-time', await get(`/api/channels/${live.id}/live-time?option=${option}`), 200);
    }
    await expectDocumented(doc, 'GET', '/api/channels/channel-find', await get(`/api/channels/channel-find?loginId=${live.ownerLoginId}`), 200);
    await expectDocumented(doc, 'GET', '/api/guest/subscriber-count', await get(`/api/guest/subscriber-count?channelId=${live.id}`), 200);
    await expectDocumented(doc, 'GET', '/api/guest/find-new-board', await get(`/api/guest/find-new-board?channelId=${live.id}`), 200);
    const locked = await liveChannel({ password: '1234' });
    await expectDocumented(doc, 'GET', '/api/guest/live-Auth', await new Browser().fetch(`/api/guest/live-Auth?channelId=${locked.id}&password=nope`), 403);
    await expectDocumented(doc, 'GET', '/api/guest/live-Auth', await new Browser().fetch(`/api/guest/live-Auth?channelId=${locked.id}&password=1234`), 200);
    await expectDocumented(doc, 'POST', '/api/guest/live-Auth', await new Browser().json('/api/guest/live-Auth', { channelId: locked.id, password: 'nope' }), 403);
    await expectDocumented(doc, 'POST', '/api/guest/live-Auth', await new Browser().json('/api/guest/live-Auth', { channelId: locked.id, password: '1234' }), 200);
  });

  it("a member's own calls after signing up: profile, lists, watch records, chat ticket, studio", async () => {
    const { browser, id } = await signedIn('adult');
    const watched = await liveChannel();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at) VALUES (?, ?, 1, ?, NULL)').bind(id, watched.id, Date.now()),
      env.DB.prepare('INSERT INTO gift_history (member_id, channel_id, total_amount, last_gift_at) VALUES (?, ?, 300, ?)').bind(id, watched.id, Date.now()),
    ]);
    await expectDocumented(doc, 'GET', '/api/my/profile', await browser.fetch('/api/my/profile'), 200);
    await expectDocumented(doc, 'POST', '/api/my/streams/played', await browser.json('/api/my/streams/played', { channelId: watched.id }), 200);
    for (const list of ['played', 'present', 'subscriptions']) {
      const body = await expectDocumented<{ items: unknown[] }>(doc, 'GET', `/api/my/streams/${list}`, await browser.fetch(`/api/my/streams/${list}`), 200);
      expect(body.items, list).toHaveLength(1);
    }
    await expectDocumented(doc, 'GET', '/api/my/view-main', await browser.fetch('/api/my/view-main?device=PC'), 200);
    await expectDocumented(doc, 'POST', '/api/chat/ticket', await browser.json('/api/chat/ticket', { room: String(watched.id) }), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/{x}/played/{id}', await browser.fetch('/api/my/streams/played/all', { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/streams/subscriptions/remove', await browser.json('/api/my/streams/subscriptions/remove', { channelIds: [watched.id] }, 'DELETE'), 409);

    await expectDocumented(doc, 'GET', '/api/my/channel/stream-key', await browser.fetch('/api/my/channel/stream-key'), 404);
    await expectDocumented(doc, 'POST', '/api/my/chennel-register', await browser.json('/api/my/chennel-register', { title: '내 채널', themeCode: 'talk' }), 200);
    await expectDocumented(doc, 'GET', '/api/my/channel/stream-key', await browser.fetch('/api/my/channel/stream-key'), 200);
    await expectDocumented(doc, 'GET', '/api/my/channel/settings', await browser.fetch('/api/my/channel/settings'), 200);
    const settings = { title: '새 제목', description: '', themeCode: null, adult: false, password: '4321' };
    await expectDocumented(doc, 'PUT', '/api/my/channel/settings', await browser.json('/api/my/channel/settings', settings, 'PUT'), 200);
    await expectDocumented(doc, 'GET', '/api/my/stream/recorded-stream-list', await browser.fetch('/api/my/stream/recorded-stream-list'), 200);
    await expectDocumented(doc, 'POST', '/api/auth/signout', await browser.json('/api/auth/signout', {}), 200);
  });

  it("the luv calls: a gift to a live channel, a refused one, the member's sums and gift lists", async () => {
    const { browser, id } = await signedIn('adult');
    const live = await liveChannel();
    await creditPurchase(env.DB, { memberId: id, amount: 100, key: `openapi-purchase:${id}` });
    const gift = { channelId: live.id, amount: 30, message: '축하해요', idempotencyKey: `openapi-${id}-gift` };
    await expectDocumented(doc, 'POST', '/api/luv/gift', await browser.json('/api/luv/gift', gift), 200);
    await expectDocumented(doc, 'POST', '/api/luv/gift', await browser.json('/api/luv/gift', { ...gift, amount: 1000, idempotencyKey: `openapi-${id}-big` }), 409);
    await expectDocumented(doc, 'POST', '/api/luv/gift', await browser.json('/api/luv/gift', { ...gift, channelId: (await insertChannel()).id }), 409);
    await expectDocumented(doc, 'POST', '/api/luv/gift', await browser.json('/api/luv/gift', { ...gift, amount: 0 }), 400);
    await expectDocumented(doc, 'GET', '/api/luv/luv-sum', await browser.fetch('/api/luv/luv-sum'), 200);
    await expectDocumented(doc, 'GET', '/api/luv/receivedluv-sum', await browser.fetch('/api/luv/receivedluv-sum'), 200);
    const sent = await expectDocumented<{ items: unknown[] }>(doc, 'GET', '/api/luv/sentluv-list', await browser.fetch('/api/luv/sentluv-list'), 200);
    expect(sent.items).toHaveLength(1);
    await expectDocumented(doc, 'GET', '/api/luv/receivedluv-list', await browser.fetch('/api/luv/receivedluv-list?limit=5'), 200);
  });

  it('coupons, gift presets and the received summary', async () => {
    const { browser, id } = await signedIn('adult');
    const code = `OPENAPI${id}`.slice(0, 40);
    await env.DB.prepare('INSERT INTO coupons (code, luv, expires_at) VALUES (?, 25, unixepoch() + 3600)').bind(code).run();
    await expectDocumented(doc, 'POST', '/api/shoppings/useCoupon', await browser.json('/api/shoppings/useCoupon', { couponNumber: code.toLowerCase() }), 200);
    await expectDocumented(doc, 'POST', '/api/shoppings/useCoupon', await browser.json('/api/shoppings/useCoupon', { couponNumber: code }), 409);
    await expectDocumented(doc, 'POST', '/api/shoppings/useCoupon', await browser.json('/api/shoppings/useCoupon', { couponNumber: 'NONE-SUCH' }), 404);
    await expectDocumented(doc, 'POST', '/api/shoppings/useCoupon', await browser.json('/api/shoppings/useCoupon', { couponNumber: 5 }), 400);
    await expectDocumented(doc, 'GET', '/api/luv/received', await browser.fetch('/api/luv/received'), 200);
    await expectDocumented(doc, 'GET', '/api/my/channel/luv-preset', await browser.fetch('/api/my/channel/luv-preset'), 404);
    const channel = await insertChannel({ ownerId: id });
    await expectDocumented(doc, 'GET', '/api/channels/{id}/luv-preset', await browser.fetch(`/api/channels/${channel.id}/luv-preset`), 200);
    await expectDocumented(doc, 'POST', '/api/my/channel/luv-preset', await browser.json('/api/my/channel/luv-preset', { presets: [30, 10] }), 200);
    await expectDocumented(doc, 'POST', '/api/my/channel/luv-preset', await browser.json('/api/my/channel/luv-preset', { presets: [10, 10] }), 400);
    await expectDocumented(doc, 'GET', '/api/my/channel/luv-preset', await browser.fetch('/api/my/channel/luv-preset'), 200);
    await expectDocumented(doc, 'GET', '/api/channels/{id}/luv-preset', await browser.fetch('/api/channels/999999999/luv-preset'), 404);
  });

  it('items: buy, inventory and sum, gift, LEX and inventory-row uses, used and gift lists, and their refusals', async () => {
    const { browser, id } = await signedIn('adult');
    const other = await signedIn('adult');
    const live = await liveChannel({ ownerId: other.id });
    await creditPurchase(env.DB, { memberId: id, amount: 2000, key: `openapi-items:${id}` });
    const buy = (body: Record<string, unknown>) => browser.json('/api/my/items/buy', { prodName: '100', quantity: 2, idempotencyKey: `openapi-${id}-lex`, ...body });
    await expectDocumented(doc, 'POST', '/api/my/items/buy', await buy({}), 200);
    await expectDocumented(doc, 'POST', '/api/my/items/buy', await buy({ prodName: '420', quantity: 1, idempotencyKey: `openapi-${id}-pass` }), 200);
    await expectDocumented(doc, 'POST', '/api/my/items/buy', await buy({ quantity: 99, idempotencyKey: `openapi-${id}-big` }), 409);
    await expectDocumented(doc, 'POST', '/api/my/items/buy', await buy({ prodName: '12345' }), 404);
    await expectDocumented(doc, 'POST', '/api/my/items/buy', await buy({ quantity: 0 }), 400);
    const mine = await expectDocumented<{ items: Array<{ itemId: number; prodName: string }> }>(doc, 'GET', '/api/my/items', await browser.fetch('/api/my/items'), 200);
    await expectDocumented(doc, 'GET', '/api/luv/items-sum', await browser.fetch('/api/luv/items-sum'), 200);
    const gift = { prodName: '100', quantity: 1, loginId: other.loginId, idempotencyKey: `openapi-${id}-gift` };
    await expectDocumented(doc, 'POST', '/api/my/items/gift', await browser.json('/api/my/items/gift', gift), 200);
    await expectDocumented(doc, 'POST', '/api/my/items/gift', await browser.json('/api/my/items/gift', { ...gift, quantity: 5, idempotencyKey: `openapi-${id}-gift5` }), 409);
    await expectDocumented(doc, 'POST', '/api/my/items/gift', await browser.json('/api/my/items/gift', { ...gift, loginId: undefined }), 400);
    const lex = { content: '안녕', channelId: live.id, fontStyle: 'bold' };
    await expectDocumented(doc, 'POST', '/api/my/useItems/{prodName}', await browser.json('/api/my/useItems/100', lex), 200);
    await expectDocumented(doc, 'POST', '/api/my/useItems/{prodName}', await browser.json('/api/my/useItems/100', lex), 409);
    await expectDocumented(doc, 'POST', '/api/my/useItems/{prodName}', await browser.json('/api/my/useItems/100', { ...lex, fontStyle: 'x' }), 400);
    await expectDocumented(doc, 'POST', '/api/my/useItems/{prodName}', await browser.json('/api/my/useItems/7', lex), 404);
    const pass = mine.items.find((i) => i.prodName === '420')!;
    await expectDocumented(doc, 'POST', '/api/my/item/{itemId}/use', await browser.json(`/api/my/item/${pass.itemId}/use`, {}), 200);
    await expectDocumented(doc, 'POST', '/api/my/item/{itemId}/use', await browser.json(`/api/my/item/${pass.itemId}/use`, {}), 409);
    await expectDocumented(doc, 'POST', '/api/my/item/{itemId}/use', await browser.json('/api/my/item/999999999/use', {}), 404);
    await expectDocumented(doc, 'POST', '/api/my/item/all-item/used', await browser.json('/api/my/item/all-item/used', { prodName: '100' }), 200);
    await expectDocumented(doc, 'POST', '/api/my/item/all-item/used', await browser.json('/api/my/item/all-item/used', { prodName: 'zzz' }), 404);
    await expectDocumented(doc, 'GET', '/api/luv/sentitem-list', await browser.fetch('/api/luv/sentitem-list'), 200);
    await expectDocumented(doc, 'GET', '/api/luv/receiveditem-list', await other.browser.fetch('/api/luv/receiveditem-list?limit=5'), 200);
  });

  it('the exchange event, the member level and the rankings', async () => {
    const { browser, id } = await signedIn();
    const e = '/api/events/exchange';
    await env.CONFIG.delete('exchange_event');
    await expectDocumented(doc, 'GET', `${e}/status`, await browser.fetch(`${e}/status`), 200);
    await expectDocumented(doc, 'GET', `${e}/rate`, await browser.fetch(`${e}/rate`), 404);
    await expectDocumented(doc, 'GET', `${e}/amount/total`, await browser.fetch(`${e}/amount/total`), 404);
    await expectDocumented(doc, 'GET', `${e}/amount/now`, await browser.fetch(`${e}/amount/now`), 404);
    await expectDocumented(doc, 'POST', `${e}/apply`, await browser.json(`${e}/apply`, { amount: 10, idempotencyKey: 'openapi-ex-0' }), 409);
    const now = Date.now();
    await env.CONFIG.put('exchange_event', JSON.stringify({ id: `openapi-${now}`, startsAt: now - 60_000, endsAt: now + 3_600_000, ratePermille: 1100, memberCap: 100, totalCap: 1000 }));
    await expectDocumented(doc, 'GET', `${e}/status`, await browser.fetch(`${e}/status`), 200);
    await expectDocumented(doc, 'GET', `${e}/rate`, await browser.fetch(`${e}/rate`), 200);
    await expectDocumented(doc, 'GET', `${e}/amount/total`, await browser.fetch(`${e}/amount/total`), 200);
    await expectDocumented(doc, 'GET', `${e}/amount/now`, await browser.fetch(`${e}/amount/now`), 200);
    await expectDocumented(doc, 'POST', `${e}/apply`, await browser.json(`${e}/apply`, { amount: 10, idempotencyKey: 'openapi-ex-1' }), 409); // no earnings
    await expectDocumented(doc, 'POST', `${e}/apply`, await browser.json(`${e}/apply`, { amount: -1, idempotencyKey: 'openapi-ex-1' }), 400);
    const { earningsOf, move, systemAccount } = await import('../../src/api/services/ledger');
    await move(env.DB, {
      idempotencyKey: `openapi-earn-${now}`,
      kind: 'purchase',
      legs: [
        { accountId: await systemAccount(env.DB, 'pg_clearing'), amount: -50 },
        { accountId: await earningsOf(env.DB, id), amount: 50 },
      ],
    });
    await expectDocumented(doc, 'POST', `${e}/apply`, await browser.json(`${e}/apply`, { amount: 10, idempotencyKey: 'openapi-ex-2' }), 200);
    await expectDocumented(doc, 'GET', '/api/my/member-level-info', await browser.fetch('/api/my/member-level-info'), 200);
    await expectDocumented(doc, 'GET', '/api/my/rankings', await browser.fetch('/api/my/rankings?period=all'), 200);
    await expectDocumented(doc, 'GET', '/api/my/rankings', await browser.fetch('/api/my/rankings?period=day'), 400);
  });

  it('payouts: rules, banks, the bank account, withdraw, its list and cancel, and the staff queue and decisions', async () => {
    const { browser, id } = await signedIn('adult');
    const viewer = await signedIn('adult');
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 500, key: `openapi-payout-buy:${id}` });
    await giftLuv(env.DB, { from: viewer.id, to: id, amount: 500, key: `openapi-payout-gift:${id}` });
    await expectDocumented(doc, 'GET', '/api/luv/withdraw-rules', await browser.fetch('/api/luv/withdraw-rules?amount=150'), 200);
    await expectDocumented(doc, 'GET', '/api/my/banks', await browser.fetch('/api/my/banks'), 200);
    await expectDocumented(doc, 'GET', '/api/my/bank-account', await browser.fetch('/api/my/bank-account'), 200);
    await expectDocumented(doc, 'POST', '/api/luv/withdraw', await browser.json('/api/luv/withdraw', { amount: 200, idempotencyKey: `openapi-${id}-unproved` }), 403);
    await expectDocumented(doc, 'POST', '/api/my/reauth', await browser.json('/api/my/reauth', { password: 'wrong-one' }), 403);
    await expectDocumented(doc, 'POST', '/api/my/reauth', await browser.json('/api/my/reauth', { password: 'Passw0rd!' }), 200);
    const withdraw = (amount: number, key: string) => browser.json('/api/luv/withdraw', { amount, idempotencyKey: `openapi-${id}-${key}` });
    await expectDocumented(doc, 'POST', '/api/luv/withdraw', await withdraw(200, 'nobank'), 409);
    await expectDocumented(
      doc,
      'PUT',
      '/api/my/bank-account',
      await browser.json('/api/my/bank-account', { bank_code: '004', bank_account: '123456-01-234567', bank_holder_name: '김하늘' }, 'PUT'),
      200,
    );
    await expectDocumented(doc, 'PUT', '/api/my/bank-account', await browser.json('/api/my/bank-account', { bank_code: '1' }, 'PUT'), 400);
    await expectDocumented(doc, 'POST', '/api/luv/withdraw', await withdraw(50, 'small'), 400);
    const made = await expectDocumented<{ withdrawal: { withdrawId: number } }>(doc, 'POST', '/api/luv/withdraw', await withdraw(200, 'first'), 200);
    await expectDocumented(doc, 'POST', '/api/luv/withdraw', await withdraw(200, 'second'), 200);
    await expectDocumented(doc, 'GET', '/api/luv/withdraw-list', await browser.fetch('/api/luv/withdraw-list?limit=5'), 200);
    await expectDocumented(doc, 'GET', '/api/luv/withdraw-cancel', await browser.fetch(`/api/luv/withdraw-cancel?withdrawId=${made.withdrawal.withdrawId}`), 200);
    await expectDocumented(doc, 'GET', '/api/luv/withdraw-cancel', await browser.fetch('/api/luv/withdraw-cancel?withdrawId=999999999'), 404);
    const staff = await signedIn('adult');
    await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(staff.id).run();
    const second = (
      await expectDocumented<{ items: Array<{ withdrawId: number; status: string }> }>(doc, 'GET', '/api/admin/payouts', await staff.browser.fetch('/api/admin/payouts?status=requested'), 200)
    ).items[0]!;
    await expectDocumented(doc, 'POST', '/api/admin/payouts/{withdrawId}/pay', await staff.browser.json(`/api/admin/payouts/${second.withdrawId}/pay`, {}), 409);
    await expectDocumented(doc, 'POST', '/api/admin/payouts/{withdrawId}/approve', await staff.browser.json(`/api/admin/payouts/${second.withdrawId}/approve`, {}), 200);
    await expectDocumented(doc, 'POST', '/api/admin/payouts/{withdrawId}/pay', await staff.browser.json(`/api/admin/payouts/${second.withdrawId}/pay`, {}), 200);
    await expectDocumented(doc, 'POST', '/api/admin/payouts/{withdrawId}/reject', await staff.browser.json(`/api/admin/payouts/${made.withdrawal.withdrawId}/reject`, {}), 409);
    await expectDocumented(doc, 'POST', '/api/admin/payouts/{withdrawId}/reject', await staff.browser.json('/api/admin/payouts/999999999/reject', {}), 404);
  });

  it('notices, the channel profile, uploads and live-board-check: multipart bodies documented, answers as documented', async () => {
    const creator = await signedIn('adult');
    const channel = await insertChannel({ ownerId: creator.id });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 0, 0, 0, 0]);
    for (const [method, path] of [
      ['post', '/api/my/channel-notice'],
      ['put', '/api/my/channel-notice'],
      ['put', '/api/my/channel/profile'],
    ] as const) {
      const body = doc.paths[path]![method]!.requestBody as { content: Record<string, unknown> };
      expect(Object.keys(body.content), `${method} ${path}`).toContain('multipart/form-data');
    }
    const form = new FormData();
    form.append('title', '공지');
    form.append('body', '<b>본문</b>');
    form.append('images', new File([png], 'a.png'));
    const notice = await expectDocumented<{ noticeId: number; images: Array<{ url: string }> }>(
      doc,
      'POST',
      '/api/my/channel-notice',
      await creator.browser.fetch('/api/my/channel-notice', { method: 'POST', body: form }),
      200,
    );
    await expectDocumented(doc, 'GET', '/api/channels/{id}/notices', await get(`/api/channels/${channel.id}/notices`), 200);
    await expectDocumented(doc, 'GET', '/api/channels/{id}/notices/{noticeId}', await get(`/api/channels/${channel.id}/notices/${notice.noticeId}`), 200);
    await expectDocumented(doc, 'GET', '/api/channels/{id}/notices/{noticeId}', await get(`/api/channels/${channel.id}/notices/999999`), 404);
    const edit = new FormData();
    edit.append('noticeId', String(notice.noticeId));
    edit.append('title', '공지');
    edit.append('body', '본문');
    edit.append('images', new File([new TextEncoder().encode('<svg onload="x"/>')], 'x.svg'));
    await expectDocumented(doc, 'PUT', '/api/my/channel-notice', await creator.browser.fetch('/api/my/channel-notice', { method: 'PUT', body: edit }), 415);
    await expectDocumented(doc, 'POST', '/v4/api/lives/live-board-check', await creator.browser.json('/v4/api/lives/live-board-check', { userId: creator.loginId, platform: 'PC' }), 200);
    await expectDocumented(doc, 'GET', '/api/my/channel/profile', await creator.browser.fetch('/api/my/channel/profile'), 200);
    const profile = new FormData();
    profile.append('name', '채널');
    profile.append('description', '');
    profile.append('banner', new File([png], 'b.png'));
    await expectDocumented(doc, 'PUT', '/api/my/channel/profile', await creator.browser.fetch('/api/my/channel/profile', { method: 'PUT', body: profile }), 200);
    await expectDocumented(doc, 'GET', '/api/channels/{id}/channel-page', await get(`/api/channels/${channel.id}/channel-page`), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/{x}/channel-notice/{id}', await creator.browser.fetch(`/api/my/${channel.id}/channel-notice/${notice.noticeId}`, { method: 'DELETE' }), 200);
    // The file itself is documented as binary in the type it was stored as.
    expect((await get(notice.images[0]!.url)).status).toBe(404); // its notice is gone, and its image with it
    expect(Object.keys((doc.paths['/api/uploads/{key}']!.get!.responses!['200'] as { content: Record<string, unknown> }).content)).toEqual([
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'application/pdf',
    ]);
  });

  it('the channel board: every board call, answers and refusals as documented', async () => {
    const creator = await signedIn('adult');
    const fan = await signedIn('adult');
    const channel = await insertChannel({ ownerId: creator.id });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 0, 0, 0, 0]);
    for (const [method, path] of [
      ['post', '/api/cs/board-write'],
      ['put', '/api/cs/board-update'],
    ] as const) {
      const body = doc.paths[path]![method]!.requestBody as { content: Record<string, unknown> };
      expect(Object.keys(body.content), `${method} ${path}`).toContain('multipart/form-data');
    }
    const form = new FormData();
    form.append('channelId', String(channel.id));
    form.append('category', 'free');
    form.append('title', '글');
    form.append('body', '<b>본문</b>');
    form.append('images', new File([png], 'a.png'));
    const post = await expectDocumented<{ boardId: number }>(doc, 'POST', '/api/cs/board-write', await fan.browser.fetch('/api/cs/board-write', { method: 'POST', body: form }), 200);
    const id = post.boardId;
    await expectDocumented(doc, 'GET', '/api/cs/board-list', await get(`/api/cs/board-list?channelId=${channel.id}&category=free&search=${encodeURIComponent('본문')}`), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-list', await get('/api/cs/board-list?channelId=999999'), 404);
    await expectDocumented(doc, 'GET', '/api/cs/board-detail', await fan.browser.fetch(`/api/cs/board-detail?channelId=${channel.id}&boardId=${id}`), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-detail', await get(`/api/cs/board-detail?channelId=${channel.id}&boardId=999999`), 404);
    const edit = new FormData();
    edit.append('boardId', String(id));
    edit.append('category', 'question');
    edit.append('title', '고친 글');
    edit.append('body', '본문');
    await expectDocumented(doc, 'PUT', '/api/cs/board-update', await creator.browser.fetch('/api/cs/board-update', { method: 'PUT', body: edit }), 403);
    await expectDocumented(doc, 'PUT', '/api/cs/board-update', await fan.browser.fetch('/api/cs/board-update', { method: 'PUT', body: edit }), 200);
    await expectDocumented(doc, 'PUT', '/api/cs/board-important/{channelId}/{boardId}', await creator.browser.fetch(`/api/cs/board-important/${channel.id}/${id}`, { method: 'PUT' }), 200);
    await expectDocumented(doc, 'PUT', '/api/cs/board-important/{channelId}/{boardId}', await fan.browser.fetch(`/api/cs/board-important/${channel.id}/${id}`, { method: 'PUT' }), 403);
    await expectDocumented(doc, 'POST', '/api/cs/board-like', await fan.browser.json('/api/cs/board-like', { boardId: id }), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-likeCount/{boardId}', await get(`/api/cs/board-likeCount/${id}`), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-like-User/{boardId}', await fan.browser.fetch(`/api/cs/board-like-User/${id}`), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-like-User/{boardId}', await get('/api/cs/board-like-User/999999'), 404);
    const note = await expectDocumented<{ commentId: number }>(doc, 'POST', '/api/cs/board-comment', await creator.browser.json('/api/cs/board-comment', { boardId: id, content: '댓글' }), 200);
    await expectDocumented(doc, 'POST', '/api/cs/board-comment', await fan.browser.json('/api/cs/board-comment', { boardId: id, content: '답글', parentId: note.commentId }), 200);
    await expectDocumented(doc, 'POST', '/api/cs/board-comment', await fan.browser.json('/api/cs/board-comment', { boardId: id, content: '' }), 400);
    await expectDocumented(doc, 'GET', '/api/cs/board-comment', await get(`/api/cs/board-comment?channelId=${channel.id}&boardId=${id}`), 200);
    await expectDocumented(doc, 'PUT', '/api/cs/board-comment', await fan.browser.json('/api/cs/board-comment', { commentId: note.commentId, content: '바꿈' }, 'PUT'), 403);
    await expectDocumented(doc, 'PUT', '/api/cs/board-comment', await creator.browser.json('/api/cs/board-comment', { commentId: note.commentId, content: '바꿈' }, 'PUT'), 200);
    await expectDocumented(doc, 'DELETE', '/api/cs/board-comment/{commentId}', await creator.browser.fetch(`/api/cs/board-comment/${note.commentId}`, { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'GET', '/api/cs/board-setting-check', await fan.browser.fetch(`/api/cs/board-setting-check?channelId=${channel.id}`), 200);
    await expectDocumented(doc, 'PUT', '/api/my/channel/board-setting', await creator.browser.json('/api/my/channel/board-setting', { writePermission: 'subscribers' }, 'PUT'), 200);
    await expectDocumented(doc, 'PUT', '/api/my/channel/board-setting', await fan.browser.json('/api/my/channel/board-setting', { writePermission: 'subscribers' }, 'PUT'), 404);
    await expectDocumented(doc, 'GET', '/api/guest/find-new-board', await creator.browser.fetch('/api/guest/find-new-board'), 200);
    await expectDocumented(doc, 'DELETE', '/api/cs/board-delete/{id}', await creator.browser.fetch(`/api/cs/board-delete/${id}`, { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'DELETE', '/api/cs/board-delete/{id}', await creator.browser.fetch(`/api/cs/board-delete/${id}`, { method: 'DELETE' }), 404);
  });

  it('emoji and agency invites: answers and refusals as documented', async () => {
    const creator = await signedIn('adult');
    const channel = await insertChannel({ ownerId: creator.id });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 0, 0, 0, 0]);
    const form = new FormData();
    form.append('code', 'docwave');
    form.append('title', '손인사');
    form.append('image', new File([png], 'w.png'));
    const emoji = await expectDocumented<{ emojiId: number }>(doc, 'POST', '/api/my/channel/emoji', await creator.browser.fetch('/api/my/channel/emoji', { method: 'POST', body: form }), 200);
    await expectDocumented(doc, 'POST', '/api/my/channel/emoji', await creator.browser.fetch('/api/my/channel/emoji', { method: 'POST', body: form }), 409);
    await expectDocumented(doc, 'GET', '/api/my/channel/emoji', await creator.browser.fetch('/api/my/channel/emoji'), 200);
    await expectDocumented(doc, 'GET', '/api/guest/show-all-emoji', await get(`/api/guest/show-all-emoji?option=${channel.id}`), 200);
    await expectDocumented(doc, 'GET', '/api/guest/show-all-emoji', await get('/api/guest/show-all-emoji?type=channel'), 400);
    await expectDocumented(
      doc,
      'POST',
      '/api/lives/change-favorite-emoticon',
      await creator.browser.json('/api/lives/change-favorite-emoticon', { memberId: creator.id, emojiId: emoji.emojiId }),
      200,
    );
    await expectDocumented(
      doc,
      'POST',
      '/api/lives/change-favorite-emoticon',
      await creator.browser.json('/api/lives/change-favorite-emoticon', { memberId: creator.id + 1, emojiId: emoji.emojiId }),
      403,
    );
    await expectDocumented(doc, 'DELETE', '/api/my/channel/emoji/{id}', await creator.browser.fetch(`/api/my/channel/emoji/${emoji.emojiId}`, { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/channel/emoji/{id}', await creator.browser.fetch(`/api/my/channel/emoji/${emoji.emojiId}`, { method: 'DELETE' }), 404);

    const agency = await signedIn('adult');
    await env.DB.prepare('INSERT INTO agencies (member_id, name, created_at) VALUES (?, ?, 0)').bind(agency.id, `문서소속사${agency.id}`).run();
    await expectDocumented(doc, 'GET', '/api/agency/invites', await creator.browser.fetch('/api/agency/invites'), 403);
    const inviteForm = new FormData();
    inviteForm.append('loginId', creator.loginId);
    inviteForm.append('contract', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'c.pdf'));
    const invite = await expectDocumented<{ inviteId: number; contractUrl: string }>(
      doc,
      'POST',
      '/api/agency/invites',
      await agency.browser.fetch('/api/agency/invites', { method: 'POST', body: inviteForm }),
      200,
    );
    await expectDocumented(doc, 'GET', '/api/agency/invites', await agency.browser.fetch('/api/agency/invites'), 200);
    await expectDocumented(doc, 'GET', '/api/my/agency-invites/has-new', await creator.browser.fetch('/api/my/agency-invites/has-new'), 200);
    await expectDocumented(doc, 'GET', '/api/my/agency-invites/me', await creator.browser.fetch('/api/my/agency-invites/me'), 200);
    await expectDocumented(doc, 'GET', '/api/my/agency-invites/{id}', await creator.browser.fetch(`/api/my/agency-invites/${invite.inviteId}`), 200);
    await expectDocumented(doc, 'GET', '/api/my/agency-invites/{id}', await agency.browser.fetch(`/api/my/agency-invites/${invite.inviteId}`), 404);
    const link = await expectDocumented<{ url: string }>(
      doc,
      'POST',
      '/api/my/agency-invites/download-url',
      await creator.browser.json('/api/my/agency-invites/download-url', { url: invite.contractUrl }),
      200,
    );
    await expectDocumented(doc, 'POST', '/api/my/agency-invites/download-url', await agency.browser.json('/api/my/agency-invites/download-url', { url: invite.contractUrl }), 404);
    await expectDocumented(doc, 'GET', '/api/agency-contracts/{key}', await get(invite.contractUrl), 403);
    expect((await get(link.url)).headers.get('content-type')).toBe('application/pdf');
    await expectDocumented(doc, 'POST', '/api/my/agency-invites/{id}/respond', await creator.browser.json(`/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'accept' }), 200);
    await expectDocumented(doc, 'POST', '/api/my/agency-invites/{id}/respond', await creator.browser.json(`/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'accept' }), 409);
  });

  it('messages, the block list and settings: each answer and refusal as documented', async () => {
    const a = await signedIn('adult');
    const b = await signedIn('adult');
    const sent = await expectDocumented<{ message: { id: number } }>(doc, 'POST', '/api/my/messages', await a.browser.json('/api/my/messages', { loginId: b.loginId, content: '안녕' }), 200);
    await expectDocumented(doc, 'POST', '/api/my/messages', await a.browser.json('/api/my/messages', { loginId: 'nobody_zz_1', content: 'x' }), 404);
    await expectDocumented(doc, 'POST', '/api/my/messages', await a.browser.json('/api/my/messages', { loginId: a.loginId, content: 'x' }), 400);
    await expectDocumented(doc, 'GET', '/api/my/messages', await b.browser.fetch('/api/my/messages?division=receive'), 200);
    await expectDocumented(doc, 'GET', '/v2/api/my/messages', await b.browser.fetch('/v2/api/my/messages'), 200);
    await expectDocumented(doc, 'GET', '/v2/api/my/messages-list', await b.browser.fetch(`/v2/api/my/messages-list?targetId=${a.loginId}`), 200);
    await expectDocumented(doc, 'POST', '/v2/api/my/messages-read/{id}', await b.browser.fetch(`/v2/api/my/messages-read/${sent.message.id}`, { method: 'POST' }), 200);
    await expectDocumented(doc, 'POST', '/v2/api/my/messages-read/{id}', await a.browser.fetch(`/v2/api/my/messages-read/${sent.message.id}`, { method: 'POST' }), 404);
    await expectDocumented(doc, 'POST', '/api/my/messages/declaration/{id}', await b.browser.json(`/api/my/messages/declaration/${sent.message.id}`, {}), 200);
    await expectDocumented(doc, 'POST', '/api/my/messages/declaration/{id}', await a.browser.json(`/api/my/messages/declaration/${sent.message.id}`, {}), 400);
    await expectDocumented(doc, 'GET', '/api/my/messages/isblock', await a.browser.fetch(`/api/my/messages/isblock?targetId=${b.loginId}`), 200);
    await expectDocumented(doc, 'POST', '/api/my/member-messages-blackAdd', await b.browser.json('/api/my/member-messages-blackAdd', { targetId: a.loginId }), 200);
    // A block is never revealed: the blocked member's message is answered as any other (and never delivered).
    await expectDocumented(doc, 'POST', '/api/my/messages', await a.browser.json('/api/my/messages', { loginId: b.loginId, content: 'x' }), 200);
    await expectDocumented(doc, 'GET', '/api/my/member-messages-blackList', await b.browser.fetch('/api/my/member-messages-blackList'), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/member-messages-blackDelete', await b.browser.fetch(`/api/my/member-messages-blackDelete?targetId=${a.loginId}`, { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'DELETE', '/api/my/member-messages-blackDelete', await b.browser.fetch(`/api/my/member-messages-blackDelete?targetId=${a.loginId}`, { method: 'DELETE' }), 404);
    await expectDocumented(doc, 'GET', '/api/my/messages/delete', await a.browser.fetch(`/api/my/messages/delete?id=${sent.message.id}`), 200);
    await expectDocumented(doc, 'GET', '/api/my/messages/delete', await a.browser.fetch(`/api/my/messages/delete?id=${sent.message.id}`), 404);
    await expectDocumented(doc, 'GET', '/api/my/messages/alldelete', await b.browser.fetch('/api/my/messages/alldelete?division=all'), 200);
    await expectDocumented(doc, 'POST', '/api/my/app/messages/delete', await b.browser.json('/api/my/app/messages/delete', { matchId: a.loginId }), 200);
    await expectDocumented(doc, 'POST', '/api/my/inbox-ticket', await b.browser.json('/api/my/inbox-ticket', {}), 200);
    await expectDocumented(doc, 'POST', '/api/my/setting', await b.browser.json('/api/my/setting', { isVibes: false }), 200);
    await expectDocumented(doc, 'POST', '/api/my/setting', await b.browser.json('/api/my/setting', { memberSortCode: 9 }), 400);
    await expectDocumented(doc, 'GET', '/api/my/profile', await b.browser.fetch('/api/my/profile'), 200);
    // PUT /api/my/profile (multipart): the avatar and the refusals as documented.
    const avatar = new FormData();
    avatar.set('avatar', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 0, 0, 0, 0])], 'a.png'));
    expect(Object.keys((doc.paths['/api/my/profile']!.put!.requestBody as { content: Record<string, unknown> }).content)).toContain('multipart/form-data');
    await expectDocumented(doc, 'PUT', '/api/my/profile', await b.browser.fetch('/api/my/profile', { method: 'PUT', body: avatar }), 200);
    const badNickname = new FormData();
    badNickname.set('nickname', 'x');
    await expectDocumented(doc, 'PUT', '/api/my/profile', await b.browser.fetch('/api/my/profile', { method: 'PUT', body: badNickname }), 400);
    const svg = new FormData();
    svg.set('avatar', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.png'));
    await expectDocumented(doc, 'PUT', '/api/my/profile', await b.browser.fetch('/api/my/profile', { method: 'PUT', body: svg }), 415);
  });

  it('customer service: inquiries, posts, reports, account changes and the staff side, multipart bodies documented', async () => {
    const [a, b, staff] = [await signedIn('adult'), await signedIn('adult'), await signedIn('adult')];
    await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(staff.id).run();
    const form = (fields: Record<string, string>, files: File[] = []) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      for (const x of files) f.append('files', x);
      return { method: 'POST', body: f };
    };
    const inquiryFields = { categoryId: '5', title: '재생 오류', content: '영상이 멈춰요' };
    const inquiry = await expectDocumented<{ id: number; attachments: { url: string }[] }>(
      doc,
      'POST',
      '/api/cs/inquiry-write',
      await a.browser.fetch('/api/cs/inquiry-write', form(inquiryFields, [file(jpeg(12, 12), 'a.jpg')])),
      200,
    );
    await expectDocumented(doc, 'POST', '/api/cs/inquiry-write', await a.browser.fetch('/api/cs/inquiry-write', form({ ...inquiryFields, categoryId: '0' })), 400);
    await expectDocumented(doc, 'POST', '/api/cs/inquiry-write', await a.browser.fetch('/api/cs/inquiry-write', form(inquiryFields, [file(svgWithScript(), 'x.svg')])), 415);
    await expectDocumented(doc, 'GET', '/api/cs/inquiry-list', await a.browser.fetch('/api/cs/inquiry-list'), 200);
    await expectDocumented(doc, 'GET', '/v2/api/cs/inquiry-list', await a.browser.fetch('/v2/api/cs/inquiry-list?boardType=QNA&categoryId=5&title=%EC%98%A4%EB%A5%98'), 200);
    await expectDocumented(doc, 'GET', '/api/cs/inquiry-detail/{id}', await b.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`), 404);
    await expectDocumented(doc, 'GET', '/api/cs/attachments/{key}', await b.browser.fetch(inquiry.attachments[0]!.url), 404);
    expect((await staff.browser.fetch(inquiry.attachments[0]!.url)).status).toBe(200);
    await expectDocumented(doc, 'GET', '/api/admin/cs/inquiries', await staff.browser.fetch('/api/admin/cs/inquiries?status=all'), 200);
    await expectDocumented(doc, 'GET', '/api/admin/cs/inquiries', await a.browser.fetch('/api/admin/cs/inquiries'), 403);
    await expectDocumented(doc, 'PUT', '/api/admin/cs/inquiries/{id}/answer', await staff.browser.json(`/api/admin/cs/inquiries/${inquiry.id}/answer`, { answer: '고쳤습니다' }, 'PUT'), 200);
    await expectDocumented(doc, 'PUT', '/api/admin/cs/inquiries/{id}/answer', await staff.browser.json('/api/admin/cs/inquiries/99999999/answer', { answer: 'x' }, 'PUT'), 404);
    await expectDocumented(doc, 'GET', '/api/cs/inquiry-detail/{id}', await a.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`), 200);
    await expectDocumented(doc, 'DELETE', '/api/cs/inquiry-delete/{id}', await b.browser.fetch(`/api/cs/inquiry-delete/${inquiry.id}`, { method: 'DELETE' }), 404);
    await expectDocumented(doc, 'DELETE', '/api/cs/inquiry-delete/{id}', await a.browser.fetch(`/api/cs/inquiry-delete/${inquiry.id}`, { method: 'DELETE' }), 200);

    for (const list of ['notice-list', 'develop-notice-list', 'guide-list']) await expectDocumented(doc, 'GET', `/api/cs/${list}`, await get(`/api/cs/${list}?limit=2&title=a`), 200);
    const written = await expectDocumented<{ id: number }>(doc, 'POST', '/api/admin/cs/posts', await staff.browser.json('/api/admin/cs/posts', { kind: 'guide', title: '가이드', body: '본문' }), 200);
    await expectDocumented(doc, 'GET', '/api/cs/post-detail/{id}', await get(`/api/cs/post-detail/${written.id}`), 200);
    await expectDocumented(doc, 'DELETE', '/api/admin/cs/posts/{id}', await staff.browser.fetch(`/api/admin/cs/posts/${written.id}`, { method: 'DELETE' }), 200);
    await expectDocumented(doc, 'GET', '/api/cs/post-detail/{id}', await get(`/api/cs/post-detail/${written.id}`), 404);

    const channel = await insertChannel({ ownerId: b.id });
    const filed = await expectDocumented<{ id: number }>(
      doc,
      'POST',
      '/api/cs/declaration-post',
      await a.browser.fetch('/api/cs/declaration-post', form({ targetType: 'channel', targetId: String(channel.id), reason: 'spam' })),
      200,
    );
    await expectDocumented(doc, 'POST', '/api/cs/declaration-post', await a.browser.fetch('/api/cs/declaration-post', form({ targetType: 'member', targetId: 'nobody_zz_9', reason: 'spam' })), 404);
    await expectDocumented(doc, 'GET', '/api/cs/declaration-list', await a.browser.fetch('/api/cs/declaration-list'), 200);
    await expectDocumented(doc, 'GET', '/api/admin/cs/reports', await staff.browser.fetch('/api/admin/cs/reports?status=all'), 200);
    await expectDocumented(doc, 'PUT', '/api/admin/cs/reports/{source}/{id}/close', await staff.browser.json(`/api/admin/cs/reports/cs/${filed.id}/close`, {}, 'PUT'), 200);
    await expectDocumented(doc, 'DELETE', '/api/cs/declaration-delete/{id}', await a.browser.fetch(`/api/cs/declaration-delete/${filed.id}`, { method: 'DELETE' }), 409);
    await expectDocumented(doc, 'DELETE', '/api/cs/declaration-delete/{id}', await b.browser.fetch(`/api/cs/declaration-delete/${filed.id}`, { method: 'DELETE' }), 404);

    const change = await expectDocumented<{ id: number }>(
      doc,
      'POST',
      '/api/cs/accountChange',
      await a.browser.fetch('/api/cs/accountChange', form({ kind: 'phone', content: '번호를 바꿨어요' })),
      200,
    );
    await expectDocumented(doc, 'GET', '/api/cs/accountChange-list', await a.browser.fetch('/api/cs/accountChange-list'), 200);
    await expectDocumented(doc, 'GET', '/api/admin/cs/account-changes', await staff.browser.fetch('/api/admin/cs/account-changes'), 200);
    await expectDocumented(
      doc,
      'PUT',
      '/api/admin/cs/account-changes/{id}',
      await staff.browser.json(`/api/admin/cs/account-changes/${change.id}`, { status: 'rejected', note: '서류가 필요합니다' }, 'PUT'),
      200,
    );
    await expectDocumented(doc, 'PUT', '/api/admin/cs/account-changes/{id}', await staff.browser.json(`/api/admin/cs/account-changes/${change.id}`, { status: 'done' }, 'PUT'), 404);
    await expectDocumented(doc, 'GET', '/static/{file}', await get('/static/youth-protection'), 200);
  });

  it('sign-in and sign-up in their published shapes, through the site and from the API itself (tokens)', async () => {
    const { loginId, password } = await signUpMember();
    const browser = new Browser();
    const ok = await expectDocumented<Record<string, unknown>>(doc, 'POST', '/v2/api/auth/signin', await browser.json('/v2/api/auth/signin', { loginId, password }), 200);
    expect(ok.access_token).toBeUndefined(); // the proxy moved it into a cookie
    const direct = await apiApp.request('/v2/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password, loginKeep: true }) }, env);
    const tokens = await expectDocumented<Record<string, unknown>>(doc, 'POST', '/v2/api/auth/signin', direct, 200);
    expect(typeof tokens.access_token).toBe('string');
    const form = (refreshToken: string) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ refreshToken }).toString() });
    const refreshed = await expectDocumented<Record<string, unknown>>(doc, 'POST', '/api/oauth/refresh', await apiApp.request('/api/oauth/refresh', form(tokens.refresh_token as string), env), 200);
    expect(refreshed.msg).toBe('SUCCESS');
    const bearer = { authorization: `Bearer ${refreshed.access_token as string}`, 'content-type': 'application/json' };
    await expectDocumented(doc, 'POST', '/api/oauth/generate', await apiApp.request('/api/oauth/generate', { method: 'POST', headers: bearer, body: JSON.stringify({ userId: loginId }) }, env), 200);

    const wrong = await expectDocumented<{ msg: string; message: string }>(
      doc,
      'POST',
      '/v2/api/auth/signin',
      await new Browser().json('/v2/api/auth/signin', { loginId, password: 'wrong-pass-1' }),
      401,
    );
    expect(wrong).toMatchObject({ msg: 'UNAUTHORIZED', message: '' });
    const taken = await expectDocumented<{ data: { field: string } }>(
      doc,
      'POST',
      '/api/auth/signup',
      await new Browser().json('/api/auth/signup', { loginId, password: 'Passw0rd!', nickname: '다른닉', terms: 'essential' }),
      409,
    );
    expect(taken.data.field).toBe('loginId');
    await expectDocumented(doc, 'POST', '/api/auth/signup', await new Browser().json('/api/auth/signup', { loginId: 'abc', password: 1 }), 400);
    await expectDocumented(doc, 'POST', '/api/oauth/refresh', await apiApp.request('/api/oauth/refresh', form('no-such-token'), env), 401);
  });

  it('each error shape: not found, bad request with fields, no session, staff only, maintenance', async () => {
    await expectDocumented(doc, 'GET', '/api/channels/{id}/channel-page', await get('/api/channels/999999/channel-page'), 404);
    const bad = await expectDocumented<{ error: { code: string; fields: Record<string, string> } }>(
      doc,
      'GET',
      '/api/channels/{id}/live-time',
      await get('/api/channels/5/live-time?option=year'),
      400,
    );
    expect(bad.error).toMatchObject({ code: 'BAD_REQUEST', fields: { option: 'invalid_value' } });
    const none = await expectDocumented<{ error: { code: string } }>(doc, 'GET', '/api/my/profile', await get('/api/my/profile'), 401);
    expect(none.error.code).toBe('SESSION_INVALID');
    const member = await signUpMember();
    await expectDocumented(doc, 'PUT', '/api/admin/channeling-switching', await member.browser.json('/api/admin/channeling-switching', { broadcasting: false }, 'PUT'), 403);
    await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?")
      .bind(await memberIdOf(member.loginId))
      .run();
    await expectDocumented(doc, 'PUT', '/api/admin/channeling-switching', await member.browser.json('/api/admin/channeling-switching', { broadcasting: true }, 'PUT'), 200);
    const channel = await insertChannel();
    await expectDocumented(doc, 'POST', '/api/guest/chat-ticket', await new Browser().json('/api/guest/chat-ticket', { room: String(channel.id) }), 200);
    await expectDocumented(doc, 'POST', '/api/partners', await new Browser().json('/api/partners', { partnerCode: 'nobody' }), 404);

    await setFlags({ maintenance: true, emergency: false });
    const down = await expectDocumented<{ error: { code: string } }>(doc, 'GET', '/api/guest/banners', await get('/api/guest/banners'), 503);
    expect(down.error.code).toBe('SERVICE_UNAVAILABLE');
    await expectDocumented(doc, 'GET', '/v2/api/guest/timeCheck', await get('/v2/api/guest/timeCheck'), 200);
  });
});

describe('GET /docs/api: the reference page', () => {
  it("answers HTML naming every operation with its own anchor, headings in the visitor's language", async () => {
    const res = await get('/docs/api');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('<html lang="ko">');
    expect(page).toContain(`<h1>${ko.apiDocs.title}</h1>`);
    const entries = operationsOf(doc);
    for (const { method, path, anchor } of entries) {
      expect(page, `${method} ${path}`).toMatch(
        new RegExp(
          `<section class="op" id="${anchor}" aria-labelledby="${anchor}-h">\\s*<h3 id="${anchor}-h"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</code></h3>`,
        ),
      );
      expect(page, `${method} ${path}: table of contents`).toContain(`<a href="#${anchor}">`);
    }
    for (const key of ['parameters', 'requestBody', 'responses'] as const) expect(page).toContain(`<h4>${ko.apiDocs[key]}</h4>`);
    expect(page).toContain(`<h2 id="schemas">${ko.apiDocs.schemas}</h2>`);
    expect(page).toContain('href="#main"');
    expect(page).toContain('href="/openapi.json"');
    expect(page).not.toMatch(/<script|https?:\/\/(cdn|unpkg|jsdelivr)/);

    const english = await (await get('/docs/api', { headers: { 'accept-language': 'en' } })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<h4>${en.apiDocs.parameters}</h4>`);
    expect(english).toContain(`<h4>${en.apiDocs.responses}</h4>`);
  });
});
