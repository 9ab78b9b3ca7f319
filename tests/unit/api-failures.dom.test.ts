// Which API outcomes reach the error collector (client/errors/api-failure.ts; apiFetch reports every call's
// outcome through it, error-reports.spec.ts follows one to the collector): a 5xx answer and a call that got
// no answer, with method, path and status, never the query string; no answer while offline is noise.
import { describe, expect, it } from 'vitest';
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
