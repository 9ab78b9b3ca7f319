import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { COOKIE, SECONDS } from '../shared/constants';
import { clearBrandCookie, setBrandCookie } from '../lib/cookies';

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

/**
 * Set the session cookies from a token response and return the body without the tokens. The new access
 * token goes on the context too: later calls in this request speak with it (callerOf).
 */
export function storeTokens(c: Context<AppEnv>, body: TokenFields & Record<string, unknown>): Record<string, unknown> {
  const { access_token, refresh_token, refresh_max_age, login_keep } = body;
  // 'keep login' makes the cookies outlive the browser session; otherwise they end with it.
  const lifetime = login_keep && refresh_max_age ? { maxAge: refresh_max_age } : {};
  setBrandCookie(c, COOKIE.access, access_token!, { httpOnly: true, ...lifetime });
  setBrandCookie(c, COOKIE.refresh, refresh_token!, { httpOnly: true, ...lifetime });
  c.set('loggedIn', true);
  c.set('accessToken', access_token);
  return withoutTokens(body);
}

export function rememberLoginId(c: Context<AppEnv>, loginId: string, save: boolean): void {
  if (save) setBrandCookie(c, COOKIE.savedLoginId, loginId, { maxAge: SECONDS.year });
  else clearBrandCookie(c, COOKIE.savedLoginId);
}

export function clearSession(c: Context<AppEnv>): void {
  clearBrandCookie(c, COOKIE.access);
  clearBrandCookie(c, COOKIE.appAccess);
  clearBrandCookie(c, COOKIE.refresh);
  c.set('loggedIn', false);
  c.set('accessToken', undefined);
}
