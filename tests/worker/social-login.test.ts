import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { Browser, propsOf } from './helpers';
import { PROVIDERS, leaveFor, newPerson, returnFrom, socialSignUp } from './social-helpers';
import { uniqueTag } from './unique';

vi.setConfig({ testTimeout: 30_000 });

describe.each(PROVIDERS)('social sign-up and login with %s through its loopback issuer', (provider) => {
  it('a new person gets the form, signs up, and the next trip logs them in', async () => {
    const { browser, res, user, nickname } = await socialSignUp(provider);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { data: { me: { loginId: string; nickname: string } } };
    expect(body.data.me.nickname).toBe(nickname);
    expect(browser.jar.has('flx_oauth_access')).toBe(true);
    expect(body).not.toHaveProperty('access_token'); // tokens went into cookies
    expect(browser.jar.has('flx_social_signup')).toBe(false);
    const linked = await env.DB.prepare('SELECT provider FROM social_identities s JOIN members m ON m.id = s.member_id WHERE m.login_id = ?').bind(body.data.me.loginId).all();
    expect(linked.results).toEqual([{ provider }]);

    // Another browser, the same provider account: signed in straight away, back where it asked to go.
    const later = new Browser();
    const back = await returnFrom(later, await leaveFor(later, provider, user, { query: '?callbackURL=%2Fluv' }));
    expect(back.location).toBe('/luv');
    expect(back.signedIn).toBe(true);
    const me = await later.fetch('/api/my/profile');
    expect(((await me.json()) as { profile: { loginId: string } }).profile.loginId).toBe(body.data.me.loginId);
  });
});

describe('social sign-up form', () => {
  it('shows the provider, the suggested nickname and e-mail, and asks for identity verification', async () => {
    const browser = new Browser();
    const user = newPerson('kakao');
    const back = await returnFrom(browser, await leaveFor(browser, 'kakao', user));
    expect(back.signedIn).toBe(false);
    const html = await (await browser.fetch(back.location)).text();
    const data = propsOf(html).data as Record<string, unknown>;
    expect(data.provider).toBe('kakao');
    expect(data.nickname).toBe(user);
    expect(data.email).toBe(`${user}@example.com`);
    expect(data.partnerCode).toBeNull();
  });

  it('refuses a ticket of another provider and a made-up one, creating nobody', async () => {
    const browser = new Browser();
    await returnFrom(browser, await leaveFor(browser, 'google', newPerson('google')));
    const ticket = browser.jar.get('flx_social_signup')!;
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM members').first<{ n: number }>();
    for (const [path, accessToken] of [
      ['/api/auth/signup/oauth/kakao', ticket],
      ['/api/auth/signup/oauth/google', `${ticket}x`],
    ] as const) {
      const res = await browser.json(path, { accessToken, nickname: '누군가', terms: 'essential' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { data: { error: string } }).data.error).toBeTruthy();
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM members').first<{ n: number }>()).toEqual(before);
    expect(browser.jar.has('flx_oauth_access')).toBe(false);
  });

  it('uses a ticket once: a second sign-up with it is refused', async () => {
    const { browser, res, ticket } = await socialSignUp('naver');
    expect(res.status).toBe(200);
    const again = await browser.json('/api/auth/signup/oauth/naver', { accessToken: ticket, nickname: '두번째', terms: 'essential', countryCodes: 'KR' });
    expect(again.status).toBe(409);
  });

  it('a new caster signs up with Kakao and gets a channel', async () => {
    const browser = new Browser();
    await returnFrom(browser, await leaveFor(browser, 'kakao', newPerson('kakao')));
    const ticket = browser.jar.get('flx_social_signup')!;
    const res = await browser.json('/v3/api/m/signup/kakao', { accessToken: ticket, nickname: `캐스터${uniqueTag()}`, terms: 'essential' });
    // No identity verification and no partner cookie: refused.
    expect(res.status).toBe(400);
    // A partner signs them up (no identity verification then).
    browser.jar.set('partner_code', 'toptoon');
    const withPartner = await browser.json('/v3/api/m/signup/kakao', { accessToken: ticket, nickname: `캐스터${uniqueTag()}`, terms: 'essential' });
    expect(withPartner.status, await withPartner.clone().text()).toBe(200);
    const me = ((await withPartner.json()) as { data: { me: { loginId: string } } }).data.me;
    const channel = await env.DB.prepare('SELECT c.id FROM channels c JOIN members m ON m.id = c.owner_id WHERE m.login_id = ?').bind(me.loginId).first();
    expect(channel).not.toBeNull();
  });
});
