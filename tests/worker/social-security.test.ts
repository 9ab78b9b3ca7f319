import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { assertSafeConfig } from '../../src/api';
import { Browser, productionEnv } from './helpers';
import { leaveFor, newPerson, returnFrom, socialSignUp } from './social-helpers';

vi.setConfig({ testTimeout: 30_000 });

// Every case below uses a Kakao (OIDC) or Naver account that is already a member: had the callback been
// accepted, the browser would have come out signed in.
const members: Record<'kakao' | 'naver' | 'google', string> = { kakao: '', naver: '', google: '' };
beforeAll(async () => {
  for (const provider of ['kakao', 'naver', 'google'] as const) {
    const { res, user } = await socialSignUp(provider);
    expect(res.status).toBe(200);
    members[provider] = user;
  }
});

/** Refused: back on the sign-in page with the reason, no session cookie, nobody signed in. */
async function expectRefused(browser: Browser, callback: string, reason: string) {
  const back = await returnFrom(browser, callback);
  expect(back.res.status).toBe(302);
  expect(back.location).toBe(`/signin?socialError=${reason}`);
  expect(back.signedIn).toBe(false);
  expect(browser.jar.has('flx_social_signup')).toBe(false);
  const me = await browser.fetch('/api/my/profile');
  expect(me.status).toBe(401);
}

const withParam = (callback: string, name: string, value: string | null) => {
  const url = new URL(callback, 'http://x');
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.pathname + url.search;
};

