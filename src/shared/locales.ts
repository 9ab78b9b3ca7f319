export const LOCALES = ['ko', 'en', 'zh', 'ja', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A flat or nested message dictionary, as stored in locales/<lang>.json. */
export type Messages = { [key: string]: string | Messages };
