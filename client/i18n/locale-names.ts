import type { Locale } from '../../src/shared/locales';

/**
 * Each locale's name in its own language, for the language menu: the same in every locale, so not in the
 * dictionaries. Intl.DisplayNames gives the same names (tests/unit/shared.test.ts checks), but building one per
 * locale cost the channel page's hydration about 15 ms on this machine, 60 ms under Lighthouse's 4x throttle.
 */
export const LOCALE_NAMES: Record<Locale, string> = { ko: '한국어', en: 'English', zh: '中文', ja: '日本語', th: 'ไทย' };
