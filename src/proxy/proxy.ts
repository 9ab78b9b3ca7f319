import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import type { BrandFeatures } from '../shared/brand-schema';
import { isProductionEnv } from '../shared/environment';
import { SESSION_INVALID, UNSAFE_METHODS, needsXsrf } from '../shared/account-api';
import { asGuest, callApi, callAsMember, callerOf } from './caller';
import { clearSession, hasTokens, rememberLoginId, storeTokens, withoutTokens } from './session';
import { xsrfValid } from './xsrf';
import { checkedBody } from '../lib/request-body';
import { clearBrandCookie, setBrandCookie } from '../lib/cookies';
import { COOKIE, GUEST_PASS_PATH } from '../shared/constants';
import { SOCIAL_SIGNUP_COOKIE } from '../shared/social';
import { CHANNEL_SETTINGS_ADMIN_PATH, CHANNEL_SETTINGS_PATH, cachedChannelSettingsResponse, forgetChannelSettings } from './channel-settings';

/** Paths the browser and native apps call through us (the published API's prefixes). */
export const PROXIED_PREFIXES = ['/api/', '/v2/api/', '/v3/api/', '/v4/api/', '/static/'] as const;
/** The offline adapters' development pages (the API itself refuses them in production). */
export const DEV_PREFIX = '/__dev/';
/** The dev payment gateway's checkout page (the API answers 404 unless PG_PROVIDER=dev). */
export const DEV_PG_PREFIX = '/__pg/';
/**
 * Unsafe calls that carry their own proof instead of the XSRF header: the PG's webhook (signed, or read back
 * from the PG) and the dev checkout's form (a token of its own, bound to the order).
 */
export const OWN_PROOF = (path: string) => path === '/api/payments/webhook' || path.startsWith(DEV_PG_PREFIX) || ASP_PATHS.has(path);
/** An ASP partner's server (its key is its proof) gets its user's tokens in the body: server to server, not a browser's cookies. */
const ASP_TOKEN_PATH = '/v4/api/asp/accesstoken';
/** The partner's calls with its key (X-Asp-Key): its user's tokens, and the token it sends its user to sign up with. */
const ASP_PATHS = new Set([ASP_TOKEN_PATH, '/v4/api/asp/signup-token']);
/**
 * A partner's server signing its user up itself: the X-Asp-Key header, which no page can send cross-site without
 * a preflight, is its proof (the API checks the key and refuses the sign-up without a valid one), and the new
 * member's tokens come back in the body, for the partner's app, not as this caller's cookies.
 */
const isPartnerSignup = (path: string, headers: Headers) => path === '/api/auth/signup' && headers.has('x-asp-key');
/**
 * Calls other servers make: they never speak for a browser's session, so a page that forges one with a member's
 * cookies gets no Bearer sent and no refresh (which rotated the member's tokens: the security sweep's finding).
 */
export const SERVER_TO_SERVER = (path: string) => path === '/api/payments/webhook' || ASP_PATHS.has(path);

/**
 * Calls of a feature a brand may switch off (brands/<id>/brand.json `features`): refused here, before the API,
 * as not found on that brand. The pages hide what they lead to; this keeps a direct call from reaching it.
 */
const FEATURE_PATHS: ReadonlyArray<readonly [prefix: string, feature: keyof BrandFeatures]> = [
  ['/api/events/exchange/', 'exchangeEvent'],
  ['/api/my/agency-invites', 'agencyInvites'],
  ['/api/agency/', 'agencyInvites'],
  ['/api/agency-contracts/', 'agencyInvites'],
  ['/api/shoppings/useCoupon', 'coupons'],
  ['/api/my/items', 'items'],
  ['/api/my/item/', 'items'],
  ['/api/my/useItems/', 'items'],
  ['/api/luv/items-sum', 'items'],
  ['/api/luv/sentitem-list', 'items'],
  ['/api/luv/receiveditem-list', 'items'],
  ['/api/my/messages', 'messages'],
  ['/v2/api/my/messages', 'messages'],
  ['/api/my/app/messages/', 'messages'],
  ['/api/my/member-messages-', 'messages'],
  // A stream's detail (/api/streams/{id}) also answers live streams, so only the recordings' list is the VOD's own.
  ['/api/my/stream/recorded-stream-list', 'vod'],
];
export const featureOf = (path: string) => FEATURE_PATHS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? null;

/** Calls whose answers carry tokens for the cookie jar. */
const TOKEN_PATHS = new Set(['/v2/api/auth/signin', '/api/auth/signup', '/api/oauth/refresh', '/v3/api/m/signup/kakao']);
/** Social sign-in, sign-up and link-by-password answer tokens too, and spend the sign-up form's ticket cookie. */
const SOCIAL_TOKEN_PATH = /^\/api\/auth\/(signin\/oauth\/|signup\/oauth\/|oauth\/[a-z]+\/link$)|^\/v3\/api\/m\/signup\/kakao$/;
const isTokenPath = (path: string) => TOKEN_PATHS.has(path) || SOCIAL_TOKEN_PATH.test(path);
// Their success also spends the social sign-up form's ticket cookie (SOCIAL_SIGNUP_COOKIE).

