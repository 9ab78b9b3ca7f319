import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { decode } from 'hono/jwt';
import type { AppEnv } from '../lib/env';
import { clearBrandCookie, setBrandCookie } from '../lib/cookies';
import { randomToken } from '../lib/crypto';
import { callAsMember, callerOf, callApi } from '../proxy/caller';
import { hasTokens, storeTokens } from '../proxy/session';
import { xsrfValid } from '../proxy/xsrf';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { COOKIE } from '../shared/constants';
import { safeCallbackPath } from '../shared/callback-url';
import { SOCIAL_ACCOUNT_PATH, SOCIAL_ERROR_QUERY, SOCIAL_SIGNUP_COOKIE, SOCIAL_TX_COOKIE, isSocialProvider, socialSignupPath, type SocialProvider } from '../shared/social';
import type { SocialSignupPageData } from '../shared/social-pages';
import type { SocialAccounts } from '../shared/social-schemas';
import { loadMe, loadPageData } from './load';

const TEN_MINUTES = 600;

type Outcome = { outcome: 'signin' | 'signup'; callbackURL: string; accessToken: string } | { outcome: 'linked'; callbackURL: string } | { error?: { code?: string } };

/** After a refusal: the sign-in page (or the member's social page for a link) says why, in the person's words. */
function refused(c: Context<AppEnv>, code: string | undefined, to = '/signin'): Response {
  const kind = code === 'SOCIAL_FAILED' || code === undefined ? 'unknown' : code === 'SOCIAL_CANCELLED' ? 'cancelled' : code.toLowerCase().replace(/^social_/, '');
  c.header('cache-control', 'no-store');
  return c.redirect(`${to}?${SOCIAL_ERROR_QUERY}=${encodeURIComponent(kind)}`, 302);
}

async function postJson(c: Context<AppEnv>, path: string, body: unknown): Promise<{ res: Response; json: Record<string, unknown> | null }> {
  const res = await callAsMember(c, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { res, json };
}

/**
 * Social login at the edge (docs/product/accounts.md, "Social login"): /callback/<provider>/start opens the
 * transaction and leaves for the provider; the published return address /callback/<provider>/authorize
 * finishes it: a linked member is signed in (the cookies of any sign-in), a new person goes to the social
 * sign-up form, a link goes back to the member's page.
 */
export const socialPages = new Hono<AppEnv>()
  // Sign-in by a link (a button that navigates). Linking is never started by a GET: another site's link would start
  // one with the member's cookies, and a provider that remembers the person would finish it without a click.
  .get('/callback/:provider/start', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return c.notFound();
    if (c.req.query('intent') === 'link') return refused(c, 'SOCIAL_LINK_NEEDS_POST', SOCIAL_ACCOUNT_PATH);
    const started = await beginSocial(c, provider, 'login', c.req.query('callbackURL') ?? null);
    if ('refusal' in started) return refused(c, started.refusal, '/signin');
    return c.redirect(started.authorizeUrl, 302);
  })
  // Linking: the member's own page posts with the XSRF header and goes to the provider's address it gets back (with
  // the provider asked to have the person act again: src/api/providers/oauth.ts RECONSENT).
  .post('/callback/:provider/start', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return c.notFound();
    c.header('cache-control', 'no-store');
    if (!(await xsrfValid(c))) return c.json({ error: { code: 'XSRF', message: c.var.t('errors.xsrf') } }, 403);
    const body = (await c.req.json().catch(() => null)) as { callbackURL?: unknown } | null;
    const started = await beginSocial(c, provider, 'link', typeof body?.callbackURL === 'string' ? body.callbackURL : null);
    if ('refusal' in started) return c.json({ error: started.error }, started.status as 400);
    return c.json({ authorizeUrl: started.authorizeUrl });
  })
  .get('/callback/:provider/authorize', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return c.notFound();
    const binding = getCookie(c, SOCIAL_TX_COOKIE);
    // One transaction per trip: whatever happens next, this browser's half is spent.
    setBrandCookie(c, SOCIAL_TX_COOKIE, '', { httpOnly: true, maxAge: 0, path: '/callback' });
    const { code, state, error } = c.req.query();
    const { res, json } = await postJson(c, `/api/auth/oauth/${provider}/callback`, { code, state, error, binding });
    const answer = (json ?? {}) as Outcome;
    // A member signed in here was linking: the reason shows on their page; anyone else's on the sign-in page.
    if (!res.ok || !('outcome' in answer)) return refused(c, (answer as { error?: { code?: string } }).error?.code, c.var.loggedIn ? SOCIAL_ACCOUNT_PATH : '/signin');
    if (answer.outcome === 'linked') return c.redirect(answer.callbackURL, 302);
    if (answer.outcome === 'signup') {
      setBrandCookie(c, SOCIAL_SIGNUP_COOKIE, answer.accessToken, { httpOnly: true, maxAge: TEN_MINUTES });
      return c.redirect(`${socialSignupPath(provider)}?callbackURL=${encodeURIComponent(answer.callbackURL)}`, 302);
    }
    return signInWithTicket(c, provider, answer.accessToken, answer.callbackURL);
  })
  .get('/signup/social/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return c.notFound();
    const ticket = getCookie(c, SOCIAL_SIGNUP_COOKIE);
    const claims = ticket ? ticketClaims(ticket) : null;
    if (!ticket || !claims || claims.prv !== provider) return refused(c, 'SOCIAL_TICKET');
    const data: SocialSignupPageData = {
      title: c.var.t('social.signupTitle'),
      provider,
      accessToken: ticket,
      nickname: typeof claims.nick === 'string' ? claims.nick : null,
      email: typeof claims.em === 'string' ? claims.em : null,
      callbackURL: safeCallbackPath(c.req.query('callbackURL')),
      partnerCode: getCookie(c, COOKIE.partnerCode) ?? null,
    };
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'SIGNUP_SOCIAL', data, await loadMe(c)));
  })
  .get(SOCIAL_ACCOUNT_PATH, async (c) => {
    const me = await loadMe(c);
    if (!me) return signinRedirect(c);
    const accounts = await loadPageData(c, async () => {
      const res = await callAsMember(c, '/api/my/social');
      return res.ok ? { accounts: (await res.json()) as SocialAccounts } : {};
    });
    return respond(c, buildPageProps(c, 'MY_SOCIAL', { title: c.var.t('social.accountsTitle'), ...accounts }, me));
  });

