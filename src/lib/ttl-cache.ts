/**
 * A value kept in this isolate's memory for a fixed time. The edge uses it so KV is read once per
 * isolate per interval rather than per request; a failing load is not cached.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  private readonly pending = new Map<K, { promise: Promise<V>; fresh: boolean }>();
  /** Bumped by clear() and fresh loads: a load that began before must not store what it read. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {
    allCaches.add(this as TtlCache<unknown, unknown>);
  }

  /**
   * The cached value, or a load (concurrent misses share one). `fresh` skips the cached value and any
   * load that began before this call, except another fresh one: its answer is at least as new. `ttlMs` keeps what this
   * call loads for another time than the cache's own.
   */
  async get(key: K, load: () => Promise<V>, { fresh = false, ttlMs = this.ttlMs }: { fresh?: boolean; ttlMs?: number } = {}): Promise<V> {
    const inflight = this.pending.get(key);
    if (fresh) {
      if (inflight?.fresh) return inflight.promise;
      this.generation += 1;
      this.entries.delete(key);
    } else {
      const hit = this.entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      if (inflight) return inflight.promise;
    }
    const generation = this.generation;
    const promise: Promise<V> = load()
      .then((value) => {
        if (generation === this.generation) this.entries.set(key, { value, expires: Date.now() + ttlMs });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      });
    this.pending.set(key, { promise, fresh });
    return promise;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }
}

const allCaches = new Set<TtlCache<unknown, unknown>>();

/** Forget every cached value in this isolate (tests and the ops flag flip use it). */
export function clearAllCaches(): void {
  for (const cache of allCaches) cache.clear();
}
