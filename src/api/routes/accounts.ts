import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { M, stripSpaces } from '../../shared/account-rules';
import { SESSION_INVALID_MESSAGE, optionalMember, requireMember } from '../middleware/auth';
import { SESSION_INVALID } from '../../shared/account-api';
import { NICE_RETURN_PATH } from '../../shared/constants';
import { geoCountry } from '../services/geo-ip';
import { availability, findLoginId, findRecommender, toMe } from '../services/accounts';
import { confirmPhoneCode, sendPhoneCode } from '../services/phone';
import { completeIdentity, confirmOwnIdentity, finishNiceIdentity, startIdentity, startOwnIdentity } from '../services/identity';
import { partnerOf } from '../services/partners';
import { findLoginIds, resetPassword, startPasswordReset } from '../services/recovery';
import { smsFor } from '../providers/sms';
import { captchaFor } from '../providers/captcha';
import { IDENTITY_PURPOSES, devCi, devIdentityEnabled, identityFor } from '../providers/identity';
import { operation } from '../openapi';
import { okResponseSchema, type OkResponse } from '../../shared/api-schemas';
import {
  availabilityResponseSchema,
  captchaChallengeSchema,
  confirmPhoneCodeRequestSchema,
  devIdentityRequestSchema,
  findIdRequestSchema,
  findPasswordRequestSchema,
  foundLoginIdsSchema,
  geoIpResponseSchema,
  identityCompletedSchema,
  identityConfirmedSchema,
  identityStartResponseSchema,
  niceAnswerSchema,
  loginIdLookupSchema,
  passwordResetRequestSchema,
  passwordResetTokenSchema,
  personalAuthStartSchema,
  phoneCodeSentSchema,
  phoneVerifiedSchema,
  recommenderResponseSchema,
  refcodeResponseSchema,
  sendPhoneCodeRequestSchema,
} from '../../shared/account-schemas';

const param = z.string().min(1).max(100);

/** Where an identity provider sends the person back: the site the call came through (the proxy says which), else this API's own origin. */
function returnUrlOf(c: Context<ApiEnv>): string {
  const site = c.var.client.site; // signed by the edge (src/lib/edge-headers.ts)
  const origin = site && /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(site) ? site : new URL(c.req.url).origin;
  return `${origin}${NICE_RETURN_PATH}`;
}
/** Account refusals carry the last part of their message key as the code (REQUIRED, PATTERN, INVALIDACCESS...). */
const ACCOUNT_REFUSAL = "the code is the last part of the message's key, e.g. REQUIRED; also a request that fails validation (BAD_REQUEST)";

