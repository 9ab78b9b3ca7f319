// What the security sweep (tests/worker/security-*.test.ts) reads its routes from, and how it tells that nothing
// was written. Routes come from the routers themselves (the API's and the edge's `app.routes`) and from the published
// /openapi.json, so a route added tomorrow is swept without anyone listing it here.
import { createExecutionContext, env } from 'cloudflare:test';
import fc from 'fast-check';
import { expect } from 'vitest';
import { apiApp } from '../../src/api/app';
import { app } from '../../src/app';
import { STAFF_ONLY_REFUSAL } from '../../src/api/middleware/auth';
import { UNSAFE_METHODS, needsXsrf } from '../../src/shared/account-api';
import { type Browser, get } from './helpers';

export interface Route {
  method: string;
  /** Hono's form: /api/channels/:id/notices */
  path: string;
}

export type Access = 'member' | 'optional' | 'public';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface Operation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; $ref?: string }>;
}

export interface ApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const unique = (routes: Route[]) => [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];

/** Every route the embedded API answers (method and path), once each. */
export const apiRoutes = (): Route[] => unique(apiApp.routes.filter((r) => r.method !== 'ALL').map(({ method, path }) => ({ method, path })));

/** Every route the edge app answers itself (its pages and site resources), once each; ALL entries are middleware. */
export const edgeRoutes = (): Route[] => unique(app.routes.filter((r) => r.method !== 'ALL').map(({ method, path }) => ({ method, path })));

export const isUnsafe = (route: Route) => UNSAFE_METHODS.has(route.method);
export const label = (route: Route) => `${route.method} ${route.path}`;

/** Hono's `/a/:id` (with an optional `{regex}` or `?`) as OpenAPI's `/a/{id}`. */
const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

