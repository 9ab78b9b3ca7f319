import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { apiError } from '../lib/errors';
import { ingest } from './ingest';
import { playback } from './playback';

/**
 * Everything under /live. Mounted before brand, locale and the maintenance gate: segment traffic costs
 * no KV reads, and video keeps flowing during maintenance. Errors are JSON in the caller's language
 * (Accept-Language), as in the API.
 */
export const live = new Hono<AppEnv>()
  .use(async function liveHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // Public streams may be played from any origin; restricted ones (no CORS header) stay same-origin.
    const isPublic = c.res.headers.get('Access-Control-Allow-Origin') === '*';
    c.header('Cross-Origin-Resource-Policy', isPublic ? 'cross-origin' : 'same-origin');
  })
  .all('/ingest/*', ingest)
  .route('/', playback)
  .all('*', (c) => apiError(c, 404, 'NOT_FOUND', 'live.notFound'));
