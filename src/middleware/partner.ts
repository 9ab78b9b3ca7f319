import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { COOKIE, SECONDS } from '../shared/constants';
import { setBrandCookie } from '../lib/cookies';
import { callApi, callerOf, waitUntil } from '../proxy/caller';

const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Partner referrals: a partnerCode (query or cookie) is registered while nobody is logged in; an
 * appkey+pinkey pair only when both are present and neither partner cookie exists.
 */
export const partner = () =>
  createMiddleware<AppEnv>(async function partner(c, next) {
    if (!c.var.loggedIn) {
      const fromQuery = c.req.query('partnerCode');
      const fromCookie = getCookie(c, COOKIE.partnerCode);
      if (fromQuery && CODE.test(fromQuery) && fromQuery !== fromCookie) {
        const res = await callApi(c, callerOf(c), '/api/partners', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ partnerCode: fromQuery }),
        }).catch(() => null);
        if (res?.ok) setBrandCookie(c, COOKIE.partnerCode, fromQuery, { maxAge: SECONDS.year });
      } else if (fromCookie && CODE.test(fromCookie)) {
        // Already validated when the cookie was set; registration is idempotent per device.
        waitUntil(c, callApi(c, callerOf(c), '/api/partners', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ partnerCode: fromCookie }) }));
      }
    }

    const appkey = c.req.query('appkey');
    const pinkey = c.req.query('pinkey');
    const hasPartnerCookie = getCookie(c, COOKIE.pincAppkey) !== undefined || getCookie(c, COOKIE.pincPinkey) !== undefined;
    if (appkey && pinkey && KEY.test(appkey) && KEY.test(pinkey) && !hasPartnerCookie) {
      const res = await callApi(c, callerOf(c), `/api/guest/pincrux?${new URLSearchParams({ appkey, pinkey })}`).catch(() => null);
      if (res?.ok) {
        setBrandCookie(c, COOKIE.pincAppkey, appkey, { maxAge: SECONDS.year });
        setBrandCookie(c, COOKIE.pincPinkey, pinkey, { maxAge: SECONDS.year });
      }
    }
    await next();
  });
