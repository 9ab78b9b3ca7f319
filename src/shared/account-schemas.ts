// Request and response shapes of the account calls (auth and guest) as zod schemas: the routes
// validate with the request schemas, the OpenAPI document is generated from all of them, and the types
// in account-api.ts are inferred from them. Sign-in, sign-up and refresh keep the published contract's fields (status,
// msg, message, event; data.error; msg 'ERROR'); every other refusal is the envelope of api-schemas.ts.
// Kept apart from account-api.ts, which the browser imports for its constants (types re-exported only).
import * as z from 'zod';
import { deviceSpellingSchema } from './device';
import { memberSettingsSchema } from './message-schemas';

const text = (max: number) => z.string().max(max);
const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));

/** MOBILEWEB or PCWEB, or a device type PC, MOBILE_WEB, APP, UNKNOWN (src/shared/device.ts). */
export const deviceSchema = deviceSpellingSchema;

/** The status of a member's identity verification (personal-auth). */
export const PERSONAL_AUTH_STATUS = { unapplied: 0, requested: 1, approved: 2, rejected: 3 } as const;
export const personalAuthStatusSchema = z.literal([0, 1, 2, 3]).describe('Identity verification status: 0 unapplied, 1 requested, 2 approved, 3 rejected');

export const meDtoSchema = z
  .object({
    loginId: z.string(),
    nickname: z.string(),
    identityVerified: z.boolean(),
    isForeigner: z.boolean(),
    adult: z.boolean(),
    avatarUrl: z.string().nullable().describe("The member's avatar (GET /api/uploads/{key}); null shows the initial"),
    staff: z.literal(true).optional().describe('A P or O member: the header links the staff console (in the profile only)'),
    balance: z.int().nonnegative().optional().describe("The wallet's luv when the profile was read (in the profile only): a page shows it without asking GET /api/luv/luv-sum"),
  })
  .meta({ id: 'Me', description: 'The signed-in member' });

/**
 * Session tokens. The API answers them in the body (native apps keep them); the site's proxy moves them
 * into HttpOnly cookies (flx_oauth_access, flx_oauth_refresh) and leaves them out of what page script
 * sees, so each is optional here: present from the API itself, absent through the site.
 */
export const sessionTokensSchema = z
  .object({
    access_token: z.string().optional().describe('HS256 JWT, 15 minutes; send as Authorization: Bearer'),
    refresh_token: z.string().optional().describe('Opaque; rotated on each use (POST /api/oauth/refresh)'),
    expires_in: z.int().optional().describe("The access token's lifetime in seconds"),
    refresh_max_age: z.int().optional().describe("The refresh token's lifetime in seconds"),
    login_keep: z.boolean().optional().describe("Whether 'keep login' made the session long"),
  })
  .meta({ id: 'SessionTokens' });

/** POST /v2/api/auth/signin */
export const signinRequestSchema = z.object({
  loginId: text(100),
  password: text(100),
  loginKeep: z.boolean().default(false),
  saveId: z.boolean().default(false),
  device: deviceSchema.default('PCWEB'),
});

/** The sign-in answer (the published contract's shape, not the envelope), success or not: 200, 401 (message '' means "wrong ID or password"), 423 blocked, 429 too many attempts. */
export const signinResponseSchema = z
  .object({
    status: z.int().describe('The HTTP status again, in the body'),
    msg: z.string().describe('SUCCESS, UNAUTHORIZED, BLOCKED or TOO_MANY_ATTEMPTS'),
    message: z.string().describe("The refusal in the caller's language; '' on success and for a wrong ID or password"),
    event: z.object({ title: z.string(), body: z.string() }).nullable().describe('A popup to show after login (the attendance reward of the day), or null'),
    me: meDtoSchema.optional(),
    until: z.int().nonnegative().optional().describe('423 of a suspended account: when it ends (ms); absent for a block'),
  })
  .meta({ id: 'SigninResponse' });
