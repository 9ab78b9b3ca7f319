import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { isProductionEnv } from '../../shared/environment';
import { devOutboxSchema } from '../../shared/api-schemas';
import { providerChoice } from '../config';
import { operation } from '../openapi';
import { listOutbox } from '../../db/sms-outbox';

/** Development only: the offline SMS adapter's outbox, newest first. Absent in production. */
export const devRoutes = new Hono<ApiEnv>().get(
  '/__dev/outbox',
  operation({
    tag: 'Development',
    summary: "The offline SMS adapter's outbox, newest first",
    description: 'Only where the dev SMS adapter is configured; 404 in production.',
    ok: devOutboxSchema,
    refusals: { 404: 'Production, or another SMS adapter (NOT_FOUND)' },
  }),
  async (c) => {
    if (isProductionEnv(c.env.ENVIRONMENT) || providerChoice(c.env).sms !== 'dev') return c.notFound();
    return c.json(await listOutbox(c.env.DB));
  },
);