type Begun = { authorizeUrl: string } | { refusal: string | undefined; status: number; error: unknown };

/** Open the API's transaction for this browser (its half in an HttpOnly cookie): the provider's address, or the refusal. */
async function beginSocial(c: Context<AppEnv>, provider: SocialProvider, intent: 'login' | 'link', callbackURL: string | null): Promise<Begun> {
  const binding = randomToken(24);
  const { res, json } = await postJson(c, `/api/auth/oauth/${provider}/authorize`, { callbackURL, intent, binding });
  if (!res.ok || typeof json?.authorizeUrl !== 'string') {
    const error = (json?.error ?? { code: 'SOCIAL_FAILED', message: c.var.t('social.errors.unknown') }) as { code?: string };
    return { refusal: error.code, status: res.ok ? 502 : res.status, error };
  }
  setBrandCookie(c, SOCIAL_TX_COOKIE, binding, { httpOnly: true, maxAge: TEN_MINUTES, path: '/callback' });
  c.header('cache-control', 'no-store');
  return { authorizeUrl: json.authorizeUrl };
}

/** The ticket's claims for the form (nickname and e-mail suggestions); the API checks its signature on use. */
function ticketClaims(ticket: string): Record<string, unknown> | null {
  try {
    const { payload } = decode(ticket);
    return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now() ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A linked member: the same sign-in call an app makes with the ticket, its tokens into this browser's cookies. */
async function signInWithTicket(c: Context<AppEnv>, provider: SocialProvider, ticket: string, callbackURL: string): Promise<Response> {
  const path = `/api/auth/signin/oauth/${provider}`;
  const body = provider === 'twitch' ? { accessToken: ticket, device: c.var.isMobile ? 'MOBILEWEB' : 'PCWEB', tokenType: 'identity' } : { accessToken: ticket };
  const res = await callApi(c, { ...callerOf(c), access: undefined }, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !hasTokens(json)) return refused(c, (json as { error?: { code?: string } } | null)?.error?.code);
  storeTokens(c, json);
  clearBrandCookie(c, SOCIAL_SIGNUP_COOKIE);
  c.header('cache-control', 'no-store');
  return c.redirect(callbackURL, 302);
}
