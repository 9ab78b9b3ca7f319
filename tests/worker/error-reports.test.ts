// The local error collector (docs/operations.md): browsers' Sentry envelopes and the Worker's own 5xx answers land
// in error_reports, which an operator reads (GET /__errors/reports, npm run ops -- errors). Production has
// no collector: its browsers report to a Sentry DSN, its Worker to Workers Logs.
import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import type { StoredErrorReport } from '../../src/db/error-reports';
import { RELEASE } from '../../src/shared/release';
import { envelopeOf } from '../unit/sentry-envelope';
import { productionEnv } from './helpers';

const ORIGIN = 'http://flex.localhost:8787';
const post = (body: string, project = '1') =>
  SELF.fetch(`${ORIGIN}/__errors/api/${project}/envelope/?sentry_key=local&sentry_version=7`, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
const reports = async () => ((await (await SELF.fetch(`${ORIGIN}/__errors/reports`)).json()) as { reports: StoredErrorReport[] }).reports;
const event = (id: string, value: string) => ({ event_id: id, release: RELEASE, environment: 'test', tags: { brand: 'flex', page: '/luv' }, exception: { values: [{ type: 'Error', value }] } });

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM error_reports').run();
});

describe('the local collector', () => {
  it('keeps each event of an envelope once, drops noise, and lists the newest first', async () => {
    const first = await post(envelopeOf([event('1'.repeat(32), 'first boom'), event('2'.repeat(32), 'Failed to fetch')]));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, kept: 1 });
    // The SDK retries an envelope it could not confirm: the same event id is not kept twice.
    expect(await (await post(envelopeOf([event('1'.repeat(32), 'first boom'), event('3'.repeat(32), 'second boom')]))).json()).toEqual({ received: 2, kept: 1 });
    const listed = await reports();
    expect(listed.map((r) => r.message)).toEqual(['second boom', 'first boom']);
    expect(listed[0]).toMatchObject({ source: 'browser', brand: 'flex', page: '/luv', release: RELEASE, type: 'Error' });
  });

  it('refuses another project, an oversized envelope, and keeps nothing of garbage', async () => {
    expect((await post(envelopeOf([event('4'.repeat(32), 'x')]), '2')).status).toBe(404);
    expect((await post('x'.repeat(300 * 1024))).status).toBe(413);
    expect(await (await post('garbage\nmore')).json()).toEqual({ received: 0, kept: 0 });
    expect(await reports()).toEqual([]);
  });

  it('does not exist in production', async () => {
    const res = await app.request(`${ORIGIN}/__errors/api/1/envelope/`, { method: 'POST', body: envelopeOf([event('5'.repeat(32), 'x')]) }, productionEnv());
    expect(res.status).toBe(404);
    expect((await app.request(`${ORIGIN}/__errors/reports`, {}, productionEnv())).status).toBe(404);
  });
});

describe("the Worker's own errors", () => {
  it('a 5xx answer of the API is reported with its path, release and stack; the caller gets the usual envelope', async () => {
    await env.DB.prepare('ALTER TABLE popups RENAME TO popups_away').run();
    try {
      const res = await SELF.fetch(`${ORIGIN}/api/guest/popups`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
    } finally {
      await env.DB.prepare('ALTER TABLE popups_away RENAME TO popups').run();
    }
    const [report] = await reports();
    expect(report).toMatchObject({ source: 'worker', page: '/api/guest/popups', release: RELEASE, environment: 'test' });
    expect(report!.message).toMatch(/popups/);
    expect(report!.stack).toBeTruthy();
  });

  it('pages tell the browser where to report: the local collector here, nothing in production without a DSN', async () => {
    const props = (await (await SELF.fetch(`${ORIGIN}/`, { headers: { 'x-page-props': '1' } })).json()) as { errorReporting: unknown };
    expect(props.errorReporting).toEqual({ dsn: null, release: RELEASE, environment: 'test' });
  });
});
