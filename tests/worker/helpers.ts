import { SELF, env } from 'cloudflare:test';
import { clearAllCaches } from '../../src/lib/ttl-cache';

export const ORIGIN = 'http://localhost:8787';

/** A request to the Worker as a browser on `host` would send it. */
export function get(path: string, { host = 'flex.localhost', headers = {} as Record<string, string>, cookie }: { host?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  return SELF.fetch(`http://${host}:8787${path}`, {
    redirect: 'manual',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

export async function setFlags(flags: { maintenance: boolean; emergency: boolean }): Promise<void> {
  await env.CONFIG.put('flags', JSON.stringify(flags));
  clearAllCaches();
}

/** All Set-Cookie headers of a response, by cookie name. */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    out[name] = line;
  }
  return out;
}

/** The page props a rendered page carries for hydration. */
export function propsOf(html: string): Record<string, unknown> {
  const match = /<script id="__PROPS__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no props in page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}
