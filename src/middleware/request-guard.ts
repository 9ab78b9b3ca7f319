import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { checkedBody } from '../lib/request-body';
import { UNSAFE_METHODS } from '../shared/account-api';
import { NICE_RETURN_PATH } from '../shared/constants';
import { LOCAL_COLLECTOR_PATH } from '../shared/release';

export interface RequestGuardOptions {
  /** Prefixes whose bodies the proxy reads itself, under the same limits (src/proxy/proxy.ts). */
  proxied: readonly string[];
  /** Unsafe calls other sites make by design: the identity provider's return, a PG's webhook, a partner's server. */
  crossSiteAllowed: (path: string) => boolean;
}

/** Posts that arrive from other origins by design, whatever the options add. */
const ALWAYS_CROSS_SITE = (path: string) => path === NICE_RETURN_PATH;

/**
 * What every edge request meets after brand and locale (docs/security.md, "CSRF" and "Limits"), besides the query limit (query-limit.ts): for
 * unsafe methods a same-origin source (a cross-site Origin, `Origin: null` or `Sec-Fetch-Site: cross-site` is
 * refused; the XSRF header stays the proxy's proof, this stops the edge's own form posts being forged), and a body
 * within the limits for the routes that read one here (the proxy and the error collector keep their own).
 */
export const requestGuard = (options: RequestGuardOptions) =>
  createMiddleware<AppEnv>(async function requestGuard(c, next) {
    const url = new URL(c.req.url);
    if (UNSAFE_METHODS.has(c.req.method)) {
      const path = url.pathname;
      if (!ALWAYS_CROSS_SITE(path) && !options.crossSiteAllowed(path) && isCrossSite(c.req.raw.headers, url.origin)) {
        throw new Refusal(403, 'CROSS_SITE', 'security.crossSite');
      }
      const ownBody = !options.proxied.some((prefix) => path.startsWith(prefix)) && !path.startsWith(`${LOCAL_COLLECTOR_PATH}/`);
      if (ownBody && c.req.raw.body) c.req.raw = new Request(c.req.raw, { body: await checkedBody(c.req.raw, c.env) });
    }
    await next();
  });

/** A request a page of another origin made: what browsers say of it (Origin, Sec-Fetch-Site); other clients say neither. */
function isCrossSite(headers: Headers, ownOrigin: string): boolean {
  if (headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = headers.get('origin');
  return origin !== null && origin !== ownOrigin;
}
