// The page sizes of paged lists, without zod (the schemas are in paging.ts): the browser takes these.

/** The most items a list call answers at once. */
export const MAX_PAGE_LIMIT = 100;

/** Page defaults: offset 0; 20 streams, 10 items, 100 emoji, 2 recordings a page. */
export const PAGE_DEFAULTS = { offset: 0, streamLimit: 20, itemLimit: 10, emojiLimit: 100, recordedLimit: 2 } as const;

/** Which page of a list: skip `offset` rows, answer at most `limit`. */
export interface PageRequest {
  offset: number;
  limit: number;
}
