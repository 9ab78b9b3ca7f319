/** A date in the viewer's language, in Korean time on server and browser alike (no hydration mismatch). */
export function formatDate(ms: number, locale: string, withTime = false): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone: 'Asia/Seoul' }).format(ms);
}
