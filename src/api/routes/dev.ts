import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { isProductionEnv } from '../../shared/environment';
import { providerChoice } from '../config';

/** Development only: the offline SMS adapter's outbox, newest first. Absent in production. */
export const devRoutes = new Hono<ApiEnv>().get('/__dev/outbox', async (c) => {
  if (isProductionEnv(c.env.ENVIRONMENT) || providerChoice(c.env).sms !== 'dev') return c.notFound();
  const { results } = await c.env.DB.prepare('SELECT id, to_phone AS "to", body, created_at AS sentAt FROM sms_outbox ORDER BY id DESC LIMIT 100').all();
  return c.json(results);
});
