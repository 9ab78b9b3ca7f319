// How long the edge keeps the maintenance and emergency flags: at most 10 s, whatever STATUS_CACHE_MS says, and
// shorter when it says so (the browser tests' server). A flip shows once the copy is older than that.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceStatus } from '../../src/middleware/gate';
import { guestEdgeProbe, setFlags } from './helpers';

/** The flags as the edge sees them at `at` (ms on the faked clock), under STATUS_CACHE_MS `ttl`. */
async function statusAt(at: number, ttl: string) {
  vi.setSystemTime(at);
  const probe = guestEdgeProbe().get('/', async (c) => c.json(await serviceStatus(c)));
  return (await probe.request('/', {}, { ...env, STATUS_CACHE_MS: ttl })).json();
}

const OFF = { maintenance: false, emergency: false };
const ON = { maintenance: true, emergency: false };

afterEach(() => {
  vi.useRealTimers();
});

describe('the edge copy of the flags', () => {
  for (const [ttl, keptMs] of [
    ['10000', 10_000],
    ['60000', 10_000],
    ['1500', 1_500],
  ] as const) {
    it(`with STATUS_CACHE_MS=${ttl} a flip shows after ${keptMs} ms, not before`, async () => {
      await setFlags(OFF);
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.parse('2026-11-28T00:00:00Z');
      expect(await statusAt(start, ttl)).toEqual(OFF);
      await env.CONFIG.put('flags', JSON.stringify(ON)); // as the ops command writes it: no cache is told
      expect(await statusAt(start + keptMs - 1, ttl)).toEqual(OFF);
      // The API's own copy of KV (2 s) is older than that too by now, or is read afresh.
      expect(await statusAt(start + Math.max(keptMs, 2_000) + 1, ttl)).toEqual(ON);
    });
  }
});
