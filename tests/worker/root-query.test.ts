import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Browser, get, propsOf, setCookies, signUpMember } from './helpers';

const NATIVE_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile FlexLiveApp/3.2';

async function visits(table: 'partner_visits' | 'pincrux_visits', deviceId: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM ${table} WHERE device_id = ?`).bind(deviceId).all();
  return results;
}

describe('flx_uuid', () => {
  it('gives a new visitor 10 hex characters for 10800 s', async () => {
    const cookie = setCookies(await get('/')).flx_uuid!;
    expect(cookie).toMatch(/^flx_uuid=[0-9a-f]{10}; Max-Age=10800; Path=\/; SameSite=Lax$/);
  });

  it('keeps a valid id and replaces a malformed one', async () => {
    expect(setCookies(await get('/', { cookie: 'flx_uuid=0123abcdef' })).flx_uuid).toBeUndefined();
    expect(setCookies(await get('/', { cookie: 'flx_uuid=../../etc' })).flx_uuid).toMatch(/^flx_uuid=[0-9a-f]{10};/);
  });
});

describe('app type', () => {
  it('is main in a browser and embedded inside the native wrapper', async () => {
    const browser = propsOf(await (await get('/')).text());
    expect(browser).toMatchObject({ appType: 'main', appVersion: null, isMobile: false });
    const native = propsOf(await (await get('/', { headers: { 'user-agent': NATIVE_UA } })).text());
    expect(native).toMatchObject({ appType: 'embedded', appVersion: 3.2, isMobile: true });
  });

  it('takes ?app= when it names a known type and ignores garbage', async () => {
    expect(propsOf(await (await get('/?app=embedded')).text()).appType).toBe('embedded');
    expect(propsOf(await (await get('/?app=%00%FF')).text()).appType).toBe('main');
  });

  it('re-sets the access cookie on the brand domain with path / in the embedded type', async () => {
    const { browser } = await signUpMember(new Browser('www.flextv.example'));
    const access = browser.jar.get('flx_oauth_access')!;
    const res = await get('/', { host: 'www.flextv.example', headers: { 'user-agent': NATIVE_UA }, cookie: browser.cookie() });
    const cookie = setCookies(res).flx_oauth_access!;
    expect(cookie).toContain(`flx_oauth_access=${access}`);
    expect(cookie).toContain('Domain=flextv.example');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    // and the app's own copy of the token, the same way
    const app = setCookies(res).flx_app_access!;
    expect(app).toContain(`flx_app_access=${access}`);
    expect(app).toContain('Domain=flextv.example');
    expect(app).toContain('Path=/');
    expect(app).toContain('HttpOnly');
    // not in a plain browser, and never for the "no token" value; a forged token is cleared instead
    expect(setCookies(await get('/', { cookie: browser.cookie() })).flx_oauth_access).toBeUndefined();
    expect(setCookies(await get('/', { cookie: browser.cookie() })).flx_app_access).toBeUndefined();
    expect(setCookies(await get('/?app=embedded', { cookie: 'flx_oauth_access=noAccessToken' })).flx_oauth_access).toBeUndefined();
    const forged = setCookies(await get('/?app=embedded', { cookie: 'flx_oauth_access=tok.en.value' }));
    expect(forged.flx_oauth_access).toMatch(/^flx_oauth_access=; Max-Age=0/);
    expect(forged.flx_app_access).toMatch(/^flx_app_access=; Max-Age=0/);
  });
});

describe('partner code', () => {
  it('registers a known code for a guest and remembers it in a cookie', async () => {
    const res = await get('/?partnerCode=toptoon', { cookie: 'flx_uuid=aaaaaaaaa1' });
    expect(res.status).toBe(200);
    expect(setCookies(res).partner_code).toMatch(/^partner_code=toptoon; Max-Age=31536000;/);
    expect(await visits('partner_visits', 'aaaaaaaaa1')).toEqual([expect.objectContaining({ partner_code: 'toptoon' })]);
  });

  it('ignores an unknown or malformed code and writes nothing', async () => {
    for (const code of ['nobody', "x' OR 1=1 --", 'a'.repeat(500)]) {
      const res = await get(`/?partnerCode=${encodeURIComponent(code)}`, { cookie: 'flx_uuid=aaaaaaaaa2' });
      expect(res.status).toBe(200);
      expect(setCookies(res).partner_code).toBeUndefined();
    }
    expect(await visits('partner_visits', 'aaaaaaaaa2')).toEqual([]);
  });

  it('does not register while someone is logged in', async () => {
    const res = await get('/?partnerCode=toptoon', { cookie: 'flx_uuid=aaaaaaaaa3; flx_oauth_access=tok' });
    expect(setCookies(res).partner_code).toBeUndefined();
    expect(await visits('partner_visits', 'aaaaaaaaa3')).toEqual([]);
  });

  it('is answered by POST /api/partners, with a clear error for bad input', async () => {
    const browser = new Browser();
    await browser.open('/?x=1');
    const post = (body: string) => browser.fetch('/api/partners', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body });
    expect((await post('{"partnerCode":"campus"}')).status).toBe(200);
    const unknown = await post('{"partnerCode":"ghost"}');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe('That partner code is not registered.');
    for (const bad of ['{"partnerCode":42}', '{}', 'not json', '{"partnerCode":"a b"}']) {
      const res = await post(bad);
      expect(res.status).toBe(400);
    }
  });
});

describe('appkey and pinkey', () => {
  it('registers the pair when both are present and no partner cookie exists', async () => {
    const res = await get('/?appkey=APP1&pinkey=PIN1', { cookie: 'flx_uuid=bbbbbbbbb1' });
    const cookies = setCookies(res);
    expect(cookies.pinc_appkey).toMatch(/^pinc_appkey=APP1;/);
    expect(cookies.pinc_pinkey).toMatch(/^pinc_pinkey=PIN1;/);
    expect(await visits('pincrux_visits', 'bbbbbbbbb1')).toEqual([expect.objectContaining({ appkey: 'APP1', pinkey: 'PIN1' })]);
  });

  it('does nothing with only one of them, or when a partner cookie exists', async () => {
    for (const [query, cookie] of [
      ['?appkey=APP2', 'flx_uuid=bbbbbbbbb2'],
      ['?pinkey=PIN2', 'flx_uuid=bbbbbbbbb2'],
      ['?appkey=APP2&pinkey=PIN2', 'flx_uuid=bbbbbbbbb2; pinc_pinkey=OLD'],
      ['?appkey=APP2&pinkey=%3Cx%3E', 'flx_uuid=bbbbbbbbb2'],
    ] as const) {
      const res = await get(`/${query}`, { cookie });
      expect(res.status).toBe(200);
      expect(setCookies(res).pinc_appkey).toBeUndefined();
    }
    expect(await visits('pincrux_visits', 'bbbbbbbbb2')).toEqual([]);
  });
});
