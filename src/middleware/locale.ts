import { createMiddleware } from 'hono/factory';
import { languageDetector } from 'hono/language';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/env';
import { COOKIE } from '../shared/constants';
import { isLocale, DEFAULT_LOCALE } from '../shared/locales';
import type { Brand } from '../shared/brand-schema';
import { translatorFor } from '../lib/i18n';

const detectors = new Map<string, MiddlewareHandler>();

/** Hono's detector, limited to the brand's locales: cookie first, then Accept-Language. */
function detectorFor(brand: Brand): MiddlewareHandler {
  const key = `${brand.id}:${brand.locales.join(',')}:${brand.defaultLocale}`;
  let detector = detectors.get(key);
  if (!detector) {
    detector = languageDetector({
      order: ['cookie', 'header'],
      lookupCookie: COOKIE.locale,
      supportedLanguages: brand.locales,
      fallbackLanguage: brand.defaultLocale,
      convertDetectedLanguage: (lang) => lang.slice(0, 2).toLowerCase(),
      caches: false,
    });
    detectors.set(key, detector);
  }
  return detector;
}

export const locale = () =>
  createMiddleware<AppEnv>(async function locale(c, next) {
    await detectorFor(c.var.brand)(c, async () => {});
    const detected = c.get('language' as never) as unknown;
    const chosen = isLocale(detected) && c.var.brand.locales.includes(detected) ? detected : (c.var.brand.defaultLocale ?? DEFAULT_LOCALE);
    c.set('locale', chosen);
    c.set('t', translatorFor(chosen));
    await next();
  });
