import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { callerLocale } from '../lib/caller-locale';
import { ingest } from './ingest';
import { playback } from './playback';
import { clipMedia } from './clip-media';

/**
 * Everything under /live. Mounted before brand, locale and the maintenance gate: segment traffic costs
 * no KV reads, and video keeps flowing during maintenance. Refusals are the API's envelope in the
 * caller's language (X-Locale, else Accept-Language).
 */
export const live = new Hono<AppEnv>()
  .use(callerLocale())
  .use(async function liveHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // Public streams may be played from any origin; restricted ones (no CORS header) stay same-origin.
    const isPublic = c.res.headers.get('Access-Control-Allow-Origin') === '*';
    c.header('Cross-Origin-Resource-Policy', isPublic ? 'cross-origin' : 'same-origin');
  })
  .all('/ingest/*', ingest)
  .route('/clips', clipMedia)
  .route('/', playback)
  .all('*', () => {
    throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  });
