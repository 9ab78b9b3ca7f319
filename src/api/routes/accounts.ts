import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../validate';
import { apiError, requestLocale } from '../errors';
import { translatorFor } from '../../lib/i18n';
import { M, stripSpaces } from '../../shared/account-rules';
import { SESSION_INVALID_MESSAGE, requireMember } from '../middleware/auth';
import { SESSION_INVALID } from '../../shared/account-api';
import { AccountError, availability, findLoginIds, findRecommender, toMe } from '../services/accounts';
import { confirmPhoneCode, sendPhoneCode } from '../services/phone';
import { completeIdentity, consumeIdentity, startIdentity } from '../services/identity';
import { resetPassword, startPasswordReset } from '../services/recovery';
import { smsFor } from '../providers/sms';
import { captchaFor } from '../providers/captcha';
import { devIdentityEnabled, identityFor } from '../providers/identity';
import { findMemberById, findMemberByLoginId, markIdentityVerified } from '../db/members';
import { findPartner } from '../db/partners';

const param = z.string().min(1).max(100);
const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));
const t = (c: Context) => translatorFor(requestLocale(c));

/** AccountError → the envelope, in the caller's language. */
function refuse(c: Context<ApiEnv>, err: unknown) {
  if (err instanceof AccountError) return apiError(c, err.status, err.messageKey.split('.').pop()!.toUpperCase(), err.messageKey, err.field ? { [err.field]: err.messageKey } : undefined);
  throw err;
}

