import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { readChannelSettings, readFlags } from '../../lib/kv-config';
import { registerPincrux } from '../services/partners';
import { sitemapPage } from '../services/sitemap';
import { issueGuestPass } from '../services/guest-pass';
import { optionalMember } from '../middleware/auth';
import { jwtSecret } from '../config';
import { guestPassRequestSchema, guestPassResponseSchema } from '../../shared/guest-auth-schemas';
import { GUEST_PASS_PATH } from '../../shared/constants';
import { SITEMAP_KINDS, SITEMAP_PAGE_LIMIT, sitemapPageSchema } from '../../shared/seo-schemas';
import { appTimecheckResponseSchema, okResponseSchema, timecheckResponseSchema, type AppTimecheckResponse, type OkResponse, type TimecheckResponse } from '../../shared/api-schemas';

/** Timecheck: status true means maintenance; status false with defenceMode means emergency. */
export function timecheckBody(flags: { maintenance: boolean; emergency: boolean }): TimecheckResponse {
  return { status: flags.maintenance, defenceMode: !flags.maintenance && flags.emergency };
}

const partnerKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const guestRoutes = new Hono<ApiEnv>()
  .get('/v2/api/guest/timeCheck', operation({ tag: 'Status', summary: 'Maintenance and emergency flags', description: 'Kept at the edge for at most 10 s.', ok: timecheckResponseSchema }), async (c) =>
    c.json(timecheckBody(await readFlags(c.env.CONFIG))),
  )
  .get(
    '/api/guest/timeCheck/:n',
    operation({
      tag: 'Status',
      summary: "The flags at the apps' numbered path",
      description: "Any n answers as GET /v2/api/guest/timeCheck does, except n = 9 with ver=2, which answers the apps' own form.",
      ok: z.union([timecheckResponseSchema, appTimecheckResponseSchema]),
    }),
    validate('param', z.object({ n: z.coerce.number().int().min(1).max(999) })),
    validate('query', z.object({ ver: z.coerce.number().int().min(1).max(9).optional() })),
    async (c) => {
      const flags = await readFlags(c.env.CONFIG);
      const { n } = c.req.valid('param');
      if (n === 9 && c.req.valid('query').ver === 2) {
        return c.json({ isMantenace: flags.maintenance, isEmergency: flags.emergency } satisfies AppTimecheckResponse);
      }
      return c.json(timecheckBody(flags));
    },
  )
  .get(
    '/api/guest/pincrux',
    operation({ tag: 'Site', summary: "Register this device with the Pincrux offerwall's keys", ok: okResponseSchema }),
    validate('query', z.object({ appkey: partnerKey, pinkey: partnerKey })),
    async (c) => {
      const { appkey, pinkey } = c.req.valid('query');
      await registerPincrux(c.env.DB, c.var.deviceId, appkey, pinkey);
      return c.json({ ok: true } satisfies OkResponse);
    },
  )
  .get(
    '/api/guest/sitemap/:kind',
    operation({
      tag: 'Site',
      summary: 'Pages of one kind every guest may open, newest first (the edge makes /sitemap.xml of them)',
      description:
        'live: lives on air now, none while broadcasting is switched off; vod: recordings; notice: the platform notices. Adult-only and password-protected lives and recordings are never listed. Pages by keyset: pass `next` as `before`.',
      ok: sitemapPageSchema,
    }),
    validate('param', z.object({ kind: z.enum(SITEMAP_KINDS) })),
    validate('query', z.object({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(), limit: z.coerce.number().int().min(1).max(SITEMAP_PAGE_LIMIT).default(1000) })),
    async (c) => {
      const { before, limit } = c.req.valid('query');
      return c.json(await sitemapPage(c.env.DB, c.req.valid('param').kind, { before: before ?? null, limit }, await readChannelSettings(c.env.CONFIG)));
    },
  )
  .post(
    GUEST_PASS_PATH,
    operation({
      tag: 'Verification',
      summary: "A guest's adult pass: watch adult-only broadcasts for an hour on this device without an account",
      description:
        'The authKey of an identity verification with type=guest-adult. An adult gets a pass for this X-Device-Id, sent back as X-Guest-Pass: the watch calls and the guest chat ticket then treat the caller as a verified adult (passwords and the channel switches still apply). Each verification buys one pass.',
      ok: guestPassResponseSchema,
      refusals: {
        400: 'The authKey is unknown, used, expired or of another flow (IDENTITY_REQUIRED), or the request fails validation (BAD_REQUEST)',
        403: 'The verified person is under 19 (ADULT_ONLY), or adult broadcasting is switched off (BROADCAST_UNAVAILABLE; the authKey stays unspent)',
        409: 'The caller is signed in: members verify their own account (SIGNED_IN)',
      },
    }),
    optionalMember(),
    validate('json', guestPassRequestSchema),
    async (c) => {
      const input = { authKey: c.req.valid('json').authKey, deviceId: c.var.deviceId, signedIn: !!c.var.optionalSession };
      return c.json(await issueGuestPass(c.env.DB, input, await readChannelSettings(c.env.CONFIG), jwtSecret(c.env)), 200, { 'cache-control': 'no-store' });
    },
  );
