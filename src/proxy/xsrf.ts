import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { XSRF_COOKIE, XSRF_HEADER } from '../shared/account-api';
import { setBrandCookie } from '../lib/cookies';
import { hmacSign, hmacVerify } from '../lib/crypto';

/**
 * The XSRF token: an HMAC of this browser's device id (flx_uuid) under the server secret. The page reads
 * it from the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN; another site can neither read nor forge it.
 */
export async function xsrfToken(secret: string, deviceId: string): Promise<string> {
  return hmacSign(secret, `xsrf:${deviceId}`);
}

/** Give the page its XSRF cookie (readable by script by design) when it lacks the right one. */
export async function ensureXsrfCookie(c: Context<AppEnv>): Promise<void> {
  const expected = await xsrfToken(c.env.JWT_SECRET, c.var.deviceId);
  if (getCookie(c, XSRF_COOKIE) !== expected) setBrandCookie(c, XSRF_COOKIE, expected);
}

export async function xsrfValid(c: Context<AppEnv>): Promise<boolean> {
  const sent = c.req.header(XSRF_HEADER);
  if (!sent) return false;
  return hmacVerify(c.env.JWT_SECRET, `xsrf:${c.var.deviceId}`, sent);
}
