import { createMiddleware } from 'hono/factory';
import { callerLocale } from '../lib/caller-locale';
import { Refusal } from '../lib/errors';
import { QUERY_MAX_CHARS } from '../shared/request-limits';

/**
 * A query string within QUERY_MAX_CHARS on every edge route, /live and /chat included (docs/security.md, "Limits"), so it runs first.
 * Its refusal speaks the caller's language (callerLocale: X-Locale, else Accept-Language), as /live and /chat do.
 */
export const queryLimit = () =>
  createMiddleware(async function queryLimit(c, next) {
    if (new URL(c.req.url).search.length <= QUERY_MAX_CHARS) return next();
    await callerLocale()(c, async () => {
      throw new Refusal(414, 'QUERY_TOO_LONG', 'security.queryTooLong');
    });
  });
