// Purging the edge page cache (src/edge-cache/page-cache.ts) without knowing its keys: each cached page
// names the scopes it depends on and the number each scope had when the page was built; a purge raises
// the numbers (the PageEpochs Durable Object) and every page built under older ones stops being served.
// Only needs `env`: the live channel object and the API purge through here without importing page code.
import { PURGE_REACH_MS } from '../shared/page-cache';

/** What a purge names. */
export const PAGE_SCOPES = {
  /** Everything: operator changes (channel switches) that touch every page. */
  site: 'site',
  /** The pages listing lives: home and theme pages (a live starting or ending anywhere). */
  lists: 'lists',
  /** One channel's page. */
  channel: (channelId: number) => `channel:${channelId}`,
} as const;

const OBJECT_NAME = 'global';
/** Channels an isolate remembers the number of; the oldest go first past this. */
const MAX_REMEMBERED = 5_000;

/** The numbers this isolate last learned, and when (the start of the read that learned them). */
const known = new Map<string, { value: number; at: number }>();
/** Reads under way, per scope: concurrent requests share one. */
const reading = new Map<string, Promise<number>>();

function counters(env: Env) {
  return env.PAGE_EPOCHS.get(env.PAGE_EPOCHS.idFromName(OBJECT_NAME));
}

function learn(scope: string, value: number, at: number): void {
  const before = known.get(scope);
  // Numbers only grow: an answer that left the object before a purge we already heard of is not news.
  if (before && before.value > value) return;
  known.delete(scope); // re-inserted last: the map's order is its age
  known.set(scope, { value, at: Math.max(at, before?.at ?? 0) });
  if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value!);
}

const trusted = (scope: string, now: number) => {
  const entry = known.get(scope);
  return entry && now - entry.at < PURGE_REACH_MS ? entry.value : undefined;
};

/**
 * The current number of each scope, as this isolate knows it: read from the object at most once per
 * PURGE_REACH_MS per scope (concurrent requests share the read), so a purge is seen within that time.
 * Null when the object cannot answer: the caller then neither serves nor stores a cached page.
 */
export async function currentEpochs(env: Env, scopes: string[]): Promise<number[] | null> {
  const now = Date.now();
  const stale = scopes.filter((scope) => trusted(scope, now) === undefined && !reading.has(scope));
  if (stale.length > 0) {
    const read = counters(env).read(stale);
    stale.forEach((scope, i) => {
      const one = read.then((values) => {
        learn(scope, values[i]!, now);
        return values[i]!;
      });
      reading.set(scope, one);
      void one.catch(() => {}).finally(() => reading.get(scope) === one && reading.delete(scope));
    });
  }
  try {
    return await Promise.all(scopes.map((scope) => trusted(scope, now) ?? reading.get(scope) ?? known.get(scope)!.value));
  } catch (err) {
    console.warn('page cache counters unavailable; serving uncached', err);
    return null;
  }
}

/**
 * Purge: every cached page depending on one of these scopes stops being served, in this isolate at
 * once and in every other within PURGE_REACH_MS. Never throws: a failed purge leaves pages to expire
 * (PAGE_CACHE_TTL_S) and is logged.
 */
export async function purgePages(env: Env, scopes: string[]): Promise<void> {
  const at = Date.now();
  try {
    const values = await counters(env).bump(scopes);
    for (const [i, scope] of scopes.entries()) learn(scope, values[i]!, at);
  } catch (err) {
    console.warn('page cache purge failed; pages expire on their own', scopes, err);
  }
}
