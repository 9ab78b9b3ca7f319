import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { clientLimitKey } from '../../lib/client-address';
import { operation } from '../openapi';
import { optionalMember, requestBrand, requireMember } from '../middleware/auth';
import { BarredRefusal, refusedField, signIn, toMe } from '../services/accounts';
import { MAX_CLIENT_SIGNUPS, signUp } from '../services/signup';
import { SESSION_TTL_S, endSession, joinSession, refreshSession, startSession, type Tokens } from '../services/sessions';
import { SESSION_INVALID, SESSION_INVALID_MESSAGE } from '../../shared/account-api';
import { loginEvent } from '../services/login-event';
import { expiryStep } from '../services/expiry';
import { startPasswordReset } from '../services/recovery';
import { M } from '../../shared/account-rules';
import { apiErrorSchema, okResponseSchema, type OkResponse } from '../../shared/api-schemas';
import {
  expiryRequestSchema,
  expiryResponseSchema,
  passwordResetGrantSchema,
  refreshRefusalSchema,
  refreshRequestSchema,
  signinRefusalSchema,
  signinRequestSchema,
  signinSuccessSchema,
  signupRefusalSchema,
  signupRequestSchema,
  signupSuccessSchema,
  tokenGrantSchema,
  tokenHandoffRequestSchema,
} from '../../shared/account-schemas';

/** Tokens in the body for the proxy (which moves them into cookies) and for native apps. */
function tokenFields(tokens: Tokens) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    refresh_max_age: tokens.refreshMaxAge,
    login_keep: tokens.refreshMaxAge > SESSION_TTL_S,
  };
}

