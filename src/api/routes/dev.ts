import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { isProductionEnv } from '../../shared/environment';
import { devOutboxSchema } from '../../shared/api-schemas';
import { devFundRequestSchema, devFundResponseSchema, devIncrementResponseSchema } from '../../shared/dev-schemas';
import { providerChoice } from '../config';
import { operation } from '../openapi';
import { validate } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { benchIncrement, devOutbox, fundMember } from '../services/dev';

const notFound = () => new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');

/** Development only (404 in production): the offline SMS outbox, and what the ledger bench needs. */
export const devRoutes = new Hono<ApiEnv>()
  .get(
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
      return c.json(await devOutbox(c.env.DB));
    },
  )
  .post(
    '/__dev/luv/fund',
    operation({
      tag: 'Development',
      summary: "Put luv in a member's wallet as a purchase would (pg_clearing -> wallet)",
      description: 'For benches and local trials before a payment exists; one ledger movement like any other. 404 in production.',
      ok: devFundResponseSchema,
      refusals: { 404: 'Production, or no such member (NOT_FOUND)' },
    }),
    validate('json', devFundRequestSchema),
    async (c) => {
      if (isProductionEnv(c.env.ENVIRONMENT)) throw notFound();
      const { loginId, amount } = c.req.valid('json');
      const balance = await fundMember(c.env.DB, loginId, amount);
      if (balance === null) throw notFound();
      return c.json({ balance });
    },
  )
  .post(
    '/__dev/bench/increment',
    operation({
      tag: 'Development',
      summary: "The ledger bench's baseline: one single-statement D1 increment",
      description: 'npm run bench:ledger creates the counter in its own state folder; 404 in production or without it.',
      ok: devIncrementResponseSchema,
      refusals: { 404: 'Production, or no bench counter (NOT_FOUND)' },
    }),
    async (c) => {
      if (isProductionEnv(c.env.ENVIRONMENT) || !(await benchIncrement(c.env.DB))) throw notFound();
      return c.json({ ok: true as const });
    },
  );
