import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { clientLimitKey } from '../../lib/client-address';
import { operation } from '../openapi';
import { optionalMember, requestBrand, requireMember } from '../middleware/auth';
import { refusedField, toMe } from '../services/accounts';
import { SESSION_TTL_S, startSession, type Tokens } from '../services/sessions';
import { MAX_CLIENT_SIGNUPS } from '../services/signup';
import { beginSocial, finishSocial, linkWithIdentity, linkWithPassword, socialAccounts, socialSignIn, socialSignUp, unlinkSocial } from '../services/social';
import { registerChannel } from '../services/caster';
import type { SocialProvider } from '../../shared/social';
import { apiErrorSchema } from '../../shared/api-schemas';
import { signupRefusalSchema, signupSuccessSchema } from '../../shared/account-schemas';
import {
  socialAccountsSchema,
  socialBeginRequestSchema,
  socialBeginResponseSchema,
  socialFinishRequestSchema,
  socialFinishResponseSchema,
  socialLinkRequestSchema,
  socialProviderSchema,
  socialSigninAppRequestSchema,
  socialSigninRequestSchema,
  socialSigninResponseSchema,
  socialSignupRequestSchema,
} from '../../shared/social-schemas';

const providerParam = z.object({ provider: socialProviderSchema });

function tokenFields(tokens: Tokens) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    refresh_max_age: tokens.refreshMaxAge,
    login_keep: tokens.refreshMaxAge > SESSION_TTL_S,
  };
}

/** The site the call came through (the proxy says which), else this API's own origin: the provider returns there. */
function siteOf(c: Context<ApiEnv>): string {
  const site = c.var.client.site; // signed by the edge (src/lib/edge-headers.ts)
  return site && /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(site) ? site : new URL(c.req.url).origin;
}

const SIGNUP_ANSWERS = {
  400: [z.union([signupRefusalSchema, apiErrorSchema]), 'A rule is broken (data.error, data.field; SOCIAL_TICKET when the ticket is bad or expired), or validation fails (the envelope)'],
  409: [signupRefusalSchema, 'The login ID or nickname is taken, or this provider account is a member already'],
  429: [signupRefusalSchema, `This client address has made its accounts for the hour (${MAX_CLIENT_SIGNUPS}, counted with password sign-ups)`],
} as const;

/** The published sign-up shapes: { data: { me } } and tokens, or { data: { error, field } }. */
async function signupAnswer(c: Context<ApiEnv>, provider: SocialProvider, body: z.infer<typeof socialSignupRequestSchema>, caster: boolean) {
  try {
    const client = { environment: c.env.ENVIRONMENT, clientKey: clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip) };
    const member = await socialSignUp(c.env, provider, body, { partnerCookie: c.var.client.partnerCode ?? null, client });
    if (caster) await registerChannel(c.env.DB, member.id, { title: `${member.nickname}` });
    const tokens = await startSession(c.env, member, false, requestBrand(c));
    return c.json({ data: { me: toMe(member) }, ...tokenFields(tokens) } satisfies z.infer<typeof signupSuccessSchema>);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    const status = err.status === 409 || err.status === 429 ? err.status : 400;
    return c.json({ data: { error: c.var.t(err.messageKey), field: refusedField(err) } }, status);
  }
}

async function signinAnswer(c: Context<ApiEnv>, provider: SocialProvider, accessToken: string, loginId?: string) {
  const member = await socialSignIn(c.env, provider, accessToken, loginId);
  const tokens = await startSession(c.env, member, false, requestBrand(c));
  return c.json({ status: 200, msg: 'SUCCESS', me: toMe(member), ...tokenFields(tokens) } satisfies z.infer<typeof socialSigninResponseSchema>);
}