export async function fetchDoc(): Promise<ApiDoc> {
  const res = await get('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as ApiDoc;
}

export function operationOf(doc: ApiDoc, route: Route): Operation {
  const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${label(route)} is not in /openapi.json`);
  return op;
}

/** What the document says a call needs: a member's token, an optional one, or nothing. */
export function accessOf(doc: ApiDoc, route: Route): Access {
  const security = operationOf(doc, route).security ?? [];
  const bearer = security.some((s) => 'bearerAuth' in s);
  if (!bearer) return 'public';
  return security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'member';
}

/** Whether the document says only staff may call it (requireStaff's own refusal). */
export const isStaffOnly = (doc: ApiDoc, route: Route) => Object.values(operationOf(doc, route).responses ?? {}).some((r) => r.description === STAFF_ONLY_REFUSAL);

/** Values for path parameters and body fields, by name: the sweep points them at a victim's objects. */
export type Fill = Record<string, string | number>;

/** The path with its parameters filled: a parameter the document pins (a const or enum) gets that value. */
export function concretePath(doc: ApiDoc, route: Route, fill: Fill): string {
  const params = operationOf(doc, route).parameters ?? [];
  return route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, (_m, name: string) => {
    const schema = resolve(doc, params.find((p) => p.in === 'path' && p.name === name)?.schema ?? {});
    const pinned = schema.const ?? schema.enum?.[0];
    return encodeURIComponent(String(pinned ?? fill[name] ?? 1));
  });
}

function resolve(doc: ApiDoc, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc, doc.components?.schemas?.[name] ?? {});
}

/**
 * A JSON body the route's own schema accepts: required fields filled from `fill` by name, else the schema's const,
 * enum, default or a value of its type within its bounds (a string that matches its pattern and format). Gets calls
 * past validation to the rule that must refuse them (or, with `fill` naming real objects, to a write that is
 * allowed); the sweep judges by what was written, not by the status alone.
 */
export function bodyFor(doc: ApiDoc, route: Route, fill: Fill): { contentType: string; body: string } | null {
  const content = operationOf(doc, route).requestBody?.content ?? {};
  const [contentType] = Object.keys(content);
  if (!contentType) return null;
  const value = sample(doc, content[contentType]!.schema ?? {}, fill, '', 0);
  if (contentType === 'application/json') return { contentType, body: JSON.stringify(value ?? {}) };
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) form.set(k, String(v));
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}

function sample(doc: ApiDoc, raw: JsonSchema, fill: Fill, name: string, depth: number): unknown {
  const schema = resolve(doc, raw);
  if (depth > 6) return null;
  if (name in fill) return fill[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sample(doc, alternative, fill, name, depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sample(doc, s, fill, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(doc, schema.properties?.[key] ?? {}, fill, key, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(doc, schema.items ?? {}, fill, name, depth + 1));
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

/** A string of the schema's format, or one its pattern matches within its lengths (fast-check writes it). */
function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date') return '2000-01-01';
  if (schema.format === 'email') return 'sweep@example.com';
  if (schema.format === 'uuid') return crypto.randomUUID();
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/sweep';
  const min = Math.max(schema.minLength ?? 1, 1);
  const max = schema.maxLength ?? Math.max(min, 16);
  if (!schema.pattern) return 'x'.repeat(min);
  const pattern = new RegExp(schema.pattern);
  const fits = (v: string) => v.length >= min && v.length <= max && ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || /\s/.test(ch));
  const samples = fc.sample(fc.stringMatching(pattern), { numRuns: 200, seed: 17 }).filter(fits);
  // The simplest sample that fits: ASCII letters and digits where the pattern allows them.
  return samples.sort((a, b) => Number(/^[A-Za-z0-9]+$/.test(b)) - Number(/^[A-Za-z0-9]+$/.test(a)))[0] ?? 'x'.repeat(min);
}

/** Tables whose rows the sweep leaves out of "nothing written", each with why. */
export const UNJUDGED_TABLES = new Set([
  // The write-rate counter itself: counting a refused member's attempt is the limit working, not a write of theirs.
  'write_rates',
  // The error collector's reports (development only): a refused call is not one, but a sweep's own 4xx is not either.
  'error_reports',
]);

/** A digest of every D1 table's rows (but UNJUDGED_TABLES): equal digests mean nothing was written. */
export async function dbDigest(): Promise<Map<string, string>> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{
    name: string;
  }>();
  const out = new Map<string, string>();
  for (const { name } of results) {
    if (UNJUDGED_TABLES.has(name)) continue;
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).raw();
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
    out.set(name, [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''));
  }
  return out;
}

/** The tables whose rows differ between two digests. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after.keys()].filter((t) => before.get(t) !== after.get(t));

/** "none", or up to `max` entries and how many more. */
export function listed(items: string[], max = 6): string | number {
  if (items.length === 0) return 0;
  return items.length > max ? `${items.slice(0, max).join(', ')} (+${items.length - max})` : items.join(', ');
}

/**
 * Run `work` over `items`, `width` at a time, results in order: the sweep makes hundreds of calls, and one after
 * another they would hold the suite past its time budget.
 */
export async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>, width = 8): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return out;
}

/**
 * What Browser.fetch does (its cookies, the XSRF header unless `xsrf: false`), handed to the edge app in this isolate
 * rather than through SELF: the same Worker code, without the per-call cost that grows over hundreds of SELF calls.
 */
export async function viaApp(browser: Browser, path: string, init: RequestInit & { xsrf?: boolean } = {}): Promise<Response> {
  if (!browser.jar.has('flx_uuid')) await browser.open('/');
  const headers = new Headers(init.headers);
  headers.set('cookie', browser.cookie());
  const method = (init.method ?? 'GET').toUpperCase();
  if (init.xsrf !== false && needsXsrf(method, new URL(path, 'http://x').pathname) && browser.jar.has('XSRF-TOKEN')) headers.set('x-xsrf-token', browser.jar.get('XSRF-TOKEN')!);
  const { xsrf: _x, ...rest } = init;
  return app.fetch(new Request(`http://${browser.host}:8787${path}`, { ...rest, headers, redirect: 'manual' }), env, createExecutionContext());
}
