import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { APP_TYPES, COOKIE, NO_ACCESS_TOKEN, SECONDS, type AppType } from '../shared/constants';
import { setBrandCookie } from '../lib/cookies';
import { nativeAppVersion } from '../shared/native-app';

const UUID_PATTERN = /^[0-9a-f]{10}$/;
const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod/i;

export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export { nativeAppVersion };

export function appTypeFor(queryApp: string | undefined, appVersion: number | null): AppType {
  if (queryApp && (APP_TYPES as readonly string[]).includes(queryApp)) return queryApp as AppType;
  return appVersion !== null ? 'embedded' : 'main';
}

export function isLoggedIn(accessCookie: string | undefined): boolean {
  return !!accessCookie && accessCookie !== NO_ACCESS_TOKEN;
}

/**
 * Who is asking: device id (flx_uuid), logged-in state, device and app type (the query's `app`, else embedded
 * inside the native apps, else main). In the embedded app type the access cookie and the app's copy of it are
 * re-set on the brand's domain with path /.
 */
export const clientContext = () =>
  createMiddleware<AppEnv>(async function clientContext(c, next) {
    const ua = c.req.header('user-agent') ?? '';
    const appVersion = nativeAppVersion(ua);
    const appType = appTypeFor(c.req.query('app'), appVersion);
    c.set('appVersion', appVersion);
    c.set('appType', appType);
    c.set('isMobile', appVersion !== null || MOBILE_UA.test(ua));

    let deviceId = getCookie(c, COOKIE.uuid);
    const fresh = !deviceId || !UUID_PATTERN.test(deviceId);
    if (fresh) deviceId = newDeviceId();
    c.set('deviceId', deviceId!);

    const access = getCookie(c, COOKIE.access);
    const accessToken = isLoggedIn(access) ? access : undefined;
    c.set('loggedIn', accessToken !== undefined);
    c.set('accessToken', accessToken);

    if (fresh) setBrandCookie(c, COOKIE.uuid, deviceId!, { maxAge: SECONDS.uuidMaxAge });
    if (appType === 'embedded' && accessToken) {
      setBrandCookie(c, COOKIE.access, accessToken, { httpOnly: true });
      setBrandCookie(c, COOKIE.appAccess, accessToken, { httpOnly: true });
    }
    await next();
  });
