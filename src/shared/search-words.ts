// Words a member searches for with SQL LIKE: the one way to turn them into a pattern, and the bound on them.
// D1 refuses a LIKE or GLOB pattern over 50 bytes ("LIKE or GLOB pattern too complex", an error, not an empty
// result), so the bound is on the pattern's UTF-8 bytes: 16 Korean syllables (3 bytes each) or 48 ASCII
// characters, an escaped % or _ counting twice. No zod here: the schemas and the page share it.

/** D1's limit on a LIKE or GLOB pattern, in bytes. */
export const LIKE_PATTERN_MAX_BYTES = 50;

/** A LIKE pattern (with ESCAPE '\') that matches `words` anywhere, %, _ and \ taken literally. */
export const likeContaining = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const encoder = new TextEncoder();

/** Whether a search for `words` stays within the pattern D1 accepts. */
export const fitsLikePattern = (words: string) => encoder.encode(likeContaining(words)).length <= LIKE_PATTERN_MAX_BYTES;

/** The locales/ key of the message for words that do not fit. */
export const SEARCH_TOO_LONG_KEY = 'search.tooLong';
