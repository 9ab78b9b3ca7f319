import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { Refusal } from './errors';
import { withSchema } from './openapi-marks';

/**
 * zod validation for any request part; failures answer 400 in the caller's language and change nothing.
 * The schema is also what the OpenAPI document shows for that part (withSchema).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T, formMedia?: 'multipart/form-data') {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      let messageKey = 'errors.badRequest';
      for (const issue of result.error.issues) {
        // A check of our own may name the message that says what to change (refine's params.messageKey).
        const own = issue.code === 'custom' && typeof issue.params?.messageKey === 'string' ? (issue.params.messageKey as string) : null;
        fields[issue.path.join('.') || target] = own ?? issue.code;
        if (own && messageKey === 'errors.badRequest') messageKey = own;
      }
      throw new Refusal(400, 'BAD_REQUEST', messageKey, fields);
    }
  });
  const middleware: typeof validator = target === 'query' ? (c, next) => validator(withoutEmptyQuery(c), next) : validator;
  return withSchema(middleware, target, schema, formMedia);
}

/**
 * A query parameter given empty (`?filter=&title=`, as a form or a client that fills every key sends it) means the
 * parameter is not given: an optional one takes its default, a required one is missing.
 */
function withoutEmptyQuery<C extends Context>(c: C): C {
  const url = new URL(c.req.url);
  const kept = [...url.searchParams].filter(([, value]) => value !== '');
  if (kept.length === url.searchParams.size) return c;
  url.search = new URLSearchParams(kept).toString();
  c.req.raw = new Request(url, c.req.raw);
  return c;
}

/** A multipart form (files among its fields), documented as multipart/form-data. */
export const validateMultipart = <T extends z.ZodType>(schema: T) => validate('form', schema, 'multipart/form-data');
