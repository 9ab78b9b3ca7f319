import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { Browser, propsOf, signUpMember } from './helpers';
import { leaveFor, newPerson, returnFrom, socialSignUp } from './social-helpers';
import { uniqueTag } from './unique';

vi.setConfig({ testTimeout: 30_000 });

type Accounts = { hasPassword: boolean; providers: Array<{ provider: string; email: string | null }> };
const accountsOf = async (browser: Browser) => (await (await browser.fetch('/api/my/social')).json()) as Accounts;

describe('linking an existing account', () => {
  it('a signed-in member links Kakao from their page, and Kakao then signs them in', async () => {
    const { browser, loginId, res } = await signUpMember();
    expect(res.status).toBe(200);
    const kakao = newPerson('kakao');
    const back = await returnFrom(browser, await leaveFor(browser, 'kakao', kakao, { link: true }));
    expect(back.location).toBe('/my/social');
    expect((await accountsOf(browser)).providers.map((p) => p.provider)).toEqual(['kakao']);
    // The page shows it, with unlink.
    const page = propsOf(await (await browser.fetch('/my/social')).text());
    expect((page.data as { accounts: Accounts }).accounts.providers[0]!.provider).toBe('kakao');

    const elsewhere = new Browser();
    const signedIn = await returnFrom(elsewhere, await leaveFor(elsewhere, 'kakao', kakao));
    expect(signedIn.signedIn).toBe(true);
    expect(((await (await elsewhere.fetch('/api/my/profile')).json()) as { profile: { loginId: string } }).profile.loginId).toBe(loginId);
  });

  it('a guest cannot start a link', async () => {
    const res = await new Browser().json('/callback/kakao/start', {});
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SOCIAL_LINK_NEEDS_LOGIN');
  });

  it('an account already linked to someone else is refused, and stays theirs', async () => {
    const owner = await socialSignUp('google');
    const { browser } = await signUpMember();
    const back = await returnFrom(browser, await leaveFor(browser, 'google', owner.user, { link: true }));
    expect(back.location).toBe('/my/social?socialError=taken');
    expect((await accountsOf(browser)).providers).toEqual([]);
  });

  it('on the social sign-up page an existing member links by proving the password', async () => {
    const { loginId, password } = await signUpMember();
    const browser = new Browser();
    const naver = newPerson('naver');
    await returnFrom(browser, await leaveFor(browser, 'naver', naver));
    const ticket = browser.jar.get('flx_social_signup')!;
    const wrong = await browser.json('/api/auth/oauth/naver/link', { accessToken: ticket, loginId, password: 'Wrong-pass1!' });
    expect(wrong.status).toBe(401);
    expect(browser.jar.has('flx_oauth_access')).toBe(false);
    const right = await browser.json('/api/auth/oauth/naver/link', { accessToken: ticket, loginId, password });
    expect(right.status, await right.clone().text()).toBe(200);
    expect(browser.jar.has('flx_oauth_access')).toBe(true);
    expect(browser.jar.has('flx_social_signup')).toBe(false);
    const again = new Browser();
    expect((await returnFrom(again, await leaveFor(again, 'naver', naver))).signedIn).toBe(true);
  });
});

describe('unlinking', () => {
  it('a member with a password may unlink their only provider', async () => {
    const { browser } = await signUpMember();
    await returnFrom(browser, await leaveFor(browser, 'twitch', newPerson('twitch'), { link: true }));
    expect((await accountsOf(browser)).providers).toHaveLength(1);
    const res = await browser.fetch('/api/my/social/twitch', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Accounts).providers).toEqual([]);
  });

  it('a member without a password keeps their last provider: unlinking it is refused', async () => {
    const { browser, res } = await socialSignUp('kakao'); // no password
    expect(res.status).toBe(200);
    expect(await accountsOf(browser)).toMatchObject({ hasPassword: false, providers: [{ provider: 'kakao' }] });
    const refused = await browser.fetch('/api/my/social/kakao', { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'SOCIAL_LAST_LOGIN' });
    // With a second provider linked, one of the two may go; then the other is the last again.
    await returnFrom(browser, await leaveFor(browser, 'google', newPerson('google'), { link: true }));
    expect((await browser.fetch('/api/my/social/kakao', { method: 'DELETE' })).status).toBe(200);
    expect((await browser.fetch('/api/my/social/google', { method: 'DELETE' })).status).toBe(409);
    expect((await accountsOf(browser)).providers.map((p) => p.provider)).toEqual(['google']);
  });

  it('a password-less member cannot sign in with a password', async () => {
    const { browser, res } = await socialSignUp('naver', newPerson('naver'), { loginId: `nopw${uniqueTag()}` });
    const loginId = ((await res.json()) as { data: { me: { loginId: string } } }).data.me.loginId;
    const attempt = await new Browser().json('/v2/api/auth/signin', { loginId, password: '', loginKeep: false, saveId: false, device: 'PCWEB' });
    expect(attempt.status).toBe(401);
    expect(browser.jar.has('flx_oauth_access')).toBe(true);
  });
});

describe('the social buttons follow the channel settings', () => {
  const providersOnSignin = async () => (propsOf(await (await new Browser().fetch('/signin')).text()).data as { socialProviders: string[] }).socialProviders;

  it('all four by default, and isSnsLoginKakao false hides Kakao', async () => {
    expect(await providersOnSignin()).toEqual(['naver', 'kakao', 'twitch', 'google']);
    const settings = JSON.parse((await env.CONFIG.get('channeling'))!) as Record<string, unknown>;
    await env.CONFIG.put('channeling', JSON.stringify({ ...settings, isSnsLoginKakao: false }));
    clearAllCaches();
    expect(await providersOnSignin()).toEqual(['naver', 'twitch', 'google']);
    const api = (await (await new Browser().fetch('/api/guest/channeling-switching')).json()) as Record<string, unknown>;
    expect(api.isSnsLoginKakao).toBe(false);
  });
});
