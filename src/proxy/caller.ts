import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import type { Locale } from '../shared/locales';
import { apiApp, type ApiSchema } from '../api';
import { routeUrl, type ApiMethod, type PathRequest, type RequestArgs, type RouteAnswer, type RoutePath, type RouteRequest } from '../shared/api-routes';
import { CLIENT_HEADER, COOKIE, type AppType } from '../shared/constants';
import { clearSession, hasTokens, storeTokens } from './session';
import { edgeClientAddress } from '../lib/client-address';
import { EDGE_HEADERS, signEdgeClient } from '../lib/edge-headers';
import { GUEST_PASS_HEADER } from '../lib/guest-pass';

/** Raised when the API answers 503 to a server-side call; the app's onError sends the page to maintenance. */
export class ServiceUnavailableError extends Error {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor() {
    super('SERVICE_UNAVAILABLE');
  }
}

/** Who the edge calls the API for: what every call tells the API about the requester. */
export interface Caller {
  deviceId: string;
  appType: AppType;
  locale: Locale;
  partnerCode?: string;
  country?: string;
  ip?: string;
  /** Sent as the Bearer token; without it the call asks as a guest. */
  access?: string;
  /** A guest's adult pass (HttpOnly cookie), sent as X-Guest-Pass; the API reads it only when no member signed in. */
  guestPass?: string;
  /** The site's origin (scheme and host the browser used): providers send people back there. */
  site?: string;
  /** The brand this site is (its id): the API's texts name its company. */
  brand?: string;
}

/** What the request itself says about where it comes from, before any edge middleware has run. */
export function requestOrigin(c: Context<AppEnv>): Pick<Caller, 'partnerCode' | 'country' | 'ip' | 'site'> {
  const country = (c.req.raw as { cf?: { country?: unknown } }).cf?.country;
  return {
    site: new URL(c.req.url).origin,
    partnerCode: getCookie(c, COOKIE.partnerCode),
    country: typeof country === 'string' ? country : undefined,
    // Cloudflare's CF-Connecting-IP only, never a header the client writes (src/lib/client-address.ts).
    ip: edgeClientAddress(c.req.raw.headers),
  };
}

/** The requester as the edge middleware knows them, with the member's current access token. */
export function callerOf(c: Context<AppEnv>): Caller {
  const guestPass = getCookie(c, COOKIE.guestPass);
  return { ...requestOrigin(c), brand: c.var.brand?.id, deviceId: c.var.deviceId, appType: c.var.appType, locale: c.var.locale, access: c.var.accessToken, guestPass };
}

/** The same requester asking as any guest would (no session, no adult pass). */
export const asGuest = (caller: Caller): Caller => ({ ...caller, access: undefined, guestPass: undefined });

const INTERNAL_ORIGIN = 'https://api.internal';
const EDGE_ONLY_HEADERS = ['cookie', 'host', 'authorization', GUEST_PASS_HEADER, ...Object.values(EDGE_HEADERS)];
const CLIENT_WRITABLE_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'true-client-ip', 'forwarded', 'cf-connecting-ip'];

function executionCtxOf(c: Context<AppEnv>): Context['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in tests has none
  }
}

/** The headers a call carries: `base` (a browser's own, when forwarding) with the caller's in place of anything it claims. */
function headersFor(caller: Caller, base?: HeadersInit): Headers {
  const headers = new Headers(base);
  // What only the edge may tell the API: a browser's or app's own copies of these never pass (nor do the
  // forwarding headers a client can write: the API reads none, and an API_ORIGIN server must not either).
  for (const name of [...EDGE_ONLY_HEADERS, ...CLIENT_WRITABLE_ADDRESS_HEADERS]) headers.delete(name);
  headers.set(CLIENT_HEADER, caller.appType === 'embedded' ? 'web-embedded' : 'web');
  headers.set('x-device-id', caller.deviceId);
  headers.set('x-locale', caller.locale);
  if (caller.access) headers.set('authorization', `Bearer ${caller.access}`);
  if (caller.guestPass) headers.set(GUEST_PASS_HEADER, caller.guestPass);
  return headers;
}

/**
 * Send a request to the API for `caller`: in-process to the embedded API by default, or to API_ORIGIN
 * when set. The edge reaches the API through here only.
 */
export async function callApi(c: Context<AppEnv>, caller: Caller, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = headersFor(caller, init.headers);
  const url = c.env.API_ORIGIN ? new URL(pathAndQuery, c.env.API_ORIGIN).href : `${INTERNAL_ORIGIN}${pathAndQuery}`;
  // Where the client is, the site and the partner, signed: the API believes them only with the edge's signature
  // (src/lib/edge-headers.ts).
  if (c.env.EDGE_HEADER_SECRET) await signEdgeClient(c.env.EDGE_HEADER_SECRET, headers, init.method ?? 'GET', url, caller);
  if (c.env.API_ORIGIN) return fetch(url, { ...init, headers, redirect: 'manual' });
  return apiApp.fetch(new Request(url, { ...init, headers }), c.env, executionCtxOf(c));
}