const SIGNIN_REFUSALS = {
  401: 'The ticket is not ours, expired, or for another provider (SOCIAL_TICKET)',
  403: 'The account is dormant (EXPIRED-like ACCOUNTDORMANT), or memberId names another member (SOCIAL_MEMBER_MISMATCH)',
  404: 'No member is linked to this provider account (SOCIAL_NOT_LINKED): sign up instead',
  423: 'The account is blocked',
} as const;

export const socialRoutes = new Hono<ApiEnv>()
  .post(
    '/api/auth/oauth/:provider/authorize',
    operation({
      tag: 'Social',
      summary: 'Start a social login or link: a transaction (state, PKCE S256, nonce for OIDC) and the provider URL',
      description:
        'The site calls it from GET /callback/{provider}/start, keeps `binding` in an HttpOnly cookie and sends the browser to authorizeUrl. Transactions live 10 minutes and work once. A provider whose app is not configured answers 503 SOCIAL_UNAVAILABLE.',
      ok: socialBeginResponseSchema,
      refusals: {
        400: 'callbackURL is not a same-site path (SOCIAL_RETURN_PATH), or validation fails',
        401: 'intent link without a signed-in member (SOCIAL_LINK_NEEDS_LOGIN)',
      },
    }),
    optionalMember(),
    validate('param', providerParam),
    validate('json', socialBeginRequestSchema),
    async (c) => {
      const { provider } = c.req.valid('param');
      const body = c.req.valid('json');
      const answer = await beginSocial(c.env, {
        provider,
        site: siteOf(c),
        callbackURL: body.callbackURL,
        intent: body.intent,
        memberId: c.var.optionalSession?.memberId ?? null,
        binding: body.binding,
      });
      return c.json(answer satisfies z.infer<typeof socialBeginResponseSchema>);
    },
  )
  .post(
    '/api/auth/oauth/:provider/callback',
    operation({
      tag: 'Social',
      summary: "Finish the provider's return to /callback/{provider}/authorize: check state and binding, spend the code, verify the provider's answer",
      description:
        'Answers an identity ticket (signin: the account is linked; signup: a new person) or, for a link started by a signed-in member, links it (linked). Refused and nobody signed in: missing or unknown state, another browser (binding), another provider (mix-up), a code seen before, an ID token whose signature, iss, aud, exp or nonce fails.',
      ok: socialFinishResponseSchema,
      refusals: {
        400: 'SOCIAL_STATE, SOCIAL_PROVIDER_MISMATCH, SOCIAL_CODE, SOCIAL_CODE_REPLAYED (잘못된 접근입니다.), SOCIAL_CANCELLED, or SOCIAL_FAILED (the provider refused or its answer did not verify: 알 수 없는 오류가 발생하였습니다.)',
        403: 'A link finished by someone other than the member who started it (SOCIAL_LINK_FORBIDDEN)',
        409: "The provider account is another member's (SOCIAL_TAKEN), or the member has another account of it (SOCIAL_PROVIDER_LINKED)",
      },
    }),
    optionalMember(),
    validate('param', providerParam),
    validate('json', socialFinishRequestSchema),
    async (c) => {
      const answer = await finishSocial(c.env, { provider: c.req.valid('param').provider, ...c.req.valid('json'), memberId: c.var.optionalSession?.memberId ?? null });
      return c.json(answer satisfies z.infer<typeof socialFinishResponseSchema>);
    },
  )
  // Twitch's own variant first: the general route below would match its path too.
  .post(
    '/api/auth/signin/oauth/twitch',
    operation({
      tag: 'Social',
      summary: 'Social sign-in with Twitch, the app variant (POST {accessToken, device, tokenType, memberId})',
      description: "tokenType must be 'identity' (our ticket); memberId, when sent, must be the linked member's login ID.",
      ok: socialSigninResponseSchema,
      refusals: SIGNIN_REFUSALS,
    }),
    validate('json', socialSigninAppRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      return signinAnswer(c, 'twitch', body.accessToken, body.memberId);
    },
  )
  .post(
    '/api/auth/signin/oauth/:provider',
    operation({ tag: 'Social', summary: 'Social sign-in (POST {accessToken}) with the identity ticket of the callback', ok: socialSigninResponseSchema, refusals: SIGNIN_REFUSALS }),
    validate('param', z.object({ provider: z.enum(['kakao', 'google', 'naver']) })),
    validate('json', socialSigninRequestSchema),
    async (c) => signinAnswer(c, c.req.valid('param').provider, c.req.valid('json').accessToken),
  )
  .post(
    '/api/auth/signup/oauth/:provider',
    operation({
      tag: 'Social',
      summary: 'Social sign-up: a new member linked to the ticket, signed in',
      description: 'Identity verification (authKey) is required unless a partner_code cookie exists; terms are required; without a password the member signs in only through the provider.',
      ok: signupSuccessSchema,
      answers: SIGNUP_ANSWERS,
    }),
    validate('param', providerParam),
    validate('json', socialSignupRequestSchema),
    async (c) => signupAnswer(c, c.req.valid('param').provider, c.req.valid('json'), false),
  )
  .post(
    '/v3/api/m/signup/kakao',
    operation({ tag: 'Social', summary: 'Kakao sign-up of a new caster: the member and their channel', ok: signupSuccessSchema, answers: SIGNUP_ANSWERS }),
    validate('json', socialSignupRequestSchema),
    async (c) => signupAnswer(c, 'kakao', c.req.valid('json'), true),
  )
  .post(
    '/api/auth/oauth/:provider/link',
    operation({
      tag: 'Social',
      summary: "Link the ticket's provider account to an existing member who proves it (their password, or the same verified identity), and sign them in",
      description:
        "By password: the check counts against the same lockout as sign-in. By identity: the authKey of a verification (type=personal-signup) whose CI is a verified member's links to that member; the authKey is spent only when it matches. Never linked by e-mail.",
      ok: socialSigninResponseSchema,
      refusals: {
        400: 'The authKey is unknown, used or expired (IDENTITY_REQUIRED), or the request fails validation (BAD_REQUEST)',
        401: 'Wrong ID or password, or a bad ticket',
        403: 'The account is dormant (DORMANT): wake it through POST /api/auth/expire',
        404: 'No verified member is this person (SOCIAL_IDENTITY_NO_MATCH)',
        409: "The provider account is another member's, or this member has another one",
        423: 'The account is blocked (BLOCKED)',
        429: 'Too many attempts',
      },
    }),
    validate('param', providerParam),
    validate('json', socialLinkRequestSchema),
    async (c) => {
      const input = c.req.valid('json');
      const provider = c.req.valid('param').provider;
      const clientKey = clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip);
      const member = 'authKey' in input ? await linkWithIdentity(c.env, provider, input) : await linkWithPassword(c.env, provider, { ...input, clientKey });
      const tokens = await startSession(c.env, member, false, requestBrand(c));
      return c.json({ status: 200, msg: 'SUCCESS', me: toMe(member), ...tokenFields(tokens) } satisfies z.infer<typeof socialSigninResponseSchema>);
    },
  )
  .get('/api/my/social', operation({ tag: 'Social', summary: "The member's linked providers, and whether they have a password", ok: socialAccountsSchema }), requireMember(), async (c) =>
    c.json(await socialAccounts(c.env.DB, c.var.session.memberId)),
  )
  .delete(
    '/api/my/social/:provider',
    operation({
      tag: 'Social',
      summary: 'Unlink a provider',
      ok: socialAccountsSchema,
      refusals: { 404: 'Not linked (SOCIAL_NOT_LINKED)', 409: 'It is the last way to sign in: no password and no other provider (SOCIAL_LAST_LOGIN)' },
    }),
    requireMember(),
    validate('param', providerParam),
    async (c) => c.json(await unlinkSocial(c.env.DB, c.var.session.memberId, c.req.valid('param').provider)),
  );
