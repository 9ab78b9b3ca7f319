// Marks hono-openapi reads off a route's middlewares when it builds the API's document (src/api/openapi.ts):
// any Worker route that validates with src/lib/validate.ts or refuses in a middleware is described by them.
import type { ValidationTargets } from 'hono';
import type * as z from 'zod';
import { resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';

/**
 * Mark a middleware with what it adds to every route that uses it (security, its refusals); hono-openapi
 * merges the mark into each such operation, as it does a describeRoute().
 */
export function documents<M extends object>(middleware: M, spec: DescribeRouteOptions): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

/**
 * Mark a validator with the schema it validates, the same mark hono-openapi's own validator() sets, so
 * the route's parameters and request body are documented from that schema while the validation itself
 * stays zValidator's with our localized hook (src/lib/validate.ts). A form is urlencoded (the refresh call)
 * unless it carries files (multipart/form-data: notices, the channel profile).
 */
export function withSchema<M extends object>(middleware: M, target: keyof ValidationTargets, schema: z.ZodType, formMedia = 'application/x-www-form-urlencoded'): M {
  const options = target === 'form' ? { media: formMedia } : undefined;
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema), options } });
}
