// Names, timers and limits shared by the Worker and the client.

export const COOKIE = {
  uuid: 'flx_uuid',
  access: 'flx_oauth_access',
  /** The access token again, for the native app that embeds the site: it reads the token from its cookie jar. */
  appAccess: 'flx_app_access',
  refresh: 'flx_oauth_refresh',
  pincAppkey: 'pinc_appkey',
  pincPinkey: 'pinc_pinkey',
  partnerCode: 'partner_code',
  savedLoginId: 'savedLoginId',
  locale: 'flx_locale',
  /** A guest's adult pass from /guest-auth (HttpOnly; src/lib/guest-pass.ts). */
  guestPass: 'flx_guest_pass',
} as const;

/** The access cookie's value meaning "no token". */
export const NO_ACCESS_TOKEN = 'noAccessToken';

export const SECONDS = {
  uuidMaxAge: 10_800,
  year: 31_536_000,
} as const;

export const MS = {
  buttonDelay: 500,
  redirectAfterLogin: 100,
  sessionExpiredModalDelay: 100,
  toastLifetime: 4_000,
  /** A toast with a link (a followed channel went live) stays long enough to be followed. */
  linkToastLifetime: 15_000,
} as const;

/** Edge cache lifetimes (ms). */
export const CACHE_MS = {
  brandRegistry: 60_000,
  timecheck: 10_000,
  channelSettings: 600_000,
  /** The API's maintenance check (src/lib/kv-config.ts readFlagsRecent). */
  apiFlags: 2_000,
} as const;

/** The site's origin, which the proxy tells the API (identity providers send people back there). */
export const SITE_ORIGIN_HEADER = 'x-site-origin';
/** The brand the site is, which the proxy tells the API (policy texts name its company). */
export const BRAND_HEADER = 'x-brand';
/** Where NICE sends the person back after identity verification (an edge page). */
export const NICE_RETURN_PATH = '/callback/nice';

/** Paths the gate never redirects (docs/architecture.md, "Contracts": Gate), matched as path prefixes. */
export const EXEMPT_PATHS = ['/callback', '/api', '/robots.txt', '/sitemap.xml'] as const;
/** The second list: EXEMPT_PATHS plus the auth pages. */
export const AUTH_EXEMPT_PATHS = [...EXEMPT_PATHS, '/signin', '/signup', '/find', '/guest-auth'] as const;
/** The maintenance list: the first list plus the maintenance page itself (sign-in is closed too). */
export const MAINTENANCE_EXEMPT_PATHS = [...EXEMPT_PATHS, '/notices/maintenance'] as const;

export const MAINTENANCE_PATH = '/notices/maintenance';
/** Where a guest verifies their age to watch adult-only broadcasts without an account (open in emergency mode). */
export const GUEST_AUTH_PATH = '/guest-auth';
/** What that page calls with the verification; the proxy turns the answer's pass into the guestPass cookie. */
export const GUEST_PASS_PATH = '/api/guest/adult-pass';
export const SIGNIN_PATH = '/signin';
/** The expiry flow: where a dormant account is woken (under /signin: open in emergency mode too). */
export const EXPIRE_PATH = '/signin/expire';
/** The member's lists (subscriptions, subscribers, items, gifts), linked from my page. */
export const MY_LISTS_PATH = '/my/lists';

/** Application types: `embedded` inside the native wrapper, `main` otherwise. */
export const APP_TYPES = ['main', 'embedded'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** The token our native apps add to their webview's user agent: `FlexLiveApp/<version>`. */
export const NATIVE_UA_TOKEN = 'FlexLiveApp';

/** Header every call through the proxy carries, so the API can tell web traffic from other clients. */
export const CLIENT_HEADER = 'X-Flx-Client';
/** Header asking a page route for its props as JSON (client-side navigation). */
export const PAGE_PROPS_HEADER = 'X-Page-Props';

export function isExempt(path: string, list: readonly string[]): boolean {
  return list.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || path.startsWith(`${prefix}?`));
}
