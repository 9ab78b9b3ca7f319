import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { readBrandConfig } from '../../lib/kv-config';
import { BRAND_HEADER } from '../../shared/constants';
import { requestBrand } from '../middleware/auth';
import { operation } from '../openapi';
import { POLICIES, policyText } from '../services/policies';
import { policyTextSchema } from '../../shared/api-schemas';

/** GET /static/{file}: a policy text in the caller's language, for the caller's brand (policies/<locale>/<file>.md). */
export const staticRoutes = new Hono<ApiEnv>().get(
  '/static/:file',
  operation({
    tag: 'Site',
    summary: "A policy text in the caller's language, for the site's brand",
    description:
      "Korean is the binding text; en, zh, ja and th translate it. The brand is the site's (the proxy says which; native apps may name it with brand=), else the default brand; its service and company name and contacts are filled in. Cached for 10 minutes; answers during maintenance too.",
    ok: policyTextSchema,
    refusals: { 404: 'No brand is configured (NOT_FOUND)' },
  }),
  validate('param', z.object({ file: z.enum(POLICIES) })),
  validate('query', z.object({ brand: z.string().max(40).optional() })),
  async (c) => {
    const brand = await readBrandConfig(c.env.CONFIG, c.req.valid('query').brand ?? requestBrand(c));
    if (!brand) throw new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');
    c.header('cache-control', 'public, max-age=600');
    c.header('vary', `accept-language, x-locale, ${BRAND_HEADER}`);
    return c.json(policyText(c.req.valid('param').file, c.var.locale, brand, c.var.t(`currency.${brand.currency}`)));
  },
);
