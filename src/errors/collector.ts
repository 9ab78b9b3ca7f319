// The local error collector: a Sentry-compatible envelope endpoint for the browser SDK, in development and
// tests only (production browsers report to the Sentry project of SENTRY_DSN_BROWSER). The DSN the pages
// get is http://local@<their host>/__errors/1, so the SDK posts to /__errors/api/1/envelope/ on the same origin.
import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { insertErrorReports, listErrorReports } from '../db/error-reports';
import { isProductionEnv } from '../shared/environment';
import { LOCAL_COLLECTOR_PATH, LOCAL_COLLECTOR_PROJECT } from '../shared/release';
import { reportsOfEnvelope } from './envelope';

/** Sentry's browser transport sends at most 1 MB; reports here are one event each, far smaller. */
const MAX_ENVELOPE_BYTES = 256 * 1024;

export const collector = new Hono<AppEnv>();

// Only its own paths: mounted at '/', a '*' here would answer 404 to every request after it in production
// (the API proxy and every page), as a sign-in test under production settings found.
collector.use(`${LOCAL_COLLECTOR_PATH}/*`, async (c, next) => {
  if (isProductionEnv(c.env.ENVIRONMENT)) return c.notFound();
  await next();
});

collector.post(`${LOCAL_COLLECTOR_PATH}/api/:project/envelope/`, async (c) => {
  if (c.req.param('project') !== LOCAL_COLLECTOR_PROJECT) return c.json({ detail: 'unknown project' }, 404);
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_ENVELOPE_BYTES) return c.json({ detail: 'envelope too large' }, 413);
  const body = await c.req.text();
  if (body.length > MAX_ENVELOPE_BYTES) return c.json({ detail: 'envelope too large' }, 413);
  const reports = reportsOfEnvelope(body, c.req.header('user-agent') ?? null);
  const kept = await insertErrorReports(c.env.DB, reports);
  return c.json({ received: reports.length, kept });
});

/** What an operator reads (npm run ops -- errors reads the same rows from D1). */
collector.get(`${LOCAL_COLLECTOR_PATH}/reports`, async (c) => {
  const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 500);
  return c.json({ reports: await listErrorReports(c.env.DB, limit) });
});
