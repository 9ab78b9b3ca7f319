import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { viewDevice, type Me } from '../shared/page-props';
import { asGuest, callerOf, routeJson, type ApiAnswer, type ApiPath, type Caller, type RouteArgs, type RouteBody } from '../proxy/caller';
import { loadMe } from './load';

/** The device value view-main and themes take. */
export const deviceOf = (c: Context<AppEnv>) => viewDevice(c.var);

/**
 * A page's JSON GETs of the API, all for one caller, typed by the route: `api('/api/streams/:streamId', { param })`
 * answers what that route answers (docs/architecture.md, "API contract").
 */
export type Api = <P extends ApiPath<'GET'>>(path: P, ...request: RouteArgs<'GET', P>) => Promise<ApiAnswer<RouteBody<'GET', P>>>;

const apiFor =
  (c: Context<AppEnv>, caller: Caller): Api =>
  (path, ...request) =>
    routeJson(c, caller, 'GET', path, ...request);

/**
 * The API as any guest sees it, whoever asks: what the edge cache keeps for every guest (and for the
 * shared part of a member's home page) must not depend on the requester's session.
 */
export const guestApi = (c: Context<AppEnv>): Api => apiFor(c, asGuest(callerOf(c)));

/**
 * The API as this guest sees it: with their adult pass when they hold one (src/lib/guest-pass.ts). Such a guest's
 * pages are never taken by the edge cache (guestCacheable), so for everyone it keeps this is guestApi.
 */
export const guestViewerApi = (c: Context<AppEnv>): Api => apiFor(c, callerOf(c));

/**
 * A page's session: the member (loadMe refreshes an expired token once) and a caller for the page's
 * data that speaks as that member, or as a guest when there is none. The caller is taken after loadMe,
 * so it carries the token a refresh put on the context, not the request's expired one.
 */
export async function pageSession(c: Context<AppEnv>): Promise<{ me: Me | null; api: Api }> {
  const me = await loadMe(c);
  return { me, api: apiFor(c, callerOf(c)) };
}

/** How long the home page trusts a member it looked up, for the same access token. */
export const ME_MEMO_MS = 30_000;
const ME_MEMO_MAX = 5_000;
const meByToken = new Map<string, { me: Me; until: number }>();

/** The access token's own expiry (ms), read from its payload; 0 when it has none we can read. */
function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * loadMe for the home page, remembered per access token for up to ME_MEMO_MS (never past the token's
 * own expiry): the member's header shows at once without an API round trip per visit. What is remembered has no
 * wallet balance (it changes with every gift), so the header asks for it after hydration; the profile itself is
 * asked again when the tab comes back into focus (client/data/use-profile.ts), and a session revoked meanwhile
 * meets its 401 on the page's first member call. Only entries the API itself confirmed for this exact token are kept.
 */
export async function loadMeRemembered(c: Context<AppEnv>): Promise<Me | null> {
  const sent = c.var.accessToken;
  const now = Date.now();
  const known = sent ? meByToken.get(sent) : undefined;
  if (known && known.until > now) return known.me;
  if (sent) meByToken.delete(sent);
  const me = await loadMe(c);
  // After a refresh, loadMe left the new token on the context.
  const token = me ? c.var.accessToken : undefined;
  const until = token ? Math.min(now + ME_MEMO_MS, tokenExpiry(token)) : 0;
  if (me && token && until > now) {
    const { balance: _, ...remembered } = me;
    meByToken.set(token, { me: remembered, until });
    if (meByToken.size > ME_MEMO_MAX) meByToken.delete(meByToken.keys().next().value!);
  }
  return me;
}
