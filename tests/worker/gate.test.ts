import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { gate, gateRedirect, serviceStatus } from '../../src/middleware/gate';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { get, guestEdgeProbe, setFlags } from './helpers';

describe('timecheck API', () => {
  it('reports maintenance and emergency in each of its shapes', async () => {
    await setFlags({ maintenance: false, emergency: true });
    expect(await (await get('/v2/api/guest/timeCheck')).json()).toEqual({ status: false, defenceMode: true });
    expect(await (await get('/api/guest/timeCheck/3')).json()).toEqual({ status: false, defenceMode: true });
    expect(await (await get('/api/guest/timeCheck/9?ver=2')).json()).toEqual({ isMantenace: false, isEmergency: true });
    await setFlags({ maintenance: true, emergency: false });
    expect(await (await get('/v2/api/guest/timeCheck')).json()).toEqual({ status: true, defenceMode: false });
    expect(await (await get('/api/guest/timeCheck/9?ver=2')).json()).toEqual({ isMantenace: true, isEmergency: false });
  });

  it('refuses a bad check number in the caller language', async () => {
    for (const path of ['/api/guest/timeCheck/abc', '/api/guest/timeCheck/0', '/api/guest/timeCheck/9?ver=x']) {
      const res = await get(path, { cookie: 'flx_locale=en' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Please check your request.');
    }
  });
});

describe('maintenance gate', () => {
  it('lets pages through when both flags are off', async () => {
    expect((await get('/')).status).toBe(200);
  });

  it('sends pages to /notices/maintenance while maintenance is on', async () => {
    await setFlags({ maintenance: true, emergency: false });
    for (const path of ['/', '/some/page?x=1', '/signin', '/signup', '/apix', '/notices/other']) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/notices/maintenance');
    }
  });

  it('keeps the exempt paths open during maintenance', async () => {
    await setFlags({ maintenance: true, emergency: false });
    const page = await get('/notices/maintenance');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('서비스 점검 중입니다');
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      expect((await get(path)).status).toBe(200); // not redirected: they reach their own handlers
    }
    // A provider's return reaches the social callback (which refuses a call without its state), not the notice.
    const callback = await get('/callback/google/authorize');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toMatch(/^\/signin\?socialError=/);
    expect((await get('/api/guest/timeCheck/9?ver=2')).status).toBe(200);
  });

  it('answers other API calls 503 during maintenance', async () => {
    await setFlags({ maintenance: true, emergency: false });
    const res = await get('/api/guest/banners');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('sends anonymous visitors to sign in during an emergency, with the path as callbackURL', async () => {
    await setFlags({ maintenance: false, emergency: true });
    const res = await get('/channel/12?tab=vod');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/signin?callbackURL=${encodeURIComponent('/channel/12?tab=vod')}`);
    expect((await get('/signin?callbackURL=%2F')).status).toBe(200);
    expect((await get('/find/x')).status).toBe(404);
  });

  it('lets logged-in members through an emergency', async () => {
    await setFlags({ maintenance: false, emergency: true });
    expect((await get('/', { cookie: 'flx_oauth_access=some.jwt.token' })).status).toBe(200);
    // "noAccessToken" means nobody is logged in
    expect((await get('/', { cookie: 'flx_oauth_access=noAccessToken' })).status).toBe(302);
  });

  it('treats a corrupt flags value as all off', async () => {
    await env.CONFIG.put('flags', 'not json at all');
    clearAllCaches();
    expect(await (await get('/api/guest/timeCheck/9?ver=2')).json()).toEqual({ isMantenace: false, isEmergency: false });
    expect((await get('/')).status).toBe(200);
  });

  it('lets the page through when the status check fails (API unreachable)', async () => {
    const probe = guestEdgeProbe()
      .use(gate())
      .get('/', async (c) => c.json({ status: await serviceStatus(c), passed: true }));
    const res = await probe.request('/', {}, { ...env, API_ORIGIN: 'http://127.0.0.1:9' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: null, passed: true });
  });

  it('keeps site resources answering during maintenance', async () => {
    await setFlags({ maintenance: true, emergency: true });
    expect((await get('/manifest.json')).status).toBe(200);
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('gateRedirect', () => {
  const on = { maintenance: true, emergency: false };
  const emergency = { maintenance: false, emergency: true };
  it.each([
    [on, '/', '', false, '/notices/maintenance'],
    [on, '/api/x', '', false, null],
    [on, '/callback/kakao/authorize', '', false, null],
    [on, '/notices/maintenance', '', false, null],
    [on, '/signin', '', true, '/notices/maintenance'],
    [emergency, '/', '?a=1', false, '/signin?callbackURL=%2F%3Fa%3D1'],
    [emergency, '/', '', true, null],
    [emergency, '/signup/foreigner', '', false, null],
    [emergency, '/guest-auth', '', false, null],
    [emergency, '/signinx', '', false, '/signin?callbackURL=%2Fsigninx'],
    [null, '/', '', false, null],
  ] as const)('%o %s%s loggedIn=%s -> %s', (status, path, search, loggedIn, expected) => {
    expect(gateRedirect(status, path, search, loggedIn)).toBe(expected);
  });
});
