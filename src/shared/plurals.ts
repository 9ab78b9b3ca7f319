/**
 * Plural forms in messages. A message counted by a `count` param is written once for every count, under its key.
 * English also writes the singular, under `<key>_one` ("followers_one": "{{count}} follower"): Intl.PluralRules
 * gives English 'one' for exactly 1 written without decimals, and Korean, Chinese, Japanese and Thai a single form
 * ('other') for every count, so only locales/en.json has such keys (tests/unit/shared.test.ts holds both to Intl).
 */
export const PLURAL_ONE_SUFFIX = '_one';

/**
 * The key of the singular form to try before `key`, or null where the key's own form is the one. The count may be a
 * number or the text the page writes it as (formatInteger): 1 is "1" in every locale we ship.
 */
export function singularKey(locale: string, key: string, params: Record<string, string | number> | undefined): string | null {
  return locale === 'en' && params !== undefined && String(params.count) === '1' ? `${key}${PLURAL_ONE_SUFFIX}` : null;
}
