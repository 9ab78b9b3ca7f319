// Request and response shapes of social login (docs/product/accounts.md, "Social login").
import * as z from 'zod';
import { deviceSchema, meDtoSchema, sessionTokensSchema } from './account-schemas';
import { SOCIAL_PROVIDERS } from './social';

const text = (max: number) => z.string().max(max);

export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS).describe('A social-login provider');

const ticket = z.string().min(1).max(2000).describe('The identity ticket the callback issued (10 minutes): never a provider token');

/** POST /api/auth/oauth/{provider}/authorize: the edge's /callback/{provider}/start. */
export const socialBeginRequestSchema = z.object({
  callbackURL: text(2000).nullable().optional().describe('Where to return: a same-site path; anything else is refused'),
  intent: z.enum(['login', 'link']).default('login').describe('link: add the provider to the signed-in member'),
  binding: z.string().min(16).max(200).describe('A random value the caller keeps in the browser (the site: an HttpOnly cookie); the callback must present it'),
});
export const socialBeginResponseSchema = z.object({ authorizeUrl: z.string() });

/** POST /api/auth/oauth/{provider}/callback: what the provider sent to /callback/{provider}/authorize. */
export const socialFinishRequestSchema = z.object({
  code: text(2000).optional(),
  state: text(200).optional(),
  error: text(200).optional(),
  binding: text(200).optional(),
});
export const socialFinishResponseSchema = z.union([
  z.object({
    outcome: z.enum(['signin', 'signup']).describe('signin: the account is linked (sign in with the ticket); signup: a new person'),
    provider: socialProviderSchema,
    callbackURL: z.string(),
    accessToken: z.string().describe('The identity ticket for the sign-in or sign-up call'),
    nickname: z.string().nullable(),
    email: z.string().nullable(),
  }),
  z.object({ outcome: z.literal('linked'), provider: socialProviderSchema, callbackURL: z.string() }),
]);

/** POST /api/auth/signin/oauth/{kakao,google,naver} */
export const socialSigninRequestSchema = z.object({ accessToken: ticket });
/** POST /api/auth/signin/oauth/twitch (the app's variant) */
export const socialSigninAppRequestSchema = z.object({
  accessToken: ticket,
  device: deviceSchema.default('PCWEB'),
  tokenType: z.literal('identity').default('identity').describe("Only our identity ticket ('identity') is accepted"),
  memberId: text(100).optional().describe('The login ID the app expects; another linked member is refused'),
});
export const socialSigninResponseSchema = z.object({ status: z.literal(200), msg: z.literal('SUCCESS'), me: meDtoSchema }).extend(sessionTokensSchema.shape);

/** POST /api/auth/signup/oauth/{provider} and /v3/api/m/signup/kakao: the published social sign-up payload, plus the form's ID, password and terms. */
export const socialSignupRequestSchema = z.object({
  accessToken: ticket,
  nickname: text(100),
  recommendId: text(100).optional(),
  partnerCode: text(32).optional(),
  authKey: text(200).optional().describe('From identity verification; not needed when a partner_code cookie exists'),
  countryCodes: text(100).optional().describe('Google, Naver: accepted; the phone country comes from identity verification'),
  device: deviceSchema.default('PCWEB'),
  loginId: text(100).optional().describe('Twitch sends it; others may: when absent one is generated'),
  password: text(100).optional().describe('Optional: without one the member signs in only through the provider'),
  terms: z.union([z.literal(true), z.literal('essential'), z.literal(false)]).optional(),
});
export type SocialSignupRequest = z.infer<typeof socialSignupRequestSchema>;

/**
 * POST /api/auth/oauth/{provider}/link: an existing member links by proving the account: its password, or
 * the same verified identity (the authKey of a verification with type=personal-signup whose CI is that
 * member's). Never by e-mail.
 */
export const socialLinkRequestSchema = z.union([
  z.strictObject({ accessToken: ticket, loginId: text(100), password: text(100) }).meta({ title: 'By password' }),
  z
    .strictObject({ accessToken: ticket, authKey: text(200).describe('From identity verification with type=personal-signup (GET /api/auth/signup/personal-auth)') })
    .meta({ title: 'By verified identity' }),
]);
export type SocialLinkRequest = z.infer<typeof socialLinkRequestSchema>;

export const socialAccountsSchema = z
  .object({
    hasPassword: z.boolean(),
    providers: z.array(z.object({ provider: socialProviderSchema, email: z.string().nullable(), linkedAt: z.string() })),
  })
  .meta({ id: 'SocialAccounts' });
export type SocialAccounts = z.infer<typeof socialAccountsSchema>;
