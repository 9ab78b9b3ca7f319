/**
 * Numbers, money, dates and durations as the page writes them: one function per job, the page's locale passed in.
 * Dates are in Korean time on server and browser alike, so hydration matches what the server wrote.
 */

/**
 * Intl formatters, built once per locale and options: building one loads the locale's data, which cost the
 * channel page's hydration about 15 ms on this machine (60 ms under Lighthouse's 4x CPU throttle) when every
 * count on the page built its own.
 */
const built = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) => once(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) => once(`d${locale}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = built.get(key) as T | undefined;
  if (!found) {
    found = make();
    built.set(key, found);
  }
  return found;
}

/** The locales that write whole numbers in Latin digits with a comma every three (tests/unit/shared.test.ts checks). */
const COMMA_GROUPED = new Set(['ko', 'en', 'zh', 'ja', 'th']);

/**
 * A whole number as the language writes it (1,234 / 1.234): counts and amounts. Not Intl.NumberFormat where the
 * locale groups with commas: the page's first Intl.NumberFormat cost about 16 ms of the channel page's hydration on
 * this machine (a 65 ms long task under Lighthouse's 4x CPU throttle), whatever the cache. Other numbers and
 * locales go through Intl.
 */
export function formatInteger(n: number, locale: string): string {
  if (!Number.isSafeInteger(n) || !COMMA_GROUPED.has(locale)) return numberFormat(locale).format(n);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Won in the reader's language: ₩12,000. */
export const formatKrw = (amount: number, locale: string) => numberFormat(locale, { style: 'currency', currency: 'KRW' }).format(amount);

/** A date in the reader's language, in Korean time (2026. 12. 1.). */
export const formatDate = (ms: number, locale: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(ms);

/** A date and the time of day (hours and minutes) in the reader's language, in Korean time. */
export const formatDateTime = (ms: number, locale: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(ms);

const two = (n: number) => String(n).padStart(2, '0');

/** 1:02:03 or 02:03: digits read the same in every language. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
