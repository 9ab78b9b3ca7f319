import { createContext, useContext, useMemo, type ReactNode } from 'react';
import rosetta from 'rosetta';
import type { Locale, Messages } from '../../src/shared/locales';
import { fitParticles } from '../../src/shared/korean-particles';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const I18nContext = createContext<Translate>((key) => key);

/**
 * A rosetta instance over the page's messages; a missing key shows the key itself. Korean particles after a
 * filled-in word take the form that fits it (korean-particles.ts).
 */
export function createTranslate(locale: Locale, messages: Messages): Translate {
  const i18n = rosetta<Messages>({ [locale]: messages });
  i18n.locale(locale);
  return (key, params) => {
    const text = i18n.t(key, params);
    return text ? fitParticles(text) : key;
  };
}

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const t = useMemo(() => createTranslate(locale, messages), [locale, messages]);
  return <I18nContext.Provider value={t}>{children}</I18nContext.Provider>;
}

export function useT(): Translate {
  return useContext(I18nContext);
}

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
const COMMA_GROUPED = new Set(['ko', 'en', 'zh', 'ja', 'th']);

/**
 * A whole number as the language writes it (1,234). Counts and amounts on first render come from here, not
 * Intl.NumberFormat: the page's first Intl.NumberFormat cost about 16 ms of the channel page's hydration on this
 * machine (a 65 ms long task under Lighthouse's 4x CPU throttle), whatever the cache. Other numbers and locales go
 * through Intl.
 */
export function formatInteger(n: number, locale: string): string {
  if (!Number.isSafeInteger(n) || !COMMA_GROUPED.has(locale)) return numberFormat(locale).format(n);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
