// Formats the home page's first load does not need (amounts in won, a date with its time of day), apart from
// format.ts so that load stays within its budget (scripts/size.mjs). The same rules as there: our five locales
// written by hand, Intl for the rest.
import { COMMA_GROUPED, dateTimeFormat, formatInteger, type KstParts, kstParts, numberFormat, two, writeDate } from './format';

/**
 * Won in the reader's language: ₩12,000. Whole amounts in our locales are written here rather than by
 * Intl.NumberFormat, for the reason formatInteger (format.ts) gives; every locale we serve writes them the same way.
 */
export function formatKrw(amount: number, locale: string): string {
  if (!Number.isSafeInteger(amount) || !COMMA_GROUPED.has(locale)) return numberFormat(locale, { style: 'currency', currency: 'KRW' }).format(amount);
  return `${amount < 0 ? '-' : ''}₩${formatInteger(Math.abs(amount), locale)}`;
}

/** The short time style of each locale (12-hour in ko and en), as Chromium's Intl writes it. */
function writeTime([, , , hour, minute]: KstParts, locale: string): string {
  const hour12 = hour % 12 || 12;
  switch (locale) {
    case 'en':
      return `${hour12}:${two(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
    case 'ko':
      return `${hour < 12 ? '오전' : '오후'} ${hour12}:${two(minute)}`;
    case 'ja':
      return `${hour}:${two(minute)}`;
    default:
      return `${two(hour)}:${two(minute)}`;
  }
}

/** A date and the time of day (hours and minutes) in the reader's language, in Korean time; by hand as formatDate. */
export function formatDateTime(ms: number, locale: string): string {
  const parts = kstParts(ms, locale);
  if (!parts) return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(ms);
  return `${writeDate(parts, locale)}${locale === 'en' ? ',' : ''} ${writeTime(parts, locale)}`;
}
