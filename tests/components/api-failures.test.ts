// Which API outcomes reach the error collector (client/errors/api-failure.ts; apiFetch reports every call's
// outcome through it, error-reports.spec.ts follows one to the collector): a 5xx answer and a call that got
// no answer, with method, path and status, never the query string; no answer while offline is noise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailureOf } from '../../client/errors/api-failure';
import { isNoiseError } from '../../src/shared/error-noise';

describe('API failures', () => {
  it('are 5xx answers and, while online, no answer; never 4xx, success or an offline failure', () => {
    expect(apiFailureOf('GET', '/api/me', 200, true)).toBeNull();
    expect(apiFailureOf('POST', '/api/x', 404, true)).toBeNull();
    expect(apiFailureOf('GET', '/api/me', 0, false)).toBeNull();
    expect(apiFailureOf('GET', '/api/me', 500, false)).toMatchObject({ name: 'ApiFailure', method: 'GET', path: '/api/me', status: 500, message: 'GET /api/me answered 500' });
    const lost = apiFailureOf('PUT', '/api/my/profile?token=secret', 0, true)!;
    expect(lost).toMatchObject({ method: 'PUT', path: '/api/my/profile', status: 0, message: 'PUT /api/my/profile got no answer' });
    expect(lost.message).not.toContain('secret');
    // The reporter's noise filter must let them through.
    expect(isNoiseError(lost.name, lost.message)).toBe(false);
  });
});

// The global popup (client/app/App.tsx listens): apiFetch raises it for a call that failed without a code of its own,
// once an outage, and the pages' words for a failed call (failureWords, client/data/use-mutation.ts) are then none.
describe('the global popup for a failure without a code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('opens for no answer and an unexplained 5xx, once an outage; never for a coded refusal or a 4xx', async () => {
    const raised: string[] = [];
    const answers: Array<() => Promise<Response>> = [];
    vi.stubGlobal('fetch', () => answers.shift()!());
    const dispatchEvent = (event: Event) => {
      if (event.type === 'flx:api-failure') raised.push((event as CustomEvent<string>).detail);
      return true;
    };
    vi.stubGlobal('window', { location: { pathname: '/', origin: 'http://flex.localhost' }, dispatchEvent });
    vi.stubGlobal('navigator', { onLine: true });
    const { apiFetch } = await import('../../client/data/api');
    const answer = (status: number, body = '') => answers.push(() => Promise.resolve(new Response(body || null, { status })));

    answer(500); // no body
    answer(502, JSON.stringify({ error: { code: 'INTERNAL', message: '일시적인 오류' } }));
    answer(409, JSON.stringify({ error: { code: 'COUPON_EXPIRED', message: '만료' } }));
    answer(500);
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    answer(502, JSON.stringify({ error: { code: 'PG_UNAVAILABLE', message: 'PG' } }));
    answer(404);
    for (let i = 0; i < 8; i++) await apiFetch('/api/x').catch(() => null);
    // 500 opens it; the coded 502 INTERNAL is the same outage; the 409 is an answer, which ends it; the next 500 opens
    // it again; no answer (twice) once; a 5xx with its own code and a 404 are the page's to explain.
    expect(raised).toEqual(['server', 'server', 'network']);
  });

  it("leaves the page no words of its own for such a failure, and keeps the page's for a coded one", async () => {
    const { failureWords } = await import('../../client/data/use-mutation');
    const failureText = (result: { status: number; code: string | null; message: string }, fallback: string) => failureWords({ ok: false, ...result }, { fallback }, (key) => key);
    expect(failureText({ status: 0, code: 'NETWORK', message: '' }, 'fallback')).toBeNull();
    expect(failureText({ status: 500, code: null, message: '' }, 'fallback')).toBeNull();
    expect(failureText({ status: 500, code: 'INTERNAL', message: '일시적인 오류' }, 'fallback')).toBeNull();
    expect(failureText({ status: 502, code: 'PG_UNAVAILABLE', message: 'PG 오류' }, 'fallback')).toBe('PG 오류');
    expect(failureText({ status: 409, code: 'COUPON_EXPIRED', message: '만료' }, 'fallback')).toBe('만료');
    expect(failureText({ status: 400, code: 'BAD_REQUEST', message: '' }, 'fallback')).toBe('fallback');
  });
});
