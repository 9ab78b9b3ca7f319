/**
 * Numbers, dates and durations as the page writes them: one function per job, the page's locale passed in.
 * Dates are in Korean time on server and browser alike, so hydration matches what the server wrote. Amounts in
 * won and a date with its time are in format-detail.ts: the home page's first load needs neither.
 */

export const two = (n: number) => String(n).padStart(2, '0');

/**
 * Intl formatters, built once per locale and options: building one loads the locale's data, which cost the
 * channel page's hydration about 15 ms on this machine (60 ms under Lighthouse's 4x CPU throttle) when every
 * count on the page built its own.
 */
const built = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) => once(`n${locale}${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) => once(`d${locale}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = built.get(key) as T | undefined;
  if (!found) {
    found = make();
    built.set(key, found);
  }
  return found;
}

/** The locales that write whole numbers in Latin digits with a comma every three (tests/unit/shared.test.ts checks). */
export const COMMA_GROUPED = new Set(['ko', 'en', 'zh', 'ja', 'th']);

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

/**
 * Korean time has been UTC+9 all year since this moment (the end of the 1988 summer time); before it, and in
 * locales we do not write by hand, dates go through Intl.
 */
const FIXED_KST_SINCE_MS = Date.UTC(1988, 9, 9);
const KST_OFFSET_MS = 9 * 3_600_000;
const EN_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const TH_MONTHS = 'ม.ค. ก.พ. มี.ค. เม.ย. พ.ค. มิ.ย. ก.ค. ส.ค. ก.ย. ต.ค. พ.ย. ธ.ค.'.split(' ');
/** Thai dates count years in the Buddhist era, as Intl's th calendar does. */
const BUDDHIST_ERA_OFFSET = 543;

/** A moment in Korean time: year, month (1-12), day, hour (0-23), minute (and what follows in an ISO string). */
export type KstParts = [year: number, month: number, day: number, hour: number, minute: number];

/**
 * The moment's calendar fields in Korean time, where they are written by hand; null where Intl writes them. Read from
 * the ISO string of the moment moved by Korean time's offset (which throws a RangeError for a moment that is not one,
 * as Intl does).
 */
export function kstParts(ms: number, locale: string): KstParts | null {
  if (ms < FIXED_KST_SINCE_MS || !COMMA_GROUPED.has(locale)) return null;
  return new Date(ms + KST_OFFSET_MS).toISOString().split(/\D/).map(Number) as KstParts;
}

/** The medium date style of each locale, as Chromium's Intl writes it. */
export function writeDate([year, month, day]: KstParts, locale: string): string {
  switch (locale) {
    case 'en':
      return `${EN_MONTHS[month - 1]} ${day}, ${year}`;
    case 'zh':
      return `${year}年${month}月${day}日`;
    case 'ja':
      return `${year}/${two(month)}/${two(day)}`;
    case 'th':
      return `${day} ${TH_MONTHS[month - 1]} ${year + BUDDHIST_ERA_OFFSET}`;
    default:
      return `${year}. ${month}. ${day}.`;
  }
}

/**
 * A date in the reader's language, in Korean time (2026. 12. 1.). Written by hand in our locales: a page's first
 * Intl formatter loads the locale's data, 30-120 ms of the main thread in a fresh page here whatever the options.
 */
export function formatDate(ms: number, locale: string): string {
  const parts = kstParts(ms, locale);
  return parts ? writeDate(parts, locale) : dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(ms);
}

/** 1:02:03 or 02:03: digits read the same in every language. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
