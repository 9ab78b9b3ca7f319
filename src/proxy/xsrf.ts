import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { XSRF_COOKIE, XSRF_HEADER } from '../shared/account-api';
import { setBrandCookie } from '../lib/cookies';

const encoder = new TextEncoder();

/**
 * The XSRF token: an HMAC of this browser's device id (flx_uuid) under the server secret. The page reads
 * it from the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN; another site can neither read nor forge it.
 */
let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null;

/** The HMAC key, imported once per isolate (every request computes a token). */
function hmacKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  }
  return cachedKey.key;
}

export async function xsrfToken(secret: string, deviceId: string): Promise<string> {
  const key = await hmacKey(secret);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`xsrf:${deviceId}`)));
  return btoa(String.fromCharCode(...mac)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Give the page its XSRF cookie (readable by script by design) when it lacks the right one. */
export async function ensureXsrfCookie(c: Context<AppEnv>): Promise<void> {
  const expected = await xsrfToken(c.env.JWT_SECRET, c.var.deviceId);
  if (getCookie(c, XSRF_COOKIE) !== expected) setBrandCookie(c, XSRF_COOKIE, expected);
}

export async function xsrfValid(c: Context<AppEnv>): Promise<boolean> {
  const sent = c.req.header(XSRF_HEADER);
  if (!sent) return false;
  const expected = await xsrfToken(c.env.JWT_SECRET, c.var.deviceId);
  const a = encoder.encode(sent);
  const b = encoder.encode(expected);
  return a.length === b.length && crypto.subtle.timingSafeEqual(a, b);
}
