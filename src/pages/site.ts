import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { COOKIE, SECONDS } from '../shared/constants';
import { isLocale } from '../shared/locales';
import { safeCallbackPath } from '../shared/callback-url';
import { setBrandCookie } from '../lib/cookies';
import { isProductionEnv } from '../shared/environment';
import { PAGE_SCOPES, purgePages } from '../edge-cache';
import { DEV_PREFIX } from '../proxy/proxy';

/** Brand resources and settings that answer during maintenance too. */
export const site = new Hono<AppEnv>()
  .get('/healthz', (c) => c.text('ok'))
  // Browsers ask /favicon.ico of any document without an icon of its own (a text or image answer): the brand's icon.
  .get('/favicon.ico', (c) => {
    c.header('cache-control', 'public, max-age=86400');
    return c.redirect(c.var.brand.icons.favicon, 302);
  })
  /**
   * Development only (404 in production, like /__dev/outbox): purge every cached page. The browser
   * tests call it after writing to D1 behind the app's back (tests/e2e/fixtures.ts d1()), as the app's
   * own writes purge what they change (src/edge-cache/epochs.ts).
   */
  .post(`${DEV_PREFIX}page-cache/purge`, async (c) => {
    if (isProductionEnv(c.env.ENVIRONMENT)) return c.notFound();
    await purgePages(c.env, [PAGE_SCOPES.site]);
    return c.body(null, 204);
  })
  .get('/manifest.json', (c) => {
    const { brand } = c.var;
    c.header('cache-control', 'public, max-age=300');
    return c.json({
      name: brand.serviceName,
      short_name: brand.serviceName,
      description: brand.seo.description,
      lang: c.var.locale,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: brand.colors.background,
      theme_color: brand.colors.primary,
      icons: [
        { src: brand.icons.appIcon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: brand.icons.favicon, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    });
  })
  /**
   * Set the locale (cookie, one year). Form posts get a 303 back to `redirect`; fetch callers asking for
   * JSON get JSON. A locale the brand does not support is an error and changes nothing.
   */
  .post('/locale', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const requested = form.locale;
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    if (!isLocale(requested) || !c.var.brand.locales.includes(requested)) {
      const message = c.var.t('locale.unsupported');
      return wantsJson ? c.json({ error: { code: 'UNSUPPORTED_LOCALE', message } }, 400) : c.text(message, 400);
    }
    setBrandCookie(c, COOKIE.locale, requested, { maxAge: SECONDS.year });
    if (wantsJson) return c.json({ locale: requested });
    const back = safeCallbackPath(typeof form.redirect === 'string' ? form.redirect : null) ?? '/';
    return c.redirect(back, 303);
  });