/** 200: the member is signed in. */
export const signinSuccessSchema = signinResponseSchema
  .extend({ status: z.literal(200), msg: z.literal('SUCCESS'), me: meDtoSchema, save_id: z.boolean().optional().describe('Echo of saveId (the proxy keeps it as a cookie)') })
  .extend(sessionTokensSchema.shape);
/** 401, 423, 429: the sign-in's own refusal (not the envelope). */
export const signinRefusalSchema = signinResponseSchema.extend({
  status: z.literal([401, 403, 423, 429]),
  msg: z.enum(['UNAUTHORIZED', 'EXPIRED', 'BLOCKED', 'TOO_MANY_ATTEMPTS']),
  event: z.null(),
});

/** POST /api/auth/signup (domestic and foreigner; isForeigner tells them apart). */
export const signupRequestSchema = z.object({
  loginId: text(100),
  password: text(100),
  nickname: text(100),
  name: text(50).optional(),
  partnerCode: text(32).optional(),
  recommendId: text(100).optional(),
  device: deviceSchema.default('PCWEB'),
  phoneVerificationToken: text(200).optional().describe('Foreigner: from POST /api/personal-auth/foreigner'),
  gender: z.enum(['M', 'F']).optional(),
  birthday: text(10).optional().describe('yyyy-MM-dd'),
  phone: z
    .string()
    .regex(/^\d{4,15}$/)
    .optional(),
  countryCode: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  adultValue: z.int().optional(),
  aspCode: text(64).optional(),
  userkey: text(128).optional(),
  aspToken: text(200).optional().describe("The partner's proof that it sends this user (POST /v4/api/asp/signup-token); or its server calls with X-Asp-Key"),
  authKey: text(200).optional().describe('Domestic: from identity verification'),
  isForeigner: z.boolean().default(false),
  terms: z
    .union([z.literal(true), z.literal('essential'), z.literal(false)])
    .optional()
    .describe(
      "true (all), 'essential' (both required); false is refused with validation.terms.required, and so is missing, unless a partner's server calls with its key (X-Asp-Key) and attests the consent it recorded",
    ),
});

/** The sign-up answer (the published contract's shape): 200 { data: { me } } and the member is signed in; 4xx { data: { error, field } }. */
export const signupResponseSchema = z
  .object({
    data: z.object({
      me: meDtoSchema.optional(),
      error: z.string().optional().describe("The refusal in the caller's language"),
      field: z.string().optional().describe('The form field it concerns, when one does'),
    }),
  })
  .meta({ id: 'SignupResponse' });
export const signupSuccessSchema = z.object({ data: signupResponseSchema.shape.data.pick({ me: true }).required() }).extend(sessionTokensSchema.shape);
export const signupRefusalSchema = z.object({ data: signupResponseSchema.shape.data.pick({ error: true, field: true }).required({ error: true }) });

/** POST /api/oauth/generate (a fresh pair for the member's own app) and a successful refresh. */
export const tokenGrantSchema = sessionTokensSchema.extend({ msg: z.literal('SUCCESS') }).meta({ id: 'TokenGrant' });
/** POST /api/oauth/refresh refused: msg 'ERROR', as clients expect (a used token presented again revokes its family). */
export const refreshRefusalSchema = z.object({ msg: z.literal('ERROR'), reason: z.enum(['unknown', 'expired', 'reused', 'revoked']) }).meta({ id: 'RefreshRefusal' });
/** The refresh call takes a form field, so a native app can send it without JSON. */
export const refreshRequestSchema = z.object({ refreshToken: text(200).min(1) });

/** GET /api/my/profile */
export const profileResponseSchema = z
  .object({
    profile: meDtoSchema.extend({
      piFlag: z.boolean(),
      personalAuthStatus: personalAuthStatusSchema,
      createdAt: z.iso.datetime(),
      countryCode: z.string().nullable(),
      partnerCode: z.string().nullable(),
      settings: memberSettingsSchema,
    }),
  })
  .meta({ id: 'ProfileResponse' });

