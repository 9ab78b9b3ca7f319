import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto';
import { geoCountry, isLocalAddress } from '../../src/api/services/geo-ip';
import { Browser, signUpMember } from './helpers';

describe('GET /api/auth/geo-ip', () => {
  const geo = (init: RequestInit & { cf?: unknown } = {}) => new Browser().fetch('/api/auth/geo-ip', init).then((r) => r.json());

  it("answers Cloudflare's country when the edge has one", async () => {
    expect(await geo({ cf: { country: 'JP' }, headers: { 'cf-connecting-ip': '203.0.113.9' } } as RequestInit)).toEqual({ countryCode: 'JP', source: 'edge' });
  });

  it('answers GEO_LOCAL_COUNTRY for loopback and private addresses, and null for other addresses without an edge country', async () => {
    expect(env.GEO_LOCAL_COUNTRY).toBe('KR');
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.0.10', '::1', 'fd12:3456::1', '::ffff:192.168.1.1']) {
      expect(await geo({ headers: { 'cf-connecting-ip': ip } }), ip).toEqual({ countryCode: 'KR', source: 'local-range' });
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1']) expect(await geo({ headers: { 'cf-connecting-ip': ip } }), ip).toEqual({ countryCode: null, source: null });
  });

  it('the range table', () => {
    expect(isLocalAddress('172.15.255.255')).toBe(false);
    expect(isLocalAddress('172.16.0.0')).toBe(true);
    expect(isLocalAddress('172.31.255.255')).toBe(true);
    expect(isLocalAddress('100.63.255.255')).toBe(false);
    expect(isLocalAddress('100.64.0.1')).toBe(true);
    expect(isLocalAddress('fe80::1')).toBe(true);
    expect(isLocalAddress('999.1.1.1')).toBe(false);
    expect(geoCountry({ edgeCountry: 'XX', ip: '8.8.8.8', localCountry: 'KR' })).toEqual({ countryCode: null, source: null });
    expect(geoCountry({ edgeCountry: 'kr' })).toEqual({ countryCode: 'KR', source: 'edge' });
  });
});

describe('POST /v4/api/asp/accesstoken', () => {
  const KEY = 'asp-test-key-for-toptoon-0123456789';
  const ask = (body: unknown, key?: string) =>
    new Browser().fetch('/v4/api/asp/accesstoken', { method: 'POST', xsrf: false, headers: { 'content-type': 'application/json', ...(key ? { 'x-asp-key': key } : {}) }, body: JSON.stringify(body) });

  it("gives a partner's server a session for the member its user became at sign-up", async () => {
    await env.DB.prepare("INSERT INTO asp_keys (partner_code, key_hash) VALUES ('toptoon', ?) ON CONFLICT(partner_code) DO UPDATE SET key_hash = excluded.key_hash")
      .bind(await sha256(KEY))
      .run();
    const userkey = `tt-${Date.now()}`;
    // The partner vouches for its user first (its key), and sends them to sign up with the token.
    const vouched = await new Browser().fetch('/v4/api/asp/signup-token', {
      method: 'POST',
      xsrf: false,
      headers: { 'content-type': 'application/json', 'x-asp-key': KEY },
      body: JSON.stringify({ aspCode: 'toptoon', userkey }),
    });
    const { aspToken } = (await vouched.json()) as { aspToken: string };
    const { loginId, res } = await signUpMember(new Browser(), { aspCode: 'toptoon', userkey, aspToken });
    expect(res.status).toBe(200);

    const granted = await ask({ aspCode: 'toptoon', userkey }, KEY);
    expect(granted.status, await granted.clone().text()).toBe(200);
    const tokens = (await granted.json()) as { msg: string; access_token: string; refresh_token: string };
    expect(tokens.msg).toBe('SUCCESS');
    expect(granted.headers.getSetCookie().some((c) => c.startsWith('flx_oauth_access='))).toBe(false); // not a browser's session
    const user = new Browser();
    user.jar.set('flx_oauth_access', tokens.access_token);
    const profile = (await (await user.fetch('/api/my/profile')).json()) as { profile: { loginId: string } };
    expect(profile.profile.loginId).toBe(loginId);

    expect((await ask({ aspCode: 'toptoon', userkey })).status).toBe(401);
    expect((await ask({ aspCode: 'toptoon', userkey }, `${KEY}x`)).status).toBe(401);
    expect((await ask({ aspCode: 'campus', userkey }, KEY)).status).toBe(401); // another partner's name with this key
    expect((await ask({ aspCode: 'toptoon', userkey: 'nobody' }, KEY)).status).toBe(404);
  });
});
