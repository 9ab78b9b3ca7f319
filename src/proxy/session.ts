import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { COOKIE, SECONDS } from '../shared/constants';
import { clearBrandCookie, setBrandCookie } from '../lib/cookies';
import { callApi } from './upstream';

/** Token fields the API puts in a body; the proxy moves them into HttpOnly cookies and drops them. */
interface TokenFields {
  access_token?: string;
  refresh_token?: string;
  refresh_max_age?: number;
  login_keep?: boolean;
  expires_in?: number;
  save_id?: boolean;
}

export function hasTokens(body: unknown): body is TokenFields & Record<string, unknown> {
  return !!body && typeof body === 'object' && typeof (body as TokenFields).access_token === 'string' && typeof (body as TokenFields).refresh_token === 'string';
}

export function withoutTokens(body: TokenFields & Record<string, unknown>): Record<string, unknown> {
  const { access_token: _a, refresh_token: _r, refresh_max_age: _m, login_keep: _k, expires_in: _e, save_id: _s, ...rest } = body;
  return rest;
}

/** Set the session cookies from a token response and return the body without the tokens. */
export function storeTokens(c: Context<AppEnv>, body: TokenFields & Record<string, unknown>): Record<string, unknown> {
  const { access_token, refresh_token, refresh_max_age, login_keep } = body;
  // 'keep login' makes the cookies outlive the browser session; otherwise they end with it.
  const lifetime = login_keep && refresh_max_age ? { maxAge: refresh_max_age } : {};
  setBrandCookie(c, COOKIE.access, access_token!, { httpOnly: true, ...lifetime });
  setBrandCookie(c, COOKIE.refresh, refresh_token!, { httpOnly: true, ...lifetime });
  c.set('loggedIn', true);
  return withoutTokens(body);
}

export function rememberLoginId(c: Context<AppEnv>, loginId: string, save: boolean): void {
  if (save) setBrandCookie(c, COOKIE.savedLoginId, loginId, { maxAge: SECONDS.year });
  else clearBrandCookie(c, COOKIE.savedLoginId);
}

export function clearSession(c: Context<AppEnv>): void {
  clearBrandCookie(c, COOKIE.access);
  clearBrandCookie(c, COOKIE.refresh);
  c.set('loggedIn', false);
}

/** Trade the refresh cookie for new tokens (cookies set on this response); the new access token, or null. */
export async function refreshTokens(c: Context<AppEnv>): Promise<string | null> {
  const refreshToken = getCookie(c, COOKIE.refresh);
  if (!refreshToken) return null;
  const res = await callApi(c, '/api/oauth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ refreshToken }).toString(),
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !hasTokens(body)) return null;
  const access = body.access_token!;
  storeTokens(c, body);
  return access;
}

/**
 * Call the API as the signed-in member: on a 401, refresh once and retry; when the refresh fails too,
 * the session is over and its cookies are cleared.
 */
export async function callAsMember(c: Context<AppEnv>, path: string, init: RequestInit = {}): Promise<Response> {
  const first = await callApi(c, path, init);
  if (first.status !== 401 || !c.var.loggedIn) return first;
  const access = await refreshTokens(c);
  if (!access) {
    clearSession(c);
    return first;
  }
  return callApi(c, path, init, access);
}
