import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/env';
import { ensureXsrfCookie } from '../proxy/xsrf';

/** Every response carries the page's XSRF cookie when it lacks the right one (see proxy/xsrf.ts). */
export const xsrfCookie = () =>
  createMiddleware<AppEnv>(async function xsrfCookie(c, next) {
    await ensureXsrfCookie(c);
    await next();
  });
