import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { SocialProvider } from '../../src/shared/social';
import { Browser, devIdentity } from './helpers';
import { uniqueTag } from './unique';

export const PROVIDERS: SocialProvider[] = ['naver', 'kakao', 'google', 'twitch'];

/** A new provider account name (the loopback issuer makes a stable subject of it). */
export const newPerson = (provider: SocialProvider) => `${provider}p${uniqueTag()}`;

export interface Trip {
  /** The callback address the issuer sent the browser back to (path and query on the site). */
  callback: string;
  /** The issuer's authorize URL the site sent the browser to. */
  authorize: URL;
}

/**
 * The browser leaves for the loopback issuer through /callback/<provider>/start and signs in there as
 * `user` (the issuer's dev_user skips its page; dev_tamper spoils the ID token on purpose).
 */
export async function leaveFor(browser: Browser, provider: SocialProvider, user: string, options: { tamper?: string; query?: string; email?: string; link?: boolean } = {}): Promise<Trip> {
  const authorize = options.link ? await linkStart(browser, provider) : await loginStart(browser, provider, options.query);
  expect(authorize.origin).toBe((env as unknown as Record<string, string>)[`DEV_OAUTH_${provider.toUpperCase()}`]);
  const signIn = new URL(authorize);
  signIn.searchParams.set('dev_user', user);
  if (options.tamper) signIn.searchParams.set('dev_tamper', options.tamper);
  if (options.email) signIn.searchParams.set('dev_email', options.email);
  const answer = await fetch(signIn, { redirect: 'manual' });
  expect(answer.status, await answer.clone().text()).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe(`/callback/${provider}/authorize`);
  return { callback: back.pathname + back.search, authorize };
}

/** A sign-in's start: the edge leaves for the provider. */
async function loginStart(browser: Browser, provider: SocialProvider, query = ''): Promise<URL> {
  const start = await browser.fetch(`/callback/${provider}/start${query}`);
  expect(start.status, await start.clone().text()).toBe(302);
  return new URL(start.headers.get('location')!);
}

/** A link's start, as the member's page makes it: a POST with the XSRF header, answered with the provider's address. */
export async function linkStart(browser: Browser, provider: SocialProvider): Promise<URL> {
  const start = await browser.json(`/callback/${provider}/start`, {});
  expect(start.status, await start.clone().text()).toBe(200);
  return new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
}

/** Where the callback sent the browser, and whether it came out signed in. */
export async function returnFrom(browser: Browser, trip: Trip | string) {
  const res = await browser.fetch(typeof trip === 'string' ? trip : trip.callback);
  return { res, location: res.headers.get('location') ?? '', signedIn: browser.jar.has('flx_oauth_access') };
}

/** A whole social sign-up: to the provider, back, then the form's call with a verified identity. */
export async function socialSignUp(provider: SocialProvider, user = newPerson(provider), fields: Record<string, unknown> = {}) {
  const browser = new Browser();
  const back = await returnFrom(browser, await leaveFor(browser, provider, user));
  expect(back.location.startsWith(`/signup/social/${provider}`), back.location).toBe(true);
  const page = await browser.fetch(back.location);
  expect(page.status).toBe(200);
  const ticket = browser.jar.get('flx_social_signup')!;
  const authKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup');
  const nickname = `소셜${uniqueTag()}`;
  const body: Record<string, unknown> = { accessToken: ticket, nickname, authKey, terms: 'essential', ...fields };
  if (provider === 'google' || provider === 'naver') body.countryCodes = 'KR';
  if (provider === 'twitch') body.device = 'PCWEB';
  const res = await browser.json(`/api/auth/signup/oauth/${provider}`, body);
  return { browser, user, res, ticket, nickname };
}
