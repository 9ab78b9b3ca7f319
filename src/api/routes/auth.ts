import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../validate';
import { requestLocale } from '../errors';
import { translatorFor } from '../../lib/i18n';
import { requireMember } from '../middleware/auth';
import { AccountError, signIn, signUp, toMe } from '../services/accounts';
import { SESSION_TTL_S, endSession, refreshSession, startSession, type Tokens } from '../services/sessions';
import { loginEvent } from '../services/login-event';
import { revokeMemberStatements } from '../db/sessions';

const text = (max: number) => z.string().max(max);
const device = z.enum(['MOBILEWEB', 'PCWEB']);

/** Tokens in the body for the proxy (which moves them into cookies) and for native apps. */
function tokenFields(tokens: Tokens) {
  return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn, refresh_max_age: tokens.refreshMaxAge, login_keep: tokens.refreshMaxAge > SESSION_TTL_S };
}

const t = (c: Context) => translatorFor(requestLocale(c));

const signinSchema = z.object({
  loginId: text(100),
  password: text(100),
  loginKeep: z.boolean().default(false),
  saveId: z.boolean().default(false),
  device: device.default('PCWEB'),
});

const signupSchema = z.object({
  loginId: text(100),
  password: text(100),
  nickname: text(100),
  name: text(50).optional(),
  partnerCode: text(32).optional(),
  recommendId: text(100).optional(),
  device: device.default('PCWEB'),
  phoneVerificationToken: text(200).optional(),
  gender: z.enum(['M', 'F']).optional(),
  birthday: text(10).optional(),
  phone: z.string().regex(/^\d{4,15}$/).optional(),
  countryCode: z.string().regex(/^\d{1,4}$/).optional(),
  adultValue: z.number().int().optional(),
  aspCode: text(64).optional(),
  userkey: text(128).optional(),
  authKey: text(200).optional(),
  isForeigner: z.boolean().default(false),
  terms: z.union([z.literal(true), z.literal('essential'), z.literal(false)]).optional(),
});

export const authRoutes = new Hono<ApiEnv>()
  .post('/v2/api/auth/signin', validate('json', signinSchema), async (c) => {
    const body = c.req.valid('json');
    try {
      // The row signIn returns was read before this login was recorded: last_login_at is the previous visit.
      const member = await signIn(c.env.DB, body.loginId, body.password);
      const tokens = await startSession(c.env, member, body.loginKeep);
      return c.json({ status: 200, msg: 'SUCCESS', message: '', event: loginEvent(member.last_login_at, t(c)), me: toMe(member), save_id: body.saveId, ...tokenFields(tokens) });
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      // 401 carries an empty message: the page says 'wrong ID or password' without telling which.
      const message = err.status === 401 ? '' : t(c)(err.messageKey);
      return c.json({ status: err.status, msg: err.status === 423 ? 'BLOCKED' : err.status === 429 ? 'TOO_MANY_ATTEMPTS' : 'UNAUTHORIZED', message, event: null }, err.status);
    }
  })
  .post('/api/auth/signup', validate('json', signupSchema), async (c) => {
    const body = c.req.valid('json');
    try {
      const member = await signUp(c.env.DB, body, { partnerCookie: c.req.header('x-partner-code') ?? null });
      const tokens = await startSession(c.env, member, false);
      return c.json({ data: { me: toMe(member) }, ...tokenFields(tokens) });
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      return c.json({ data: { error: t(c)(err.messageKey), field: err.field } }, err.status);
    }
  })
  .post('/api/auth/signout', requireMember(), async (c) => {
    await endSession(c.env, c.var.session.familyId);
    return c.json({ ok: true });
  })
  .post('/api/auth/expire', requireMember(), validate('json', z.object({ loginId: text(100) })), async (c) => {
    if (c.req.valid('json').loginId.toLowerCase() !== c.var.session.loginId.toLowerCase()) {
      return c.json({ error: { code: 'FORBIDDEN', message: t(c)('auth.errors.invalidAccess') } }, 403);
    }
    await c.env.DB.batch(revokeMemberStatements(c.env.DB, c.var.session.memberId, Date.now()));
    return c.json({ ok: true });
  })
  /** A fresh token pair for the member's own native app (handoff); refused for anyone else's ID. */
  .post('/api/oauth/generate', requireMember(), validate('json', z.object({ userId: text(100) })), async (c) => {
    if (c.req.valid('json').userId.toLowerCase() !== c.var.session.loginId.toLowerCase()) {
      return c.json({ error: { code: 'FORBIDDEN', message: t(c)('auth.errors.invalidAccess') } }, 403);
    }
    const tokens = await startSession(c.env, { id: c.var.session.memberId, login_id: c.var.session.loginId }, true);
    return c.json({ msg: 'SUCCESS', ...tokenFields(tokens) });
  })
  .post('/api/oauth/refresh', validate('form', z.object({ refreshToken: text(200).min(1) })), async (c) => {
    const outcome = await refreshSession(c.env, c.req.valid('form').refreshToken);
    if (!outcome.ok) return c.json({ msg: 'ERROR', reason: outcome.reason }, 401);
    return c.json({ msg: 'SUCCESS', ...tokenFields(outcome.tokens) });
  });
