import rosetta from 'rosetta';
import { fitParticles } from '../shared/korean-particles';
import { DEFAULT_LOCALE, LOCALES, type Locale, type Messages } from '../shared/locales';
import { singularKey } from '../shared/plurals';
import ko from '../../locales/ko.json';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import ja from '../../locales/ja.json';
import th from '../../locales/th.json';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const bundled: Record<Locale, Messages> = { ko, en, zh, ja, th };

/** The messages of one locale; on failure a warning and an empty dictionary (the page renders without them). */
export function loadMessages(locale: Locale, source: Record<string, Messages | undefined> = bundled): Messages {
  const messages = source[locale];
  if (!messages) {
    console.warn(`locale messages for ${locale} could not be loaded; rendering without them`);
    return {};
  }
  return messages;
}

const translator = rosetta<Messages>(Object.fromEntries(LOCALES.map((l) => [l, bundled[l]])));

/**
 * A translator bound to one locale, falling back to Korean, then to the key itself. A count of one takes the
 * language's singular where it writes one (plurals.ts); Korean particles after a filled-in word take the form that
 * fits it (korean-particles.ts), as in the browser's (client/i18n/i18n.tsx).
 */
export function translatorFor(locale: Locale): Translate {
  return (key, params) => {
    const singular = singularKey(key, params);
    const text = (singular && translator.t(singular, params, locale)) || translator.t(key, params, locale) || translator.t(key, params, DEFAULT_LOCALE);
    return text ? fitParticles(text) : key;
  };
}
