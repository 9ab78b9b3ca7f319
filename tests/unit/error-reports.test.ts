import { describe, expect, it } from 'vitest';
import { reportsOfEnvelope } from '../../src/errors/envelope';
import { isNoiseError } from '../../src/shared/error-noise';
import { RELEASE } from '../../src/shared/release';
import { envelopeOf } from './sentry-envelope';

const boom = {
  event_id: 'a'.repeat(32),
  timestamp: 1_790_000_000.25,
  release: RELEASE,
  environment: 'test',
  tags: { brand: 'flex', page: '/channel/demo' },
  request: { url: 'http://flex.localhost/channel/demo', headers: { 'User-Agent': 'Chromium' } },
  exception: {
    values: [
      {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'x')",
        stacktrace: {
          frames: [
            { filename: 'http://flex.localhost/assets/main.js', function: 'outer', lineno: 1, colno: 10 },
            { filename: 'http://flex.localhost/assets/chunk.js', function: 'inner', lineno: 2, colno: 20 },
          ],
        },
      },
    ],
  },
};

describe('Sentry envelopes', () => {
  it('turn event items into reports, innermost frame first, and skip other items', () => {
    const body = envelopeOf([boom], [JSON.stringify({ type: 'client_report' }), JSON.stringify({ discarded_events: [] })]);
    const [report, ...rest] = reportsOfEnvelope(body, 'fallback-agent');
    expect(rest).toEqual([]);
    expect(report).toMatchObject({
      source: 'browser',
      at: 1_790_000_000_250,
      release: RELEASE,
      environment: 'test',
      brand: 'flex',
      page: '/channel/demo',
      type: 'TypeError',
      message: "Cannot read properties of undefined (reading 'x')",
      userAgent: 'Chromium',
      eventId: 'a'.repeat(32),
    });
    expect(report!.stack!.split('\n')[0]).toContain('inner (http://flex.localhost/assets/chunk.js:2:20)');
  });

  it('drop noise and read nothing from garbage', () => {
    const noise = (type: string, value: string) => ({ ...boom, exception: { values: [{ type, value }] } });
    expect(
      reportsOfEnvelope(envelopeOf([noise('TypeError', 'Failed to fetch'), noise('Error', 'ResizeObserver loop completed with undelivered notifications.'), noise('ChunkLoadError', 'x')]), null),
    ).toEqual([]);
    for (const garbage of ['', 'not json', '{}\n{"type":"event"}\nnot json', '[]', '{}\n{"type":"event"}\n{}']) expect(reportsOfEnvelope(garbage, null)).toEqual([]);
  });
});

describe('noise', () => {
  it('is network failures, chunk loading failures and the ResizeObserver loop; real errors are not', () => {
    for (const [type, message] of [
      ['TypeError', 'Failed to fetch'],
      ['TypeError', 'NetworkError when attempting to fetch resource.'],
      ['TypeError', 'Load failed'],
      ['TypeError', 'Failed to fetch dynamically imported module: http://x/assets/chunk-A.js'],
      ['Error', 'Loading chunk 42 failed.'],
      [null, 'ResizeObserver loop limit exceeded'],
      [null, 'Uncaught ResizeObserver loop completed with undelivered notifications.'],
    ] as const)
      expect(isNoiseError(type, message), message).toBe(true);
    for (const message of ['Cannot read properties of undefined', 'fetch is not a function', 'e2e boom']) expect(isNoiseError('TypeError', message), message).toBe(false);
  });
});

describe('release', () => {
  it('names the package and its version', () => {
    // Read as text the way the layout test reads sources (no file system inside workerd).
    const raw = Object.values(import.meta.glob('/package.json', { query: '?raw', import: 'default', eager: true }))[0] as string;
    const pkg = JSON.parse(raw) as { name: string; version: string };
    expect(RELEASE).toBe(`${pkg.name}@${pkg.version}`);
  });
});