/** GET /api/guest/loginId/{id}, /nickname/{nickname}: 'ok' when free, 'overlap' when taken. */
export const availabilityResponseSchema = z.object({ result: z.enum(['ok', 'overlap']) }).meta({ id: 'AvailabilityResponse' });
/** GET /api/guest/find-loginId/{id}: whether a member has that ID. */
export const loginIdLookupSchema = z.object({ result: z.enum(['ok', 'notfound']) });
/** GET /api/guest/refcode/{code}: the partner a sign-up code belongs to. */
export const refcodeResponseSchema = z.union([z.object({ result: z.literal('ok'), partnerCode: z.string(), name: z.string() }), z.object({ result: z.literal('notfound') })]);
/** GET /api/guest/findRecommender/{code}?loginId=: 'notfound', 'overlap' (yourself), or the recommender's loginId. */
export const recommenderResponseSchema = z.object({ result: z.string() }).meta({ id: 'RecommenderResponse' });
/** GET /api/auth/geo-ip: the caller's country (src/api/services/geo-ip.ts says where it comes from). */
export const geoIpResponseSchema = z.object({
  countryCode: z.string().nullable().describe('ISO 3166-1 alpha-2, or null when unknown'),
  source: z.enum(['edge', 'local-range']).nullable().describe("edge: Cloudflare's geolocation; local-range: a loopback or private address (GEO_LOCAL_COUNTRY)"),
});

/** POST /v2/api/auth/signup/send-phone-verification → 200 { message } | 400/429/502 envelope */
export const sendPhoneCodeRequestSchema = z.object({
  countryCode: z.string().max(8).describe('Calling code digits, e.g. "82"'),
  phone: z.string().max(32).describe('Digits only'),
  captchaToken: z.string().max(4096),
});
export const phoneCodeSentSchema = z.object({ message: z.string() });
/** POST /api/personal-auth/foreigner → 200 { phoneVerificationToken } | 400 envelope */
export const confirmPhoneCodeRequestSchema = z.object({
  countryCode: digits(1, 4).optional().describe('Missing: the one the latest code to this phone was sent to'),
  phone: digits(4, 15),
  code: digits(6, 6),
});
export const phoneVerifiedSchema = z.object({ phoneVerificationToken: z.string(), countryCode: z.string().describe('The country calling code the phone was verified for') });

/** GET /api/personal-auth, /api/auth/signup/personal-auth, /api/auth/signin/find?loginId&type= */
export const identityStartResponseSchema = z
  .object({
    provider: z.enum(['niceId', 'internal']),
    url: z.string().describe("Open in a 400x600 popup (post `form` to it when there is one); it posts { type: 'personal-auth', authKey } to the opener, then closes"),
    form: z.record(z.string(), z.string()).optional().describe('NICE: the fields to post to url in the popup (m, token_version_id, enc_data, integrity_value)'),
  })
  .meta({ id: 'IdentityStartResponse' });
/** GET /api/personal-auth: the same; type personal (a member's own) adds the member's status after the call. */
export const personalAuthStartSchema = identityStartResponseSchema.extend({
  status: personalAuthStatusSchema.optional().describe("type personal only: the member's status after this call (1 requested, or 2 when approved already)"),
});
/** NICE's answer at the return URL (GET query or POST form): what /callback/nice hands the API. */
export const niceAnswerSchema = z.object({ token_version_id: z.string().min(1).max(100), enc_data: z.string().min(1).max(8000), integrity_value: z.string().min(1).max(200) });
/** The development identity form's answer (POST /api/personal-auth/dev/complete). */
export const identityCompletedSchema = z.object({ authKey: z.string() });
/** POST /api/personal-auth/confirm { authKey } (member): marks the member identity-verified. */
export const identityConfirmedSchema = z.object({ me: meDtoSchema });
/** POST /api/auth/signin/find-id/confirm { authKey }: the IDs registered to that person, masked. */
export const foundLoginIdsSchema = z.object({ loginIds: z.array(z.string()) });
/** POST /api/auth/signin/find-password/confirm { loginId, authKey }: the token PUT /api/oauth/password takes. */
export const passwordResetTokenSchema = z.object({ authToken: z.string() });

