// Response shapes every part of the API shares (the error envelope, plain acknowledgements) and those of
// the small status, policy and partner calls, as zod schemas: the OpenAPI document is generated from
// them and the types below are inferred from them.
import * as z from 'zod';

/**
 * The API's one error envelope where the published contract names no field of its own (sign-in, sign-up and
 * refresh keep theirs; see account-schemas.ts). The message is already in the caller's language (X-Locale, else
 * Accept-Language), so a client shows it as it is and branches on `code`.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable and machine-readable: BAD_REQUEST, SESSION_INVALID, CHANNEL_NOT_FOUND, ...'),
      message: z.string().describe("In the caller's language, ready to show"),
      fields: z.record(z.string(), z.string()).optional().describe('A request that failed validation: each offending field and why'),
    }),
  })
  .meta({ id: 'ApiError', description: 'The error envelope: every refusal outside sign-in, sign-up and refresh' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A change that has nothing to tell but that it worked. */
export const okResponseSchema = z.object({ ok: z.literal(true) }).meta({ id: 'OkResponse' });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** The timecheck: status true means maintenance; status false with defenceMode means emergency. */
export const timecheckResponseSchema = z
  .object({ status: z.boolean().describe('Maintenance'), defenceMode: z.boolean().describe('Emergency (only while not in maintenance)') })
  .meta({ id: 'TimecheckResponse' });
export type TimecheckResponse = z.infer<typeof timecheckResponseSchema>;

/** The apps' own form of the flags (GET /api/guest/timeCheck/9?ver=2); the apps read it spelt isMantenace. */
export const appTimecheckResponseSchema = z.object({ isMantenace: z.boolean(), isEmergency: z.boolean() }).meta({ id: 'AppTimecheckResponse' });
export type AppTimecheckResponse = z.infer<typeof appTimecheckResponseSchema>;

/** GET /static/{file}: a policy text in the caller's language. */
export const policyTextSchema = z
  .object({ title: z.string(), body: z.string(), locale: z.string().describe("The text's language: the caller's where translated, else ko") })
  .meta({ id: 'PolicyText' });
export type PolicyText = z.infer<typeof policyTextSchema>;

/** POST /api/partners: the partner this device now belongs to. */
export const partnerRegistrationSchema = z.object({ partnerCode: z.string(), name: z.string(), marketing: z.boolean() }).meta({ id: 'PartnerRegistration' });
export type PartnerRegistration = z.infer<typeof partnerRegistrationSchema>;

/** GET /__dev/outbox (development only): what the offline SMS adapter 'sent', newest first. */
export const devOutboxSchema = z.array(z.object({ id: z.int(), to: z.string(), body: z.string(), sentAt: z.int().describe('Epoch ms') }));
export type DevOutbox = z.infer<typeof devOutboxSchema>;

/** GET /openapi.json: the API's own OpenAPI 3.1 document (only its outline here; the rest is OpenAPI's). */
export const apiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
