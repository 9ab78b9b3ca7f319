import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/env';
import { cookieDomainFor, getRegistry, resolveBrand } from '../brands/registry';

/** Resolve the brand from the Host header (KV read at most once per isolate per minute). */
export const brand = () =>
  createMiddleware<AppEnv>(async function brand(c, next) {
    const registry = await getRegistry(c.env.CONFIG);
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const resolved = resolveBrand(registry, host);
    c.set('brand', resolved);
    c.set('cookieDomain', cookieDomainFor(resolved, host));
    await next();
  });
