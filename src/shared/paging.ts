// Paging, one shape for every paged list: the ?offset&limit request (defaults per list, at most MAX_PAGE_LIMIT)
// and the answer's paging beside its items. The API's routes validate with pageQuery, src/db reads a page with
// pagedList (src/db/paging.ts), and the answer schemas extend pageInfoSchema. The browser imports the constants
// from paging-limits.ts, which has no zod: this module builds pageInfoSchema as it loads.
import * as z from 'zod';
import { MAX_PAGE_LIMIT, PAGE_DEFAULTS } from './paging-limits';

export { MAX_PAGE_LIMIT, PAGE_DEFAULTS, type PageRequest } from './paging-limits';

/** ?offset&limit, by default offset 0, limit `defaultLimit`, at most `maxLimit` (MAX_PAGE_LIMIT unless the list says less). */
export const pageQuery = (defaultLimit: number, maxLimit: number = MAX_PAGE_LIMIT) =>
  z.object({
    offset: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .default(PAGE_DEFAULTS.offset),
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(maxLimit))
      .default(defaultLimit),
  });

/** Paging of a list answer: the page asked for and how many rows the whole list has. */
export const pageInfoSchema = z.object({ offset: z.int().nonnegative(), limit: z.int().positive(), total: z.int().nonnegative() });
/** A list answer: `items` plus paging. */
export const listResponseSchema = <T extends z.ZodType>(item: T) => pageInfoSchema.extend({ items: z.array(item) });
export type ListResponse<T> = { items: T[] } & z.infer<typeof pageInfoSchema>;
