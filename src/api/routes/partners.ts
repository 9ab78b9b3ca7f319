import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { operation } from '../openapi';
import { registerPartner } from '../services/partners';
import { ASP_SIGNUP_TOKEN_TTL_S, aspMember, aspPartnerOf, aspSignupToken } from '../services/asp';
import { startSession } from '../services/sessions';
import { requestBrand } from '../middleware/auth';
import { tokenGrantSchema } from '../../shared/account-schemas';
import { partnerRegistrationSchema, type PartnerRegistration } from '../../shared/api-schemas';

export const partnerCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const aspUserSchema = z.object({ aspCode: partnerCodeSchema, userkey: z.string().min(1).max(128) });
const aspSignupTokenSchema = z.object({ aspToken: z.string(), expiresIn: z.int().describe('Seconds') });

export const partnerRoutes = new Hono<ApiEnv>()
  .post(
    '/api/partners',
    operation({
      tag: 'Site',
      summary: 'Register a partner code for this device',
      description: "The device (X-Device-Id) counts as the partner's visitor; a later sign-up on it belongs to the partner.",
      ok: partnerRegistrationSchema,
      refusals: { 404: 'No partner has this code (PARTNER_NOT_FOUND); nothing is written' },
    }),
    validate('json', z.object({ partnerCode: partnerCodeSchema })),
    async (c) => {
      const partner = await registerPartner(c.env.DB, c.var.deviceId, c.req.valid('json').partnerCode);
      if (!partner) throw new Refusal(404, 'PARTNER_NOT_FOUND', 'errors.partnerNotFound');
      return c.json({ partnerCode: partner.code, name: partner.name, marketing: partner.marketing === 1 } satisfies PartnerRegistration);
    },
  )
  .post(
    '/v4/api/asp/accesstoken',
    operation({
      tag: 'Site',
      summary: "An ASP partner's server gets a session for one of its users",
      description:
        'Server to server: the partner code as aspCode and its key in the X-Asp-Key header (`npm run ops -- asp-key <partnerCode>` mints one); `userkey` is the one the user signed up with (sign-up asp_code and userkey). Answers a fresh token pair in the body (the site passes it through as is).',
      ok: tokenGrantSchema,
      refusals: { 401: 'No or wrong partner key (ASP_UNAUTHORIZED)', 404: 'No member signed up as this partner user (ASP_USER_NOT_FOUND)', 423: 'The member is blocked' },
    }),
    validate('json', aspUserSchema),
    async (c) => {
      const { aspCode, userkey } = c.req.valid('json');
      const partner = await aspPartnerOf(c.env.DB, aspCode, c.req.header('x-asp-key'));
      const member = await aspMember(c.env.DB, partner, userkey);
      const tokens = await startSession(c.env, member, false, requestBrand(c));
      return c.json({
        msg: 'SUCCESS',
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
        refresh_max_age: tokens.refreshMaxAge,
        login_keep: false,
      } satisfies z.infer<typeof tokenGrantSchema>);
    },
  )
  .post(
    '/v4/api/asp/signup-token',
    operation({
      tag: 'Site',
      summary: "An ASP partner's server vouches for one of its users before sending them to sign up",
      description: `Server to server, with the partner's key in X-Asp-Key. The partner puts the answer's aspToken in the sign-up link beside asp_code and userkey (/signup?asp_code=&userkey=&asp_token=); the sign-up binds the userkey to the new member only with it (or when the partner's server signs the user up itself with its key). It lasts ${ASP_SIGNUP_TOKEN_TTL_S / 60} minutes and names this one user.`,
      ok: aspSignupTokenSchema,
      refusals: { 401: 'No or wrong partner key (ASP_UNAUTHORIZED)' },
    }),
    validate('json', aspUserSchema),
    async (c) => {
      const { aspCode, userkey } = c.req.valid('json');
      const partner = await aspPartnerOf(c.env.DB, aspCode, c.req.header('x-asp-key'));
      return c.json((await aspSignupToken(c.env.JWT_SECRET, partner, userkey)) satisfies z.infer<typeof aspSignupTokenSchema>);
    },
  );
