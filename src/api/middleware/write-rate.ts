import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { Refusal } from '../../lib/errors';
import { UNSAFE_METHODS } from '../../shared/account-api';
import { admitWrite } from '../services/write-rate';
import { bearerClaims, settleBearerSession } from './auth';

/**
 * The write rate per member on every unsafe call (WRITE_RATE, default 120 per 10 s): a signed-in caller past it gets
 * 429 with Retry-After until the window turns. Guests' writes (sign-in, SMS, sign-up) have their own, stricter limits.
 * The one statement that counts the write also checks that the token's session was not revoked, so a write's session
 * costs no second D1 call: the route's requireMember() then reuses the settled session.
 */
export const writeRate = () =>
  createMiddleware<ApiEnv>(async function writeRate(c, next) {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const claims = await bearerClaims(c);
      if (claims) {
        const verdict = await admitWrite(c.env, claims);
        settleBearerSession(c, 'revoked' in verdict ? null : claims);
        if ('retryAfter' in verdict) {
          c.header('retry-after', String(verdict.retryAfter));
          throw new Refusal(429, 'WRITE_RATE_LIMITED', 'security.writeRateLimited');
        }
      } else settleBearerSession(c, null);
    }
    await next();
  });
