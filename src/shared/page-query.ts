// The ?offset&limit query every paged list takes (PAGE_DEFAULTS), shared by the API's routes and the
// request schemas in src/shared (which may not import routes).
import * as z from 'zod';
import { MAX_PAGE_LIMIT, PAGE_DEFAULTS } from './streams-api';

/** ?offset&limit, by default offset 0, limit `defaultLimit`, at most MAX_PAGE_LIMIT. */
export const pageQuery = (defaultLimit: number) =>
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
      .pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT))
      .default(defaultLimit),
  });
