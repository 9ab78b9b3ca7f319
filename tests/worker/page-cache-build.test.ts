// The edge page cache keeps a guest's page per build (src/pages/guest-cache.ts keysOf): a copy kept by the last
// build names its messages module (scripts/build-client.mjs) and was rendered by its code, both gone once a new
// build is served, so a new build must not get it. Two builds are stood in for by two assets bindings whose
// manifests (assets/preload.json) differ; everything else is the built one.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { propsOf } from './helpers';
import { uniqueTag } from './unique';

/** The build's assets, but with a manifest naming another build and another messages module. */
function assetsOfBuild(build: string): Fetcher {
  return {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== '/assets/preload.json') return env.ASSETS.fetch(input, init);
      const manifest = (await (await env.ASSETS.fetch(input, init)).json()) as Record<string, unknown>;
      return Response.json({ ...manifest, build, messages: { ko: `/assets/messages-ko-${build}.js` } });
    },
    connect: env.ASSETS.connect.bind(env.ASSETS),
  } as Fetcher;
}

describe('the edge page cache across builds', () => {
  it('keeps a copy per build: a new build renders its own instead of serving the last one’s', async () => {
    const [a, b] = [`a${uniqueTag()}`, `b${uniqueTag()}`]; // builds no earlier run kept a copy for
    const older = { ...env, ASSETS: assetsOfBuild(a) };
    const newer = { ...env, ASSETS: assetsOfBuild(b) };
    const path = 'http://flex.localhost/';
    const first = await app.request(path, { headers: { 'accept-language': 'ko-KR' } }, older);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(propsOf(await first.text()).messagesUrl).toBe(`/assets/messages-ko-${a}.js`);
    const again = await app.request(path, { headers: { 'accept-language': 'ko-KR' } }, older);
    expect(again.headers.get('x-edge-cache')).toBe('HIT');

    const next = await app.request(path, { headers: { 'accept-language': 'ko-KR' } }, newer);
    expect(next.headers.get('x-edge-cache')).toBe('MISS');
    expect(propsOf(await next.text()).messagesUrl).toBe(`/assets/messages-ko-${b}.js`);
  });
});
