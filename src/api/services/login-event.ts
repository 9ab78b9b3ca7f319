import type { Translate } from '../../lib/i18n';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const kstDay = (ms: number) => Math.floor((ms + KST_OFFSET_MS) / 86_400_000);

/** The attendance popup: the first login of a (Korean) day carries an event; later ones don't. */
export function loginEvent(lastLoginAt: number | null, t: Translate, now = Date.now()): { title: string; body: string } | null {
  if (lastLoginAt !== null && kstDay(lastLoginAt) === kstDay(now)) return null;
  return { title: t('loginEvent.attendanceTitle'), body: t('loginEvent.attendanceBody') };
}
