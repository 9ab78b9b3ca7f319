import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { get, propsOf } from './helpers';

describe('server rendering', () => {
  // The document is rendered in one pass (src/render/respond.ts says why streaming was measured and
  // dropped): what is checked is the whole document, head to hydration props.
  it('renders a whole document with brand SEO and hydration props', async () => {
    const res = await get('/', { host: 'live.localhost' });
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta name="description" content="LiveOn — 지금 가장 뜨거운 라이브.');
    expect(html).toContain('<meta name="keywords" content="LiveOn, 라이브, 코인"/>');
    expect(html).toContain('<link rel="manifest" href="/manifest.json"/>');
    // The client starts from the boot script once the page has painted (src/render/document.tsx), not from a module script in the head.
    expect(html).toMatch(/<script nonce="[A-Za-z0-9+/=]{20,}" data-main="\/assets\/main.js" data-preload="[^"]*">\(function \(s\) \{/);
    expect(html).not.toContain('<script type="module"');
    const props = propsOf(html);
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['me', 'isMobile', 'appType', 'appVersion', 'locale', 'messagesUrl', 'query']));
    expect(props.me).toBeNull();
    // The messages travel by URL, not in the page (npm test builds the client first, which writes their modules):
    // the locale's module, named by its content's hash, hinted first so the browser fetches it with main.js.
    expect(props).not.toHaveProperty('messages');
    expect(props.messagesUrl).toMatch(/^\/assets\/messages-ko-[0-9a-f]{10}\.js$/);
    expect(props.build).toMatch(/^[0-9a-f]{12}$/); // the build's name: the client loads a page of another build whole
    expect(html).toContain(`data-preload="${props.messagesUrl} `);
    // Assets are served before the Worker (wrangler.toml's run_worker_first leaves /assets/ out); SELF only reaches the Worker.
    const module = await env.ASSETS.fetch(`https://assets.local${props.messagesUrl as string}`);
    expect(module.headers.get('content-type')).toContain('javascript');
    const source = await module.text();
    expect(source.startsWith('export default JSON.parse(')).toBe(true);
    expect(JSON.parse(JSON.parse(source.slice('export default JSON.parse('.length, source.lastIndexOf(')')))).home.liveNow).toBe('지금 라이브');
    // The whole document, with its brand, text and props, is a fraction of the messages it once carried (the lives it
    // lists are those other files of this lane left open, so its size is bounded by the messages', not a number).
    expect(html.length).toBeLessThan(source.length / 2);
  });

  it("names each locale its own messages module, in the document and in an in-app navigation's props", async () => {
    const urls = new Set<string>();
    for (const [language, locale] of [
      ['ko-KR', 'ko'],
      ['en-US', 'en'],
      ['zh-CN', 'zh'],
      ['ja-JP', 'ja'],
      ['th-TH', 'th'],
    ] as const) {
      const documentProps = propsOf(await (await get('/signin', { headers: { 'accept-language': language } })).text());
      const json = (await (await get('/signin', { headers: { 'accept-language': language, 'x-page-props': '1' } })).json()) as Record<string, unknown>;
      expect(documentProps.locale).toBe(locale);
      expect(documentProps.messagesUrl).toMatch(new RegExp(`^/assets/messages-${locale}-[0-9a-f]{10}\\.js$`));
      expect(json.messagesUrl).toBe(documentProps.messagesUrl);
      expect(json.build).toBe(documentProps.build);
      expect(json).not.toHaveProperty('messages');
      urls.add(documentProps.messagesUrl as string);
    }
    expect(urls.size).toBe(5);
  });

  it('says coin on the live brand and bell elsewhere', async () => {
    expect(await (await get('/', { host: 'live.localhost' })).text()).toContain('코인을 선물');
    expect(await (await get('/', { host: 'shell.localhost' })).text()).toContain('벨을 선물');
  });

  it('answers the same props as JSON for in-app navigation', async () => {
    const res = await get('/?tab=1', { headers: { 'x-page-props': '1' } });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('vary')).toContain('X-Page-Props');
    const props = (await res.json()) as { page: string; path: string; query: Record<string, string> };
    expect(props).toMatchObject({ page: 'HOME', path: '/?tab=1', query: { tab: '1' } });
  });

  it('cannot be broken out of by a hostile query', async () => {
    const html = await (await get(`/?q=${encodeURIComponent('</script><script>alert(1)</script>')}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(propsOf(html).query).toEqual({ q: '</script><script>alert(1)</script>' });
  });

  it('bounds the query it echoes into the page', async () => {
    // Within the query's length limit (request-limits.ts): 30 keys, the first with a 1,500-character value.
    const many = [`k0=${'v'.repeat(1500)}`, ...Array.from({ length: 29 }, (_, i) => `k${i + 1}=v`)].join('&');
    const props = propsOf(await (await get(`/?${many}`)).text());
    const query = props.query as Record<string, string>;
    expect(Object.keys(query)).toHaveLength(20);
    expect(query.k0).toHaveLength(200);
    // Past it, the page is not rendered at all.
    expect((await get(`/?k=${'v'.repeat(3000)}`)).status).toBe(414);
  });

  it('renders a localized 404 page', async () => {
    const res = await get('/no/such/page', { cookie: 'flx_locale=en' });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(propsOf(html).page).toBe('NOT_FOUND');
  });

  it('renders the sign-in page with a safe callbackURL only', async () => {
    const ok = propsOf(await (await get('/signin?callbackURL=%2Fchannel%2F3')).text());
    expect((ok.data as { callbackURL: string }).callbackURL).toBe('/channel/3');
    const evil = propsOf(await (await get('/signin?callbackURL=https%3A%2F%2Fevil.example')).text());
    expect((evil.data as { callbackURL: string | null }).callbackURL).toBeNull();
  });
});

describe('manifest', () => {
  it('describes each brand', async () => {
    const res = await SELF.fetch('http://bread.localhost:8787/manifest.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: '빵TV', theme_color: '#9c5418', start_url: '/', scope: '/' });
  });
});

describe('favicon', () => {
  it("sends /favicon.ico (asked by browsers for a document without an icon) to each brand's own icon", async () => {
    for (const host of ['flex.localhost', 'bread.localhost']) {
      const page = await (await SELF.fetch(`http://${host}:8787/`)).text();
      const icon = /<link rel="icon" href="([^"]+)"/.exec(page)![1];
      const res = await SELF.fetch(`http://${host}:8787/favicon.ico`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(icon);
    }
  });
});
