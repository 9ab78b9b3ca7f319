import { dateTimeFormat } from '../../i18n/i18n';

/** A date in the viewer's language, in Korean time on server and browser alike (no hydration mismatch). */
export function formatDate(ms: number, locale: string, withTime = false): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone: 'Asia/Seoul' }).format(ms);
}
