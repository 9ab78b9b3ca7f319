import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache';

// The edge's in-memory copies (channel settings, flags, brands): what clear() and a fresh read promise.

/** A load whose answer the test releases when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TtlCache', () => {
  it('keeps a value for its time and shares concurrent loads', async () => {
    const cache = new TtlCache<string, number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('a fresh read skips the copy and keeps its own answer; fresh reads at once share one load', async () => {
    const cache = new TtlCache<string, string>(60_000);
    await cache.get('k', async () => 'old');
    let loads = 0;
    const load = async () => {
      loads++;
      return 'new';
    };
    expect(await Promise.all([cache.get('k', load, { fresh: true }), cache.get('k', load, { fresh: true })])).toEqual(['new', 'new']);
    expect(loads).toBe(1);
    expect(await cache.get('k', async () => 'unused')).toBe('new');
  });

  it('a load that began before clear() or a fresh read does not store its older answer', async () => {
    const cache = new TtlCache<string, string>(60_000);
    const before = deferred<string>();
    const slow = cache.get('k', () => before.promise);
    cache.clear();
    before.resolve('stale');
    expect(await slow).toBe('stale'); // its own caller still gets it
    expect(await cache.get('k', async () => 'current')).toBe('current');

    const older = deferred<string>();
    const ordinary = cache.get('j', () => older.promise);
    expect(await cache.get('j', async () => 'fresh', { fresh: true })).toBe('fresh');
    older.resolve('older');
    await ordinary;
    expect(await cache.get('j', async () => 'unused')).toBe('fresh');
  });
});
