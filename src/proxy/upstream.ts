import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { apiApp } from '../api';
import { CLIENT_HEADER, COOKIE } from '../shared/constants';

/** Raised when the API answers 503 to a server-side call (SPEC §8 SERVICE_UNAVAILABLE). */
export class ServiceUnavailableError extends Error {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor() {
    super('SERVICE_UNAVAILABLE');
  }
}

const INTERNAL_ORIGIN = 'https://api.internal';

function executionCtxOf(c: Context<AppEnv>): Context["executionCtx"] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in tests has none
  }
}

/**
 * Headers every upstream call carries: client marker, device id, locale, and the Bearer token
 * (`accessOverride` instead of the cookie's; null: none, the call asks as a guest would).
 */
export function upstreamHeaders(c: Context<AppEnv>, base?: HeadersInit, accessOverride?: string | null): Headers {
  const headers = new Headers(base);
  for (const name of ['cookie', 'host', 'x-partner-code', 'x-client-country', 'x-client-ip', 'x-device-id', 'x-locale']) headers.delete(name);
  headers.set(CLIENT_HEADER, c.var.appType === 'embedded' ? 'web-embedded' : 'web');
  headers.set('x-device-id', c.var.deviceId);
  headers.set('x-locale', c.var.locale);
  const partnerCode = getCookie(c, COOKIE.partnerCode);
  if (partnerCode) headers.set('x-partner-code', partnerCode);
  const country = (c.req.raw as { cf?: { country?: unknown } }).cf?.country;
  if (typeof country === 'string') headers.set('x-client-country', country);
  const ip = c.req.header('cf-connecting-ip');
  if (ip) headers.set('x-client-ip', ip);
  const access = accessOverride === null ? undefined : (accessOverride ?? getCookie(c, COOKIE.access));
  if ((accessOverride || c.var.loggedIn) && access) headers.set('authorization', `Bearer ${access}`);
  else headers.delete('authorization');
  return headers;
}

/**
 * Send a request to the API: in-process to the embedded API by default, or to API_ORIGIN when set.
 * The proxy is the only code that knows both sides.
 */
export function callApi(c: Context<AppEnv>, pathAndQuery: string, init: RequestInit = {}, accessOverride?: string | null): Promise<Response> {
  const headers = upstreamHeaders(c, init.headers, accessOverride);
  if (c.env.API_ORIGIN) {
    return fetch(new URL(pathAndQuery, c.env.API_ORIGIN), { ...init, headers, redirect: 'manual' });
  }
  const request = new Request(`${INTERNAL_ORIGIN}${pathAndQuery}`, { ...init, headers });
  return Promise.resolve(apiApp.fetch(request, c.env, executionCtxOf(c)));
}

/** A JSON call for server-side page loading; throws ServiceUnavailableError on 503. */
export async function apiJson<T>(c: Context<AppEnv>, pathAndQuery: string, init?: RequestInit): Promise<{ ok: boolean; status: number; body: T | null }> {
  const res = await callApi(c, pathAndQuery, init);
  if (res.status === 503) throw new ServiceUnavailableError();
  const body = (await res.json().catch(() => null)) as T | null;
  return { ok: res.ok, status: res.status, body };
}

export function waitUntil(c: Context<AppEnv>, promise: Promise<unknown>): void {
  const ctx = executionCtxOf(c);
  if (ctx) ctx.waitUntil(promise.catch((err) => console.warn('background call failed', err)));
  else promise.catch((err) => console.warn('background call failed', err));
}
