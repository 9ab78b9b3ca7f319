// Search, the parts both ends read without zod: the kinds of results and what a query is (the header's box, in every
// page's first load, imports only search-path.ts). The rules: docs/product/community.md, "Search".

import { SEARCH_PATH } from './search-path';

export { SEARCH_PATH };

/** The kinds of results, in the order the page shows them (its tabs after "all"). */
export const SEARCH_KINDS = ['channels', 'lives', 'recordings', 'notices', 'posts'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export type SearchTab = 'all' | SearchKind;
/** Written out (no spread of SEARCH_KINDS): a bundle keeps a spread it cannot prove free of effects. */
export const SEARCH_TABS: readonly SearchTab[] = ['all', 'channels', 'lives', 'recordings', 'notices', 'posts'];

/** A query is 2 to 50 characters once trimmed (runs of spaces count as one); one character finds too much to be useful. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 50;

/** The query as searched: trimmed, spaces collapsed, control characters dropped (the index uses one as its end mark). */
export const normalizeQuery = (q: string): string =>
  q
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');

/** Its length in characters (code points: a Korean syllable or an emoji is one). */
export const queryLength = (q: string): number => [...q].length;

/** The locales/ key of the refusal for a query that is not 2 to 50 characters, or null when it is one. */
export function queryProblem(q: string): 'search.tooShort' | 'search.tooLongQuery' | null {
  const n = queryLength(normalizeQuery(q));
  if (n < SEARCH_MIN_CHARS) return 'search.tooShort';
  if (n > SEARCH_MAX_CHARS) return 'search.tooLongQuery';
  return null;
}

/** The results page of `q`, on `tab` (all: left out). */
export const searchHref = (q: string, tab: SearchTab = 'all'): string => `${SEARCH_PATH}?q=${encodeURIComponent(q)}${tab === 'all' ? '' : `&tab=${tab}`}`;
