import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { callApi } from './upstream';

/** Paths the browser and native apps call through us (SPEC §7). */
export const PROXIED_PREFIXES = ['/api/', '/v2/api/', '/v3/api/', '/v4/api/', '/static/'] as const;

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'set-cookie'];

/** Forward one browser request to the API and hand back its answer. */
export async function proxy(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const method = c.req.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const upstream = await callApi(c, url.pathname + url.search, {
    method,
    headers: c.req.raw.headers,
    body: hasBody ? await c.req.raw.arrayBuffer() : undefined,
  });
  const headers = new Headers(upstream.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  headers.set('cache-control', headers.get('cache-control') ?? 'no-store');
  return new Response(upstream.body, { status: upstream.status, headers });
}
