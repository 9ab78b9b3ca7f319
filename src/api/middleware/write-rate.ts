import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { Refusal } from '../../lib/errors';
import { UNSAFE_METHODS } from '../../shared/account-api';
import { admitWrite } from '../services/write-rate';
import { bearerSession } from './auth';

/**
 * The write rate per member on every unsafe call (WRITE_RATE, default 120 per 10 s): a signed-in caller past it gets
 * 429 with Retry-After until the window turns. Guests' writes (sign-in, SMS, sign-up) have their own, stricter limits.
 */
export const writeRate = () =>
  createMiddleware<ApiEnv>(async function writeRate(c, next) {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const session = await bearerSession(c);
      const verdict = session ? await admitWrite(c.env, session.memberId) : ({ ok: true } as const);
      if (!verdict.ok) {
        c.header('retry-after', String(verdict.retryAfter));
        throw new Refusal(429, 'WRITE_RATE_LIMITED', 'security.writeRateLimited');
      }
    }
    await next();
  });
