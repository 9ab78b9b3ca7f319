// Where cached pages live: the Workers Cache API (one copy per data centre, shared by its isolates), with
// a small copy in this isolate's memory in front of it (no I/O at all on a hit). Both tiers hold an entry
// until the same moment (PAGE_CACHE_TTL_S after it was built), and an entry is served only while the
// purge counters it was built under still hold (./epochs.ts).
import { PAGE_CACHE_TTL_S } from '../shared/page-cache';
import { currentEpochs } from './epochs';

export interface CacheEntry {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** When it stops being served (epoch ms). */
  expires: number;
  /** The purge counters it was built under, by scope. */
  epochs: Record<string, number>;
  /** A document's Content-Security-Policy nonce as rendered: each answer puts its own in its place. */
  nonce?: string;
  /** A parsed form of the body, made at most once per isolate (see `parsed`). */
  memo?: unknown;
}

const CACHE_NAME = 'pages';
const EXPIRES_HEADER = 'x-page-cache-expires';
const EPOCHS_HEADER = 'x-page-cache-epochs';
const NONCE_HEADER = 'x-page-cache-nonce';

/** The memory tier's bounds: a page is tens of KB; a Worker isolate has 128 MB. */
const MEMORY_MAX_ENTRIES = 500;
const MEMORY_MAX_BYTES = 16 * 1024 * 1024;

const memory = new Map<string, CacheEntry>();
let memoryBytes = 0;

function forget(key: string): void {
  const entry = memory.get(key);
  if (!entry) return;
  memory.delete(key);
  memoryBytes -= entry.body.byteLength;
}

function remember(key: string, entry: CacheEntry): void {
  forget(key);
  memory.set(key, entry);
  memoryBytes += entry.body.byteLength;
  for (const oldest of memory.keys()) {
    if (memory.size <= MEMORY_MAX_ENTRIES && memoryBytes <= MEMORY_MAX_BYTES) break;
    forget(oldest);
  }
}

let opened: Promise<Cache> | null = null;
const sharedCache = () => (opened ??= caches.open(CACHE_NAME));

/** The Cache API key: the request's own origin (the zone's cache namespace), under a path no route answers. */
const requestFor = (origin: string, key: string) => new Request(`${origin}/__page-cache/${encodeURIComponent(key)}`);

function encodeEpochs(epochs: Record<string, number>): string {
  return Object.entries(epochs)
    .map(([scope, value]) => `${scope}=${value}`)
    .join(',');
}

function decodeEpochs(header: string | null): Record<string, number> | null {
  if (header === null) return null;
  const epochs: Record<string, number> = {};
  for (const part of header.split(',').filter(Boolean)) {
    const [scope, value] = part.split('=');
    if (!scope || !/^\d+$/.test(value ?? '')) return null;
    epochs[scope] = Number(value);
  }
  return epochs;
}

async function fromSharedCache(origin: string, key: string, now: number): Promise<CacheEntry | null> {
  const res = await (await sharedCache()).match(requestFor(origin, key));
  if (!res) return null;
  const expires = Number(res.headers.get(EXPIRES_HEADER));
  const epochs = decodeEpochs(res.headers.get(EPOCHS_HEADER));
  if (!epochs || !(expires > now)) {
    await res.body?.cancel();
    return null;
  }
  const nonce = res.headers.get(NONCE_HEADER) ?? undefined;
  return { body: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'text/plain', expires, epochs, nonce };
}

/** Whether the counters an entry was built under still hold; false too when they cannot be read. */
async function current(env: Env, entry: CacheEntry): Promise<boolean> {
  const scopes = Object.keys(entry.epochs);
  const now = await currentEpochs(env, scopes);
  return !!now && scopes.every((scope, i) => now[i] === entry.epochs[scope]);
}

/**
 * The entry under `key` if one is current: unexpired and not purged since it was built. Memory first;
 * the data centre's cache on a miss there (what it finds is kept in memory until the same expiry).
 */
export async function lookup(env: Env, origin: string, key: string): Promise<CacheEntry | null> {
  const now = Date.now();
  let entry = memory.get(key) ?? null;
  if (entry && entry.expires <= now) {
    forget(key);
    entry = null;
  }
  if (!entry) {
    entry = await fromSharedCache(origin, key, now).catch((err) => {
      console.warn('page cache read failed', err);
      return null;
    });
    if (entry) remember(key, entry);
  }
  if (!entry || !(await current(env, entry))) return null;
  return entry;
}

/** Store an entry in both tiers (the data centre's copy in the background: `waitUntil`). */
export function store(origin: string, key: string, entry: CacheEntry, waitUntil: (p: Promise<unknown>) => void): void {
  remember(key, entry);
  const ttl = Math.max(1, Math.ceil((entry.expires - Date.now()) / 1000));
  const res = new Response(entry.body, {
    headers: { 'content-type': entry.contentType, 'cache-control': `public, max-age=${ttl}`, [EXPIRES_HEADER]: String(entry.expires), [EPOCHS_HEADER]: encodeEpochs(entry.epochs) },
  });
  if (entry.nonce) res.headers.set(NONCE_HEADER, entry.nonce);
  waitUntil(sharedCache().then((cache) => cache.put(requestFor(origin, key), res)));
}

/** A new entry's expiry: PAGE_CACHE_TTL_S from now, or the lifetime the Worker's PAGE_CACHE_TTL_S setting names. */
export function expiryFromNow(env: Pick<Env, 'PAGE_CACHE_TTL_S'>): number {
  const configured = Number(env.PAGE_CACHE_TTL_S);
  return Date.now() + (configured > 0 ? configured : PAGE_CACHE_TTL_S) * 1000;
}

/** The entry's body parsed once per isolate (e.g. page props read back for a member's page). */
export function parsed<T>(entry: CacheEntry, parse: (body: Uint8Array<ArrayBuffer>) => T): T {
  entry.memo ??= parse(entry.body);
  return entry.memo as T;
}