/** Signing out clears the cookies whatever the API says. */
const SIGNOUT_PATH = '/api/auth/signout';
/** Besides the usual, what keeps an uploaded file inert (GET /api/uploads/{key}). */
const PASSED_HEADERS = [
  'location',
  'content-type',
  'cache-control',
  'content-language',
  'etag',
  'last-modified',
  'retry-after',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
];

/**
 * Forward one browser request to the API: cookies become a Bearer token, unsafe methods and the GETs that
 * write need the XSRF header, a 401 refreshes once and retries, and tokens in answers become HttpOnly cookies.
 */
export async function proxy(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const path = url.pathname;
  if ((path.startsWith(DEV_PREFIX) || path.startsWith(DEV_PG_PREFIX)) && isProductionEnv(c.env.ENVIRONMENT)) return c.notFound();
  const feature = featureOf(path);
  if (feature && c.var.brand && !c.var.brand.features[feature]) return c.json({ error: { code: 'FEATURE_OFF', message: c.var.t('errors.featureOff') } }, 404);
  const method = c.req.method;
  if (method === 'GET' && path === CHANNEL_SETTINGS_PATH) {
    const cached = await cachedChannelSettingsResponse(c);
    if (cached) return cached;
  }
  const partnerSignup = isPartnerSignup(path, c.req.raw.headers);
  // Unsafe methods, and the GETs that write (STATE_CHANGING_GETS): another site can make a browser send either.
  if (needsXsrf(method, path) && !OWN_PROOF(path) && !partnerSignup && !(await xsrfValid(c))) {
    return c.json({ error: { code: 'XSRF', message: c.var.t('errors.xsrf') } }, 403);
  }
  // The body within the request limits (src/lib/request-body.ts): an upload's size for multipart, a small one
  // otherwise, refused by its Content-Length unread or once reading passes it; whole within the deadline; JSON
  // not nested past the limit. The API holds the same limits for callers at API_ORIGIN.
  const body = UNSAFE_METHODS.has(method) ? await checkedBody(c.req.raw, c.env) : undefined;
  const init: RequestInit = { method, headers: c.req.raw.headers, body };
  const upstream =
    SERVER_TO_SERVER(path) || partnerSignup
      ? await callApi(c, asGuest(callerOf(c)), path + url.search, init)
      : isTokenPath(path)
        ? await callApi(c, callerOf(c), path + url.search, init)
        : await callAsMember(c, path + url.search, init);

  if (path === SIGNOUT_PATH) clearSession(c);
  // Staff changed the channel settings: this isolate serves the new ones from now on (others on a viewer's refetch).
  if (path === CHANNEL_SETTINGS_ADMIN_PATH && upstream.ok) forgetChannelSettings();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) c.header(name, value);
  }
  if (!c.res.headers.get('cache-control')) c.header('cache-control', 'no-store');

  const isJson = (upstream.headers.get('content-type') ?? '').includes('application/json');
  if (!isJson) return c.body(upstream.body as ReadableStream, upstream.status as 200);
  const json = (await upstream.json().catch(() => null)) as Record<string, unknown> | null;
  if (upstream.status === 401 && (json?.error as { code?: string } | undefined)?.code === SESSION_INVALID) clearSession(c);
  if (path === GUEST_PASS_PATH && upstream.ok && json) return c.json(keepGuestPass(c, json), upstream.status as 200);
  if (json && hasTokens(json)) {
    if (path === ASP_TOKEN_PATH || partnerSignup) return c.json(json, upstream.status as 200);
    if (!isTokenPath(path)) return c.json(withoutTokens(json), upstream.status as 200); // tokens never reach page script
    if (SOCIAL_TOKEN_PATH.test(path)) clearBrandCookie(c, SOCIAL_SIGNUP_COOKIE);
    const requestBody = safeJson(body);
    if (path === '/v2/api/auth/signin' && typeof requestBody?.loginId === 'string') rememberLoginId(c, requestBody.loginId, json.save_id === true);
    return c.json(storeTokens(c, json), upstream.status as 200);
  }
  return c.json(json, upstream.status as 200);
}

function safeJson(body: ArrayBuffer | undefined): Record<string, unknown> | null {
  if (!body) return null;
  try {
    return JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A guest's adult pass goes into an HttpOnly cookie that lives as long as it does; page script never sees it. */
function keepGuestPass(c: Context<AppEnv>, json: Record<string, unknown>): Record<string, unknown> {
  const { guestPass, ...rest } = json;
  const seconds = Math.floor((Number(json.expiresAt) - Date.now()) / 1000);
  if (typeof guestPass === 'string' && seconds > 0) setBrandCookie(c, COOKIE.guestPass, guestPass, { httpOnly: true, maxAge: seconds });
  return rest;
}
