import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translatorFor } from './i18n';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../shared/locales';
import type { ApiErrorBody } from '../shared/api-schemas';

/**
 * The API's one error envelope where SPEC names no field of its own:
 * `{ error: { code, message } }`, message in the caller's language (X-Locale, else Accept-Language).
 * Its schema (src/shared/api-schemas.ts) is what the OpenAPI document references for every refusal.
 */
export type { ApiErrorBody };

export function requestLocale(c: Context): Locale {
  const explicit = c.req.header('x-locale');
  if (isLocale(explicit)) return explicit;
  const accept = c.req.header('accept-language')?.slice(0, 2).toLowerCase();
  return isLocale(accept) ? accept : DEFAULT_LOCALE;
}

export function apiError(c: Context, status: ContentfulStatusCode, code: string, messageKey: string, fields?: Record<string, string>) {
  const t = translatorFor(requestLocale(c));
  const body: ApiErrorBody = { error: { code, message: t(messageKey), ...(fields ? { fields } : {}) } };
  return c.json(body, status);
}