export const accountRoutes = new Hono<ApiEnv>()
  // Availability and lookups (SPEC §7 Guest)
  .get('/api/guest/loginId/:id', validate('param', z.object({ id: param })), async (c) => c.json({ result: await availability(c.env.DB, 'loginId', stripSpaces(c.req.valid('param').id)) }))
  .get('/api/guest/nickname/:nickname', validate('param', z.object({ nickname: param })), async (c) => c.json({ result: await availability(c.env.DB, 'nickname', stripSpaces(c.req.valid('param').nickname)) }))
  .get('/api/guest/find-loginId/:id', validate('param', z.object({ id: param })), async (c) => {
    const member = await findMemberByLoginId(c.env.DB, c.req.valid('param').id);
    return c.json({ result: member ? 'ok' : 'notfound' });
  })
  .get('/api/guest/refcode/:code', validate('param', z.object({ code: param })), async (c) => {
    const partner = await findPartner(c.env.DB, c.req.valid('param').code);
    return c.json(partner ? { result: 'ok', partnerCode: partner.code, name: partner.name } : { result: 'notfound' });
  })
  .get('/api/guest/findRecommender/:code', validate('param', z.object({ code: param })), validate('query', z.object({ loginId: param.optional() })), async (c) =>
    c.json({ result: await findRecommender(c.env.DB, c.req.valid('param').code, c.req.valid('query').loginId) }),
  )
  .get('/api/auth/geo-ip', (c) => c.json({ countryCode: c.req.header('x-client-country') ?? null }))

  // Captcha and phone codes
  .get('/api/captcha/challenge', async (c) => c.json(await captchaFor(c.env).challenge()))
  .post(
    '/v2/api/auth/signup/send-phone-verification',
    validate('json', z.object({ countryCode: z.string().max(8), phone: z.string().max(32), captchaToken: z.string().max(4096) })),
    async (c) => {
      const body = c.req.valid('json');
      const countryCode = stripSpaces(body.countryCode);
      const phone = stripSpaces(body.phone);
      if (!/^\d{1,4}$/.test(countryCode) || !/^\d{4,15}$/.test(phone)) return apiError(c, 400, 'PHONE_REQUIRED', M.phoneRequired);
      if (!body.captchaToken || !(await captchaFor(c.env).verify(body.captchaToken, c.req.header('x-client-ip') ?? null))) {
        return apiError(c, 400, 'CAPTCHA_INCOMPLETE', M.captchaIncomplete);
      }
      const outcome = await sendPhoneCode(c.env.DB, smsFor(c.env), countryCode, phone, (code) => t(c)('sms.code', { code }));
      if (!outcome.ok) return apiError(c, outcome.status, outcome.status === 429 ? 'TOO_SOON' : 'SMS_FAILED', outcome.messageKey);
      return c.json({ message: t(c)(M.phoneCodeSent) });
    },
  )
  .post('/api/personal-auth/foreigner', validate('json', z.object({ countryCode: digits(1, 4), phone: digits(4, 15), code: digits(6, 6) })), async (c) => {
    const { countryCode, phone, code } = c.req.valid('json');
    const token = await confirmPhoneCode(c.env.DB, countryCode, phone, code);
    if (!token) return apiError(c, 400, 'CODE_WRONG', M.phoneCodeWrong);
    return c.json({ phoneVerificationToken: token });
  })

  // Identity verification
  .get('/api/auth/signup/personal-auth', async (c) => c.json(await startIdentity(c.env.DB, identityFor(c.env), 'personal-signup', { foreigner: false, loginId: null })))
  .get('/api/auth/signin/find', validate('query', z.object({ loginId: param.optional(), type: z.enum(['id', 'password']) })), async (c) => {
    const { loginId, type } = c.req.valid('query');
    if (type === 'password' && !loginId) return apiError(c, 400, 'BAD_REQUEST', 'errors.badRequest');
    return c.json(await startIdentity(c.env.DB, identityFor(c.env), type, { foreigner: false, loginId: loginId ?? null }));
  })
  .get('/api/personal-auth', requireMember(), async (c) => {
    const member = await findMemberById(c.env.DB, c.var.session.memberId);
    if (!member) return apiError(c, 404, 'NOT_FOUND', 'errors.apiNotFound');
    return c.json({ status: member.identity_verified ? 2 : 0, ...(await startIdentity(c.env.DB, identityFor(c.env), 'personal', { foreigner: member.is_foreigner === 1, loginId: member.login_id })) });
  })
  .post('/api/personal-auth/confirm', requireMember(), validate('json', z.object({ authKey: z.string().min(1).max(200) })), async (c) => {
    const identity = await consumeIdentity(c.env.DB, c.req.valid('json').authKey, 'personal', c.var.session.loginId);
    if (!identity) return apiError(c, 400, 'IDENTITY_REQUIRED', M.identityRequired);
    await markIdentityVerified(c.env.DB, c.var.session.memberId, identity);
    return c.json({ me: toMe((await findMemberById(c.env.DB, c.var.session.memberId))!) });
  })
  .post(
    '/api/personal-auth/dev/complete',
    validate('json', z.object({ session: z.string().min(1).max(100), name: z.string().trim().min(1).max(50), birthday: z.iso.date(), gender: z.enum(['M', 'F']), phone: digits(9, 15) })),
    async (c) => {
      if (!devIdentityEnabled(c.env)) return apiError(c, 404, 'NOT_FOUND', 'errors.apiNotFound');
      const { session, ...result } = c.req.valid('json');
      const authKey = await completeIdentity(c.env.DB, session, result);
      if (!authKey) return apiError(c, 400, 'INVALID_ACCESS', M.invalidAccess);
      return c.json({ authKey });
    },
  )

  // Recovery
  .post('/api/auth/signin/find-id/confirm', validate('json', z.object({ authKey: z.string().min(1).max(200) })), async (c) => {
    try {
      return c.json({ loginIds: await findLoginIds(c.env.DB, c.req.valid('json').authKey) });
    } catch (err) {
      return refuse(c, err);
    }
  })
  .post('/api/auth/signin/find-password/confirm', validate('json', z.object({ loginId: param, authKey: z.string().min(1).max(200) })), async (c) => {
    try {
      const { loginId, authKey } = c.req.valid('json');
      return c.json({ authToken: await startPasswordReset(c.env.DB, loginId, authKey) });
    } catch (err) {
      return refuse(c, err);
    }
  })
  .put('/api/oauth/password', validate('json', z.object({ loginId: param, authToken: z.string().min(1).max(200), password: z.string().max(100) })), async (c) => {
    try {
      const { loginId, authToken, password } = c.req.valid('json');
      await resetPassword(c.env.DB, loginId, authToken, password);
      return c.json({ ok: true });
    } catch (err) {
      return refuse(c, err);
    }
  })

  // The member's own profile
  .get('/api/my/profile', requireMember(), async (c) => {
    const member = await findMemberById(c.env.DB, c.var.session.memberId);
    if (!member) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
    return c.json({
      profile: { ...toMe(member), piFlag: member.pi_flag === 1, createdAt: new Date(member.created_at * 1000).toISOString(), countryCode: member.country_code, partnerCode: member.partner_code },
    });
  });
