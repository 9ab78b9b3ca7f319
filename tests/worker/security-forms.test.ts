// A page's form posted natively, before its script ran or without one: every client form has method="post"
// (tests/unit/forms.test.ts), and the edge answers the post with a 303 back to the page, its fields dropped. Before,
// a form without a method sent a sign-in's password in the URL of a GET (/signin?loginId=...&password=...).
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { securityRow } from './security-table';

const PASSWORD = 'typed-before-hydration-9876';

/** A browser's native form post of `fields` to `path`, from the page itself (same origin). */
function nativePost(path: string, fields: Record<string, string>) {
  return SELF.fetch(`http://flex.localhost:8787${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://flex.localhost:8787', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('a form posted before hydration', () => {
  it('is answered with a 303 back to the same page, the fields in neither the Location nor the page', async (context) => {
    const pages = ['/signin', '/signin?callbackURL=%2Fmy', '/signup', '/member/find/findId', '/cs/notice', '/'];
    const leaks: string[] = [];
    for (const path of pages) {
      const res = await nativePost(path, { loginId: 'demo_viewer', password: PASSWORD });
      const location = res.headers.get('location') ?? '';
      const body = await res.text();
      expect(res.status, path).toBe(303);
      expect(location, path).toBe(path);
      if (location.includes(PASSWORD) || location.includes('loginId') || body.includes(PASSWORD)) leaks.push(`POST ${path} -> ${location}`);
    }
    securityRow(context, { area: 'forms', tried: `a native form post of loginId and password to ${pages.length} pages`, letThrough: leaks.length ? leaks.join(', ') : 0, pass: leaks.length === 0 });
    expect(leaks).toEqual([]);
  });

  it('never redirects to another origin, whatever the path', async () => {
    const res = await nativePost('//evil.example/signin', { password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/evil.example/signin');
  });

  it('leaves the posts the edge takes itself to their own routes (POST /locale still sets the locale)', async () => {
    const res = await nativePost('/locale', { locale: 'en', redirect: '/cs/notice' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cs/notice');
    expect(res.headers.getSetCookie().join('\n')).toMatch(/locale=en/);
  });
});
