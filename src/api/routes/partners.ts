import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { operation } from '../openapi';
import { registerPartner } from '../services/partners';
import { partnerRegistrationSchema, type PartnerRegistration } from '../../shared/api-schemas';

export const partnerCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);

export const partnerRoutes = new Hono<ApiEnv>().post(
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
);
