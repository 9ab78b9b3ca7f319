import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';

/** Public video may be played from any origin (native apps, partner players); a restricted answer removes the header. */
export const anyOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('access-control-allow-origin', '*');
  await next();
};

/** A file out of R2 at `key` (a segment, an init segment, a picture), as `contentType`, cached by `cacheControl`. */
export async function storedFile(c: Context<AppEnv>, key: string, contentType: string, cacheControl: string): Promise<Response> {
  const object = c.req.method === 'HEAD' ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
  if (!object) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  c.header('content-type', contentType);
  c.header('content-length', String(object.size));
  c.header('cache-control', cacheControl);
  c.header('etag', object.httpEtag);
  return 'body' in object ? c.body((object as R2ObjectBody).body) : c.body(null);
}
