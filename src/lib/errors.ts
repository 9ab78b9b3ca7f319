import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translatorFor, type Translate } from './i18n';
import { DEFAULT_LOCALE } from '../shared/locales';
import type { ApiErrorBody } from '../shared/api-schemas';

/**
 * The one way Worker code says no: thrown from a service, a route or a middleware, and answered by the
 * app's onError (the API's, and the edge's for /live and /chat) as the error envelope
 * `{ error: { code, message, fields? } }`, the message in the caller's language. Its schema
 * (src/shared/api-schemas.ts) is what the OpenAPI document references for every refusal. The published
 * contract's own shapes (sign-in, sign-up, the expired session's 401) are answered by their routes, not here.
 */
export class Refusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    /** The locales/ key of the message. */
    readonly messageKey: string,
    /** Which request fields are wrong: field name → locales/ key, or the validator's issue code. */
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

export type { ApiErrorBody };

export function refusalBody(t: Translate, refusal: Refusal): ApiErrorBody {
  return { error: { code: refusal.code, message: t(refusal.messageKey), ...(refusal.fields ? { fields: refusal.fields } : {}) } };
}

/** The envelope of a refusal, in the language the locale middleware chose for this request. */
export function refusalResponse(c: Context, refusal: Refusal): Response {
  const t = (c.get('t' as never) as Translate | undefined) ?? translatorFor(DEFAULT_LOCALE);
  return c.json(refusalBody(t, refusal), refusal.status);
}