describe('the callback refuses, and signs nobody in', () => {
  it('a missing state', async () => {
    const browser = new Browser();
    const trip = await leaveFor(browser, 'kakao', members.kakao);
    await expectRefused(browser, withParam(trip.callback, 'state', null), 'state');
  });

  it('a wrong state', async () => {
    const browser = new Browser();
    const trip = await leaveFor(browser, 'kakao', members.kakao);
    await expectRefused(browser, withParam(trip.callback, 'state', 'made-up-state-value'), 'state');
  });

  it("another browser's state (the transaction is bound to the browser that started it)", async () => {
    const victim = new Browser();
    const trip = await leaveFor(victim, 'kakao', members.kakao);
    await expectRefused(new Browser(), trip.callback, 'state');
  });

  it('a wrong PKCE verifier: a code issued for one transaction presented with another (code injection)', async () => {
    const browser = new Browser();
    const first = await leaveFor(browser, 'naver', members.naver);
    const second = await leaveFor(browser, 'naver', members.naver);
    const state = new URL(second.callback, 'http://x').searchParams.get('state')!;
    // The second transaction's verifier does not match the challenge the first code was issued for.
    await expectRefused(browser, withParam(first.callback, 'state', state), 'unknown');
  });

  it('a missing PKCE verifier: the issuers refuse a code without one, as they refuse a wrong one', async () => {
    const browser = new Browser();
    const trip = await leaveFor(browser, 'kakao', members.kakao);
    const code = new URL(trip.callback, 'http://x').searchParams.get('code')!;
    const token = new URL('/oauth/token', env.DEV_OAUTH_KAKAO);
    const form = { grant_type: 'authorization_code', code, client_id: env.KAKAO_CLIENT_ID, client_secret: env.KAKAO_CLIENT_SECRET, redirect_uri: trip.authorize.searchParams.get('redirect_uri')! };
    const res = await fetch(token, { method: 'POST', body: new URLSearchParams(form) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier required' });
    // The code is spent at the issuer now: the site's own callback with it fails too.
    await expectRefused(browser, trip.callback, 'unknown');
  });

  for (const tamper of ['iss', 'aud', 'nonce', 'expired'] as const) {
    it(`an ID token with a wrong ${tamper === 'expired' ? 'exp (expired)' : tamper}`, async () => {
      const browser = new Browser();
      const trip = await leaveFor(browser, 'kakao', members.kakao, { tamper });
      await expectRefused(browser, trip.callback, 'unknown');
    });
  }

  it('a code from provider A at provider B’s callback (mix-up)', async () => {
    const browser = new Browser();
    const trip = await leaveFor(browser, 'kakao', members.kakao);
    await expectRefused(browser, trip.callback.replace('/callback/kakao/', '/callback/google/'), 'provider_mismatch');
  });

  it('a replayed code: the same callback twice, and the code with a fresh state', async () => {
    const browser = new Browser();
    const trip = await leaveFor(browser, 'google', members.google);
    const first = await returnFrom(browser, trip.callback);
    expect(first.signedIn).toBe(true);
    const again = new Browser();
    const replay = await leaveFor(again, 'google', members.google);
    // The same callback again (its state is spent) ...
    again.jar.set('flx_oauth_tx', 'whatever-binding-value');
    await expectRefused(again, trip.callback, 'state');
    // ... and the spent code under a live transaction of this browser.
    const fresh = await leaveFor(again, 'google', members.google);
    const freshState = new URL(fresh.callback, 'http://x').searchParams.get('state')!;
    await expectRefused(again, withParam(trip.callback, 'state', freshState), 'code_replayed');
    expect(replay.callback).not.toBe(trip.callback);
  });

  it('a return path off the site is refused before the provider', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new Browser();
      const res = await browser.fetch(`/callback/kakao/start?callbackURL=${encodeURIComponent(target)}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/signin?socialError=return_path');
      expect(browser.jar.has('flx_oauth_tx')).toBe(false);
    }
    // A same-site path is where a successful login lands.
    const browser = new Browser();
    const back = await returnFrom(browser, await leaveFor(browser, 'kakao', members.kakao, { query: `?callbackURL=${encodeURIComponent('/luv?tab=sent')}` }));
    expect(back.location).toBe('/luv?tab=sent');
    expect(back.signedIn).toBe(true);
  });

  it('an unknown provider is not a callback', async () => {
    const res = await new Browser().fetch('/callback/facebook/authorize?code=x&state=y');
    expect(res.status).toBe(404);
  });
});

describe('configuration', () => {
  it('production refuses the loopback issuers', () => {
    expect(() => assertSafeConfig(productionEnv())).not.toThrow();
    expect(() => assertSafeConfig({ ...productionEnv(), OAUTH_PROVIDER: 'dev' })).toThrow(/OAUTH_PROVIDER=dev/);
  });

  it('the dev adapter points at loopback and the real one at the providers', async () => {
    const { endpointsOf } = await import('../../src/api/providers/oauth');
    expect(endpointsOf(env, 'kakao')!.token.startsWith('http://127.0.0.1:')).toBe(true);
    const real = { ...productionEnv() };
    expect(endpointsOf(real, 'kakao')).toMatchObject({ token: 'https://kauth.kakao.com/oauth/token', issuer: 'https://kauth.kakao.com' });
    expect(endpointsOf(real, 'naver')).toMatchObject({ profile: 'https://openapi.naver.com/v1/nid/me' });
    expect(endpointsOf(real, 'twitch')).toMatchObject({ issuer: 'https://id.twitch.tv/oauth2' });
  });
});

it('a new person is never signed in as someone else by e-mail', async () => {
  const kakaoUser = newPerson('kakao');
  const { res } = await socialSignUp('kakao', kakaoUser);
  expect(res.status).toBe(200);
  const linked = await env.DB.prepare("SELECT email FROM social_identities WHERE provider = 'kakao' AND email = ?").bind(`${kakaoUser}@example.com`).first();
  expect(linked).not.toBeNull();
  // The same e-mail at Google is another person until they prove otherwise.
  const browser = new Browser();
  const back = await returnFrom(browser, await leaveFor(browser, 'google', newPerson('google'), { email: `${kakaoUser}@example.com` }));
  expect(back.signedIn).toBe(false);
  expect(back.location.startsWith('/signup/social/google')).toBe(true);
});
