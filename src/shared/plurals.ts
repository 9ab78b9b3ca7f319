/**
 * Plural forms in messages. A message counted by a `count` param is written under its key for every count but one,
 * and under `<key>_one` for a count of one ("followers_one": "{{count}} follower"). Every locale writes both: English
 * has a singular (Intl.PluralRules' 'one', exactly 1 written without decimals); Korean, Chinese, Japanese and Thai
 * have one form for every count, so their `_one` is the same text (tests/unit/shared.test.ts holds both to Intl).
 */
export const PLURAL_ONE_SUFFIX = '_one';

/**
 * The key to look up before `key`: its singular for a count of one, else null. The count may be a number or the text
 * the page writes it as (formatInteger): 1 is "1" in every locale we ship.
 */
export function singularKey(key: string, params: Record<string, string | number> | undefined): string | null {
  return params !== undefined && String(params.count) === '1' ? `${key}${PLURAL_ONE_SUFFIX}` : null;
}
