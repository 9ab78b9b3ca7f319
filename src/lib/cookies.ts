import type { Context } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from './env';

/** Cookies on the brand's cookie domain: path /, SameSite=Lax, Secure except on plain-http localhost. */
export function setBrandCookie(c: Context<AppEnv>, name: string, value: string, options: CookieOptions = {}): void {
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, name, value, {
    path: '/',
    sameSite: 'Lax',
    secure,
    ...(c.var.cookieDomain ? { domain: c.var.cookieDomain } : {}),
    ...options,
  });
}

export function clearBrandCookie(c: Context<AppEnv>, name: string): void {
  deleteCookie(c, name, { path: '/', ...(c.var.cookieDomain ? { domain: c.var.cookieDomain } : {}) });
}