export const accountRoutes = new Hono<ApiEnv>()
  // Availability and lookups, open to guests
  .get('/api/guest/loginId/:id', operation({ tag: 'Accounts', summary: 'Is this login ID free?', ok: availabilityResponseSchema }), validate('param', z.object({ id: param })), async (c) =>
    c.json({ result: await availability(c.env.DB, 'loginId', stripSpaces(c.req.valid('param').id)) }),
  )
  .get(
    '/api/guest/nickname/:nickname',
    operation({ tag: 'Accounts', summary: 'Is this nickname free?', ok: availabilityResponseSchema }),
    validate('param', z.object({ nickname: param })),
    async (c) => c.json({ result: await availability(c.env.DB, 'nickname', stripSpaces(c.req.valid('param').nickname)) }),
  )
  .get('/api/guest/find-loginId/:id', operation({ tag: 'Accounts', summary: 'Does a member have this login ID?', ok: loginIdLookupSchema }), validate('param', z.object({ id: param })), async (c) =>
    c.json({ result: await findLoginId(c.env.DB, c.req.valid('param').id) }),
  )
  .get(
    '/api/guest/refcode/:code',
    operation({ tag: 'Accounts', summary: 'The partner a sign-up code belongs to', ok: refcodeResponseSchema }),
    validate('param', z.object({ code: param })),
    async (c) => {
      const partner = await partnerOf(c.env.DB, c.req.valid('param').code);
      return c.json(partner ? { result: 'ok', partnerCode: partner.code, name: partner.name } : { result: 'notfound' });
    },
  )
  .get(
    '/api/guest/findRecommender/:code',
    operation({
      tag: 'Accounts',
      summary: 'The recommender a sign-up names',
      description: "result is 'notfound', 'overlap' (the signer-up's own loginId) or the recommender's loginId.",
      ok: recommenderResponseSchema,
    }),
    validate('param', z.object({ code: param })),
    validate('query', z.object({ loginId: param.optional() })),
    async (c) => c.json({ result: await findRecommender(c.env.DB, c.req.valid('param').code, c.req.valid('query').loginId) }),
  )
  .get(
    '/api/auth/geo-ip',
    operation({
      tag: 'Accounts',
      summary: "The caller's country: Cloudflare's geolocation, or GEO_LOCAL_COUNTRY for loopback and private addresses (local development)",
      ok: geoIpResponseSchema,
    }),
    (c) => c.json(geoCountry({ edgeCountry: c.var.client.country, ip: c.var.client.ip, localCountry: c.env.GEO_LOCAL_COUNTRY })),
  )

  // Captcha and phone codes
  .get('/api/captcha/challenge', operation({ tag: 'Verification', summary: 'A captcha to solve before a phone code is sent', ok: captchaChallengeSchema }), async (c) =>
    c.json(await captchaFor(c.env).challenge()),
  )
  .post(
    '/v2/api/auth/signup/send-phone-verification',
    operation({
      tag: 'Verification',
      summary: 'Text a 6-digit code to a phone (foreigner sign-up)',
      description: 'One send per phone per 60 s; the code lives 10 minutes and allows 5 tries.',
      ok: phoneCodeSentSchema,
      refusals: {
        400: 'Not a phone number (PHONE_REQUIRED), the captcha is not solved (CAPTCHA_INCOMPLETE), or the request fails validation (BAD_REQUEST)',
        429: 'A code went to this phone less than 60 s ago (TOO_SOON)',
        502: 'The SMS gateway failed (SMS_FAILED)',
      },
    }),
    validate('json', sendPhoneCodeRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const countryCode = stripSpaces(body.countryCode);
      const phone = stripSpaces(body.phone);
      if (!/^\d{1,4}$/.test(countryCode) || !/^\d{4,15}$/.test(phone)) throw new Refusal(400, 'PHONE_REQUIRED', M.phoneRequired);
      if (!body.captchaToken || !(await captchaFor(c.env).verify(body.captchaToken, c.var.client.ip ?? null))) {
        throw new Refusal(400, 'CAPTCHA_INCOMPLETE', M.captchaIncomplete);
      }
      await sendPhoneCode(c.env.DB, smsFor(c.env), countryCode, phone, (code) => c.var.t('sms.code', { code }));
      return c.json({ message: c.var.t(M.phoneCodeSent) });
    },
  )
  .post(
    '/api/personal-auth/foreigner',
    operation({
      tag: 'Verification',
      summary: 'Check the phone code; the token goes into the sign-up',
      description: 'countryCode may be left out: the code is checked against the country the latest code to this phone went to, which the answer names.',
      ok: phoneVerifiedSchema,
      refusals: { 400: 'Wrong or expired code (CODE_WRONG), or the request fails validation (BAD_REQUEST)' },
    }),
    validate('json', confirmPhoneCodeRequestSchema),
    async (c) => {
      const { countryCode, phone, code } = c.req.valid('json');
      const verified = await confirmPhoneCode(c.env.DB, countryCode, phone, code);
      if (!verified) throw new Refusal(400, 'CODE_WRONG', M.phoneCodeWrong);
      return c.json({ phoneVerificationToken: verified.token, countryCode: verified.countryCode });
    },
  )

  // Identity verification
  .get(
    '/api/auth/signup/personal-auth',
    operation({
      tag: 'Verification',
      summary: 'Start identity verification for a domestic sign-up',
      description: 'The authKey the popup posts back goes into POST /api/auth/signup.',
      ok: identityStartResponseSchema,
    }),
    // The published clients send type=personal-signup; the call starts a sign-up's check whatever it says.
    validate('query', z.object({ type: z.string().optional() })),
    async (c) => c.json(await startIdentity(c.env.DB, identityFor(c.env), 'personal-signup', { foreigner: false, loginId: null, returnUrl: returnUrlOf(c) })),
  )
  .get(
    '/api/auth/signin/find',
    operation({
      tag: 'Verification',
      summary: 'Start identity verification to find an ID or reset a password',
      ok: identityStartResponseSchema,
      refusals: { 400: 'type=password without loginId, or the request fails validation (BAD_REQUEST)' },
    }),
    validate('query', z.object({ loginId: param.optional(), type: z.enum(['id', 'password']) })),
    async (c) => {
      const { loginId, type } = c.req.valid('query');
      if (type === 'password' && !loginId) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
      return c.json(await startIdentity(c.env.DB, identityFor(c.env), type, { foreigner: false, loginId: loginId ?? null, returnUrl: returnUrlOf(c) }));
    },
  )
  .get(
    '/api/personal-auth',
    operation({
      tag: 'Verification',
      summary: 'Start identity verification for one of the flows (type)',
      description:
        "type personal (the default) verifies the signed-in member (a guest gets 401) and answers the member's personal-auth status after the call (1 requested, or 2 when approved already). personal-signup, id, password, expire and guest-adult (a guest's age check, for POST /api/guest/adult-pass) are guests' flows and answer as GET /api/auth/signup/personal-auth and /api/auth/signin/find do; password and expire name the account (loginId).",
      ok: personalAuthStartSchema,
      refusals: { 400: 'type password or expire without loginId, or the request fails validation (BAD_REQUEST)', 404: 'The member is gone (NOT_FOUND)' },
    }),
    optionalMember(),
    validate('query', z.object({ type: z.enum(IDENTITY_PURPOSES).default('personal'), loginId: param.optional() })),
    async (c) => {
      const { type, loginId } = c.req.valid('query');
      if (type !== 'personal') {
        if ((type === 'password' || type === 'expire') && !loginId) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
        return c.json(
          await startIdentity(c.env.DB, identityFor(c.env), type, {
            foreigner: false,
            loginId: type === 'personal-signup' || type === 'guest-adult' ? null : (loginId ?? null),
            returnUrl: returnUrlOf(c),
          }),
        );
      }
      const session = c.var.optionalSession;
      if (!session) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
      return c.json(await startOwnIdentity(c.env.DB, identityFor(c.env), session.memberId, returnUrlOf(c)));
    },
  )
  .post(
    '/api/personal-auth/confirm',
    operation({
      tag: 'Verification',
      summary: 'Mark the signed-in member identity-verified',
      ok: identityConfirmedSchema,
      refusals: { 400: 'The authKey is unknown, used, expired or for someone else (IDENTITY_REQUIRED), or the request fails validation (BAD_REQUEST)' },
    }),
    requireMember(),
    validate('json', z.object({ authKey: z.string().min(1).max(200) })),
    async (c) => c.json({ me: toMe(await confirmOwnIdentity(c.env.DB, c.req.valid('json').authKey, c.var.session)) }),
  )
  .post(
    '/api/personal-auth/nice/return',
    operation({
      tag: 'Verification',
      summary: "NICE's answer, as it came back to /callback/nice: the authKey of the verification",
      description:
        "The site calls this from /callback/nice (native apps may too): NICE returns token_version_id, enc_data and integrity_value. The integrity value must be NICE's under the key of the open session it names, and the sealed request number that session's own; each answer counts once.",
      ok: identityCompletedSchema,
      refusals: {
        400: "Forged, altered, replayed or expired (IDENTITY_INVALID; nothing changes), NICE reports the verification failed (IDENTITY_FAILED; a member's own verification becomes rejected, status 3), or the request fails validation (BAD_REQUEST)",
      },
    }),
    validate('json', niceAnswerSchema),
    async (c) => c.json({ authKey: await finishNiceIdentity(c.env.DB, c.req.valid('json')) }),
  )
  .post(
    '/api/personal-auth/dev/complete',
    operation({
      tag: 'Development',
      summary: 'Complete a verification through the development identity form',
      description: 'Only with the development identity adapter; 404 otherwise.',
      ok: identityCompletedSchema,
      refusals: { 400: 'The verification session is unknown, finished or expired (INVALID_ACCESS), or the request fails validation (BAD_REQUEST)', 404: 'Not the development adapter (NOT_FOUND)' },
    }),
    validate('json', devIdentityRequestSchema),
    async (c) => {
      if (!devIdentityEnabled(c.env)) throw new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');
      const { session, ...result } = c.req.valid('json');
      const authKey = await completeIdentity(c.env.DB, session, { ...result, ci: await devCi(c.env, result) });
      if (!authKey) throw new Refusal(400, 'INVALID_ACCESS', M.invalidAccess);
      return c.json({ authKey });
    },
  )

  // Recovery
  .post(
    '/api/auth/signin/find-id/confirm',
    operation({
      tag: 'Verification',
      summary: 'The login IDs of the verified person, masked',
      description:
        "A domestic member proves it with the authKey of an identity verification (type=id): the IDs of that person. A foreign member with the phone they registered: its country calling code, digits and the token of POST /api/personal-auth/foreigner: the foreign members' IDs on that phone. No ID is an empty list.",
      ok: foundLoginIdsSchema,
      refusals: { 400: `The authKey or phone token is not valid for this (${ACCOUNT_REFUSAL})` },
    }),
    validate('json', findIdRequestSchema),
    async (c) => {
      return c.json({ loginIds: await findLoginIds(c.env.DB, c.req.valid('json')) });
    },
  )
  .post(
    '/api/auth/signin/find-password/confirm',
    operation({
      tag: 'Verification',
      summary: 'A one-time token to reset the password of a verified owner',
      description:
        'The owner proves it as for find ID: a domestic member with the authKey of a verification started for this loginId (type=password), a foreign member with the phone they registered (countryCode, phone, phoneVerificationToken).',
      ok: passwordResetTokenSchema,
      refusals: { 400: `The verified person or phone is not the account's owner, or the proof is not valid; one answer for all (${ACCOUNT_REFUSAL})` },
    }),
    validate('json', findPasswordRequestSchema),
    async (c) => {
      const { loginId, ...proof } = c.req.valid('json');
      return c.json({ authToken: await startPasswordReset(c.env.DB, loginId, proof) });
    },
  )
  .put(
    '/api/oauth/password',
    operation({
      tag: 'Verification',
      summary: 'Set a new password with the reset token',
      description: 'Signs the member out on every device.',
      ok: okResponseSchema,
      refusals: { 400: `The password breaks the rules (fields.password) or the token is not valid (${ACCOUNT_REFUSAL})` },
    }),
    validate('json', passwordResetRequestSchema),
    async (c) => {
      const { loginId, authToken, password } = c.req.valid('json');
      await resetPassword(c.env.DB, loginId, authToken, password);
      return c.json({ ok: true } satisfies OkResponse);
    },
  );
