import { createMiddleware } from 'hono/factory';
import { languageDetector } from 'hono/language';
import { translatorFor, type Translate } from './i18n';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../shared/locales';

/** Hono's Accept-Language reading (q-values and all), for callers that name no locale of their own. */
const fromAcceptLanguage = languageDetector({
  order: ['header'],
  supportedLanguages: [...LOCALES],
  fallbackLanguage: DEFAULT_LOCALE,
  convertDetectedLanguage: (lang) => lang.slice(0, 2).toLowerCase(),
  caches: false,
});

/**
 * The locale of a caller that is not a page: X-Locale (the proxy sends the page's locale there), else
 * Accept-Language (native apps, encoders, players), else Korean. Sets `locale` and `t`, which every
 * refusal's message is written with. The API, the live routes and the chat socket use it; pages have the
 * brand's own (src/middleware/locale.ts: cookie first, the brand's locales only).
 */
export const callerLocale = () =>
  createMiddleware<{ Variables: { locale: Locale; t: Translate } }>(async function callerLocale(c, next) {
    const explicit = c.req.header('x-locale');
    let chosen: Locale = DEFAULT_LOCALE;
    if (isLocale(explicit)) chosen = explicit;
    else {
      await fromAcceptLanguage(c, async () => {});
      const detected = c.get('language' as never) as unknown;
      if (isLocale(detected)) chosen = detected;
    }
    c.set('locale', chosen);
    c.set('t', translatorFor(chosen));
    await next();
  });
