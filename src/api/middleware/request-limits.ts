import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { Refusal } from '../../lib/errors';
import { checkedBody } from '../../lib/request-body';
import { QUERY_MAX_CHARS } from '../../shared/request-limits';
import { UNSAFE_METHODS } from '../../shared/account-api';

/**
 * Every API call within the request limits (src/shared/request-limits.ts): the query string's length, then for
 * unsafe methods the body's size, arrival time and JSON depth. The body is read here once and handed on as bytes,
 * so the routes' validators and uploadBody() read the same request as before.
 */
export const requestLimits = () =>
  createMiddleware<ApiEnv>(async function requestLimits(c, next) {
    if (new URL(c.req.url).search.length > QUERY_MAX_CHARS) throw new Refusal(414, 'QUERY_TOO_LONG', 'security.queryTooLong');
    if (UNSAFE_METHODS.has(c.req.method) && c.req.raw.body) {
      const body = await checkedBody(c.req.raw, c.env);
      c.req.raw = new Request(c.req.raw, { body });
    }
    await next();
  });
