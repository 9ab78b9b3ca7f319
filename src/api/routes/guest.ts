import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { readFlags } from '../../lib/kv-config';
import { registerPincrux } from '../services/partners';
import { appTimecheckResponseSchema, okResponseSchema, timecheckResponseSchema, type AppTimecheckResponse, type OkResponse, type TimecheckResponse } from '../../shared/api-schemas';

/** SPEC §4 "Timecheck": status true means maintenance; status false with defenceMode means emergency. */
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
  );
