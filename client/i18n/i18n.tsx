import { createContext, useContext, useMemo, type ReactNode } from 'react';
import rosetta from 'rosetta';
import type { Locale, Messages } from '../../src/shared/locales';
import { fitParticles } from '../../src/shared/korean-particles';
import { singularKey } from '../../src/shared/plurals';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const I18nContext = createContext<Translate>((key) => key);

/**
 * A rosetta instance over the page's messages; a missing key shows the key itself. A count of one takes the
 * language's singular where it writes one (plurals.ts). Korean particles after a filled-in word take the form that
 * fits it (korean-particles.ts).
 */
export function createTranslate(locale: Locale, messages: Messages): Translate {
  const i18n = rosetta<Messages>({ [locale]: messages });
  i18n.locale(locale);
  return (key, params) => {
    const singular = singularKey(key, params);
    const text = (singular && i18n.t(singular, params)) || i18n.t(key, params);
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
