/**
 * A value kept in this isolate's memory for a fixed time. The edge uses it so KV is read once per
 * isolate per interval rather than per request; a failing load is not cached.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  private readonly pending = new Map<K, Promise<V>>();

  constructor(private readonly ttlMs: number) {
    allCaches.add(this as TtlCache<unknown, unknown>);
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    // Concurrent misses share one load.
    let inflight = this.pending.get(key);
    if (!inflight) {
      inflight = load()
        .then((value) => {
          this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
          return value;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, inflight);
    }
    return inflight;
  }

  clear(): void {
    this.entries.clear();
  }
}

const allCaches = new Set<TtlCache<unknown, unknown>>();

/** Forget every cached value in this isolate (tests and the ops flag flip use it). */
export function clearAllCaches(): void {
  for (const cache of allCaches) cache.clear();
}