/** GET /api/captcha/challenge: the local arithmetic challenge (answer sent as captchaToken "id:answer") or Turnstile's site key. */
export const captchaChallengeSchema = z
  .object({ provider: z.enum(['local', 'turnstile']), id: z.string().optional(), question: z.string().optional(), siteKey: z.string().optional() })
  .meta({ id: 'CaptchaChallenge' });

// ---- Request bodies of the recovery, identity and session calls.
const authKey = z.string().min(1).max(200);
const loginId = z.string().min(1).max(100);
/**
 * How a person proves who they are to find an ID or reset a password: a domestic member by the authKey of an identity
 * verification, a foreign member (the internal provider) by the token POST /api/personal-auth/foreigner gave the phone
 * they registered, with its country calling code.
 */
const phoneProof = z.object({
  countryCode: digits(1, 4).describe('The country calling code the phone was registered and verified with'),
  phone: digits(4, 15),
  phoneVerificationToken: z.string().min(1).max(200).describe('From POST /api/personal-auth/foreigner'),
});
const recoveryProofSchema = z.union([z.object({ authKey }), phoneProof]);
/** POST /api/auth/signin/find-id/confirm */
export const findIdRequestSchema = recoveryProofSchema;
/** POST /api/auth/signin/find-password/confirm */
export const findPasswordRequestSchema = z.union([z.object({ loginId, authKey }), phoneProof.extend({ loginId })]);
/** PUT /api/oauth/password */
export const passwordResetRequestSchema = z.object({ loginId, authToken: z.string().min(1).max(200), password: text(100) });
/** POST /api/personal-auth/dev/complete: the development identity form. */
export const devIdentityRequestSchema = z.object({
  session: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(50),
  birthday: z.iso.date(),
  gender: z.enum(['M', 'F']),
  phone: digits(9, 15),
});
/** The expiry flow's steps (waking a dormant account). */
export const EXPIRY_STEPS = ['AGREEMENT', 'IDENTIFICATION', 'COMPLETE'] as const;
/** POST /api/auth/expire: { loginId } first, then the agreement, then the identity verification's authKey. */
export const expiryRequestSchema = z.object({
  loginId: text(100),
  agree: z.boolean().optional().describe('The owner agreed to wake the account (the AGREEMENT step)'),
  authKey: text(200).optional().describe('From identity verification with type=expire (GET /api/personal-auth?type=expire&loginId=)'),
});
export const expiryResponseSchema = z
  .object({ loginId: z.string(), step: z.enum(EXPIRY_STEPS).describe('The step the flow is at: COMPLETE once the account can sign in') })
  .meta({ id: 'ExpiryResponse' });
/** POST /api/oauth/generate: a member's own login ID (token handoff), or a guest's login ID with the authKey of a verification with type=password. */
export const tokenHandoffRequestSchema = z.object({
  userId: text(100),
  authKey: text(200).optional().describe('Guests: from identity verification with type=password; answers a password reset token'),
});
/** POST /api/oauth/generate as a guest: the token PUT /api/oauth/password takes. */
export const passwordResetGrantSchema = z.object({ msg: z.literal('SUCCESS'), authToken: z.string() });

export type FindIdRequest = z.infer<typeof findIdRequestSchema>;
export type RecoveryProof = z.infer<typeof recoveryProofSchema>;
export type FindPasswordRequest = z.infer<typeof findPasswordRequestSchema>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type DevIdentityRequest = z.infer<typeof devIdentityRequestSchema>;
export type Device = z.infer<typeof deviceSchema>;
export type MeDto = z.infer<typeof meDtoSchema>;
export type SigninRequest = z.infer<typeof signinRequestSchema>;
export type SigninResponse = z.infer<typeof signinResponseSchema>;
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;
export type RecommenderResponse = z.infer<typeof recommenderResponseSchema>;
export type SendPhoneCodeRequest = z.infer<typeof sendPhoneCodeRequestSchema>;
export type ConfirmPhoneCodeRequest = z.infer<typeof confirmPhoneCodeRequestSchema>;
export type IdentityStartResponse = z.infer<typeof identityStartResponseSchema>;
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export type ExpiryResponse = z.infer<typeof expiryResponseSchema>;
