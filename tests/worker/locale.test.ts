import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import { get, propsOf, setCookies } from './helpers';

const localeOf = async (res: Response) => propsOf(await res.text()).locale;

function postLocale(locale: string, { host = 'flex.localhost', json = false, redirect = '/' } = {}) {
  return SELF.fetch(`http://${host}:8787/locale`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(json ? { accept: 'application/json' } : {}) },
    body: new URLSearchParams({ locale, redirect }),
  });
}

describe('locale', () => {
  it('defaults to Korean', async () => {
    expect(await localeOf(await get('/'))).toBe('ko');
  });

  it('takes the cookie before Accept-Language', async () => {
    const res = await get('/', { cookie: 'flx_locale=ja', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(await localeOf(res)).toBe('ja');
  });

  it('falls back to Accept-Language, regional tags included', async () => {
    expect(await localeOf(await get('/', { headers: { 'accept-language': 'th-TH,th;q=0.9' } }))).toBe('th');
    expect(await localeOf(await get('/', { headers: { 'accept-language': 'zh-TW' } }))).toBe('zh');
  });

  it('only picks locales the brand supports', async () => {
    // bread supports ko only; shell ko and en
    expect(await localeOf(await get('/', { host: 'bread.localhost', cookie: 'flx_locale=en' }))).toBe('ko');
    expect(await localeOf(await get('/', { host: 'shell.localhost', headers: { 'accept-language': 'ja' } }))).toBe('ko');
    expect(await localeOf(await get('/', { host: 'shell.localhost', headers: { 'accept-language': 'ja, en;q=0.5' } }))).toBe('en');
  });

  it('ignores an unknown or hostile locale cookie', async () => {
    for (const cookie of ['flx_locale=xx', 'flx_locale=%3Cscript%3E', `flx_locale=${'a'.repeat(5000)}`]) {
      const res = await get('/', { cookie });
      expect(res.status).toBe(200);
      expect(await localeOf(res)).toBe('ko');
    }
  });

  it('renders the page in the chosen language', async () => {
    const html = await (await get('/', { cookie: 'flx_locale=en' })).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Live now');
  });

  it('sets a supported locale in a cookie for one year and goes back', async () => {
    const res = await postLocale('en', { redirect: '/?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?x=1');
    const cookie = setCookies(res).flx_locale!;
    expect(cookie).toMatch(/^flx_locale=en;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('answers JSON callers in JSON', async () => {
    const res = await postLocale('ja', { json: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ locale: 'ja' });
  });

  it('refuses an unsupported locale in the user language and sets nothing', async () => {
    const res = await postLocale('th', { host: 'bread.localhost', json: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('이 사이트에서 지원하지 않는 언어입니다.');
    expect(setCookies(res).flx_locale).toBeUndefined();
    const garbage = await postLocale('<svg>');
    expect(garbage.status).toBe(400);
    expect(await garbage.text()).toBe('이 사이트에서 지원하지 않는 언어입니다.');
  });

  it('never redirects off-site after setting the locale', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const res = await postLocale('en', { redirect });
      expect(res.headers.get('location')).toBe('/');
    }
  });
});