/** Trade the refresh cookie for new tokens; storeTokens sets the cookies and puts the access token on the context. */
async function refreshTokens(c: Context<AppEnv>): Promise<boolean> {
  const refreshToken = getCookie(c, COOKIE.refresh);
  if (!refreshToken) return false;
  const res = await callApi(c, callerOf(c), '/api/oauth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ refreshToken }).toString(),
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !hasTokens(body)) return false;
  storeTokens(c, body);
  return true;
}

/**
 * Call the API as the signed-in member: on a 401, refresh once and retry with the new token; when the
 * refresh fails too, the session is over and its cookies are cleared. Later calls in this request
 * (callerOf) speak with the refreshed token: the spent refresh token must not be tried again, since
 * reuse revokes the whole session family.
 */
export async function callAsMember(c: Context<AppEnv>, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const caller = callerOf(c);
  const first = await callApi(c, caller, pathAndQuery, init);
  if (first.status !== 401 || !caller.access) return first;
  if (!(await refreshTokens(c))) {
    clearSession(c);
    return first;
  }
  return callApi(c, callerOf(c), pathAndQuery, init);
}

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  /** Null when the answer is not JSON. */
  body: T | null;
}

/** A server-side call's answer; a 503 throws ServiceUnavailableError, which sends the page to maintenance. */
async function answerOf<T>(res: Response): Promise<ApiAnswer<T>> {
  if (res.status === 503) throw new ServiceUnavailableError();
  const body = (await res.json().catch(() => null)) as T | null;
  return { ok: res.ok, status: res.status, body };
}

/** A JSON call for `caller` (see answerOf). */
export async function apiJson<T>(c: Context<AppEnv>, caller: Caller, pathAndQuery: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  return answerOf<T>(await callApi(c, caller, pathAndQuery, init));
}

/** A JSON call as the signed-in member (see callAsMember and answerOf). */
export async function memberJson<T>(c: Context<AppEnv>, pathAndQuery: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  return answerOf<T>(await callAsMember(c, pathAndQuery, init));
}

/** The API's route patterns that answer `M` (src/api/api-type.ts; docs/architecture.md, "API contract"). */
export type ApiPath<M extends ApiMethod> = RoutePath<ApiSchema, M>;
/** What route `P` answers to `M` when it succeeds. */
export type RouteBody<M extends ApiMethod, P> = RouteAnswer<ApiSchema, M, P>;
/** What a call of route `P` gives: `param` (its `:name`s), `query`, `json`. */
export type RouteInput<M extends ApiMethod, P> = RouteRequest<ApiSchema, M, P>;
/** What a call of route `P` gives (`param`, `query`, `json`), and the call's extra headers. */
export type RouteArgs<M extends ApiMethod, P> = RequestArgs<RouteRequest<ApiSchema, M, P>, { headers?: Record<string, string> }>;

/**
 * The request of a route's call: its URL (routeUrl) and init; a GET without headers has no init, a JSON body is
 * sent as application/json.
 */
function routeRequest(method: ApiMethod, path: string, request: (PathRequest & { json?: unknown; headers?: Record<string, string> }) | undefined): [string, RequestInit | undefined] {
  const { json, headers, ...url } = request ?? {};
  const target = routeUrl(path, url);
  if (json !== undefined) return [target, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) }];
  if (method === 'GET') return [target, headers ? { headers } : undefined];
  return [target, { method, ...(headers ? { headers } : {}) }];
}

/** apiJson typed by the route it calls: a path, parameter or answer field the API does not have is a type error. */
export function routeJson<M extends ApiMethod, P extends ApiPath<M>>(c: Context<AppEnv>, caller: Caller, method: M, path: P, ...request: RouteArgs<M, P>): Promise<ApiAnswer<RouteBody<M, P>>> {
  return apiJson<RouteBody<M, P>>(c, caller, ...routeRequest(method, path, request[0]));
}

/** memberJson typed by the route it calls (see routeJson). */
export function memberRouteJson<M extends ApiMethod, P extends ApiPath<M>>(c: Context<AppEnv>, method: M, path: P, ...request: RouteArgs<M, P>): Promise<ApiAnswer<RouteBody<M, P>>> {
  return memberJson<RouteBody<M, P>>(c, ...routeRequest(method, path, request[0]));
}

export function waitUntil(c: Context<AppEnv>, promise: Promise<unknown>): void {
  const ctx = executionCtxOf(c);
  if (ctx) ctx.waitUntil(promise.catch((err) => console.warn('background call failed', err)));
  else promise.catch((err) => console.warn('background call failed', err));
}