export const authRoutes = new Hono<ApiEnv>()
  .post(
    '/v2/api/auth/signin',
    operation({
      tag: 'Auth',
      summary: 'Sign in with login ID and password',
      description:
        'At most 5 password checks per login ID per 10 quiet minutes, and 50 failed sign-ins per client (its address as Cloudflare saw it) per 10 minutes. Refusals keep the published shape of their own (status, msg, message, event), not the envelope.',
      ok: signinSuccessSchema,
      answers: {
        401: [signinRefusalSchema, "Wrong ID or password (msg UNAUTHORIZED, message ''): the page says so without telling which"],
        403: [signinRefusalSchema, 'The account is dormant: a year without signing in (msg EXPIRED); the owner wakes it through POST /api/auth/expire'],
        423: [signinRefusalSchema, 'The account is blocked, or suspended until `until` (msg BLOCKED)'],
        429: [signinRefusalSchema, 'Too many attempts for this ID or from this client (msg TOO_MANY_ATTEMPTS); wait 10 minutes'],
      },
    }),
    validate('json', signinRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      try {
        // The row signIn returns was read before this login was recorded: lastLoginAt is the previous visit.
        const member = await signIn(c.env.DB, body.loginId, body.password, clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip));
        const tokens = await startSession(c.env, member, body.loginKeep, requestBrand(c));
        return c.json({ status: 200, msg: 'SUCCESS', message: '', event: loginEvent(member.lastLoginAt, c.var.t), me: toMe(member), save_id: body.saveId, ...tokenFields(tokens) } satisfies z.infer<
          typeof signinSuccessSchema
        >);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        // The published shape, not the envelope. 401 carries an empty message: the page says 'wrong ID or
        // password' without telling which.
        const status = err.status as 401 | 403 | 423 | 429;
        const message = status === 401 ? '' : c.var.t(err.messageKey);
        const msg = ({ 401: 'UNAUTHORIZED', 403: 'EXPIRED', 423: 'BLOCKED', 429: 'TOO_MANY_ATTEMPTS' } as const)[status];
        // A suspension's end goes with the 423's message, for the page to add.
        const until = err instanceof BarredRefusal && err.until !== null ? { until: err.until } : {};
        return c.json({ status, msg, message, event: null, ...until }, status);
      }
    },
  )
  .post(
    '/api/auth/signup',
    operation({
      tag: 'Auth',
      summary: 'Create a member (domestic or foreigner) and sign them in',
      description: `Refusals of the sign-up rules keep the published shape { data: { error, field } }; a body that fails validation is the envelope. Identity verification (authKey) is needed unless the partner_code cookie names a registered partner or a partner's server calls with its key (X-Asp-Key). aspCode and userkey bind the partner's user only with the partner's proof: that key, or aspToken from POST /v4/api/asp/signup-token. At most ${MAX_CLIENT_SIGNUPS} accounts per client address per hour (a partner calling with its key is not counted).`,
      ok: signupSuccessSchema,
      answers: {
        400: [
          z.union([signupRefusalSchema, apiErrorSchema]),
          "A rule is broken (data.error, data.field), aspCode/userkey come without the partner's proof, or the body fails validation (the envelope, BAD_REQUEST)",
        ],
        409: [signupRefusalSchema, 'The login ID or nickname is taken (data.field says which), or the partner user already has an account'],
        429: [signupRefusalSchema, 'This client address has made its accounts for the hour'],
      },
    }),
    validate('json', signupRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      try {
        const member = await signUp(c.env.DB, body, {
          environment: c.env.ENVIRONMENT,
          clientKey: clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip),
          partnerCookie: c.var.client.partnerCode ?? null,
          secret: c.env.JWT_SECRET,
          aspKey: c.req.header('x-asp-key'),
        });
        const tokens = await startSession(c.env, member, false, requestBrand(c));
        return c.json({ data: { me: toMe(member) }, ...tokenFields(tokens) } satisfies z.infer<typeof signupSuccessSchema>);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        // The published shape, not the envelope.
        return c.json({ data: { error: c.var.t(err.messageKey), field: refusedField(err) } }, err.status as 400 | 409 | 429);
      }
    },
  )
  .post('/api/auth/signout', operation({ tag: 'Auth', summary: 'Sign out: revoke this session', ok: okResponseSchema }), requireMember(), async (c) => {
    await endSession(c.env, c.var.session.familyId);
    return c.json({ ok: true } satisfies OkResponse);
  })
  .post(
    '/api/auth/expire',
    operation({
      tag: 'Auth',
      summary: 'Wake a dormant account: the expiry flow (AGREEMENT, IDENTIFICATION, COMPLETE)',
      description:
        'Open to guests (a dormant account cannot sign in). { loginId } answers the step the account is at: AGREEMENT while dormant, COMPLETE when it can sign in. { loginId, agree: true } answers IDENTIFICATION; { loginId, agree: true, authKey } with the authKey of GET /api/personal-auth?type=expire&loginId= wakes the account when the verified person is its owner, and answers COMPLETE.',
      ok: expiryResponseSchema,
      refusals: {
        400: 'authKey without agree (AGREEMENTREQUIRED), an authKey that is unknown, used or for another account (REQUIRED), a verified person who is not the owner (IDENTITYMISMATCH), or the request fails validation (BAD_REQUEST)',
        404: 'No account has this login ID (NOTFOUND)',
      },
    }),
    validate('json', expiryRequestSchema),
    async (c) => c.json(await expiryStep(c.env.DB, c.req.valid('json'))),
  )
  .post(
    '/api/oauth/generate',
    operation({
      tag: 'Auth',
      summary: "A member's token pair for their own native app, or a guest's password reset token",
      description:
        "Signed in: a second token pair for the member's own login (handoff; userId must be their own): the same session family, so it lives no longer than that login and ends with it (sign-out, revocation); a bearer token alone never starts a new login. A guest proves the account with the authKey of identity verification with type=password and gets the authToken PUT /api/oauth/password takes (as POST /api/auth/signin/find-password/confirm answers).",
      ok: z.union([tokenGrantSchema, passwordResetGrantSchema]),
      refusals: {
        400: 'A guest without authKey (IDENTITYNEEDED), or the verified person is not the owner (REQUIRED), or the request fails validation (BAD_REQUEST)',
        403: 'userId is not the signed-in member (FORBIDDEN)',
      },
    }),
    optionalMember(),
    validate('json', tokenHandoffRequestSchema),
    async (c) => {
      const { userId, authKey } = c.req.valid('json');
      const session = c.var.optionalSession;
      if (!session) {
        if (!authKey) throw new Refusal(400, 'IDENTITYNEEDED', M.identityNeeded);
        return c.json({ msg: 'SUCCESS', authToken: await startPasswordReset(c.env.DB, userId, { authKey }) } satisfies z.infer<typeof passwordResetGrantSchema>);
      }
      if (userId.toLowerCase() !== session.loginId.toLowerCase()) throw new Refusal(403, 'FORBIDDEN', 'auth.errors.invalidAccess');
      const tokens = await joinSession(c.env, session, requestBrand(c));
      if (!tokens) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
      return c.json({ msg: 'SUCCESS', ...tokenFields(tokens) } satisfies z.infer<typeof tokenGrantSchema>);
    },
  )
  .post(
    '/api/oauth/refresh',
    operation({
      tag: 'Auth',
      summary: 'Trade a refresh token for a new pair',
      description: 'The refresh token is rotated: a used one presented again (after a 2 s grace) revokes its whole family.',
      ok: tokenGrantSchema,
      answers: { 401: [refreshRefusalSchema, "msg 'ERROR': the token is unknown, expired, reused or revoked"] },
    }),
    validate('form', refreshRequestSchema),
    async (c) => {
      const outcome = await refreshSession(c.env, c.req.valid('form').refreshToken, requestBrand(c));
      if (!outcome.ok) return c.json({ msg: 'ERROR', reason: outcome.reason } satisfies z.infer<typeof refreshRefusalSchema>, 401);
      return c.json({ msg: 'SUCCESS', ...tokenFields(outcome.tokens) } satisfies z.infer<typeof tokenGrantSchema>);
    },
  );
