// The Worker's KV configuration (the CONFIG namespace), read in one place: the service flags ops flips
// (maintenance, emergency) and the service-wide channel switches operators set. The API, the live
// routes and the chat rooms all read them here; brands and hosts are the brand registry's
// (src/brands/registry.ts). A missing or malformed value never breaks a request: it reads as the defaults.
import { z } from 'zod';
import { channelSettingsSchema } from '../shared/streams-schemas';
import type { ChannelSettings } from '../shared/streams-api';
import { brandSchema, type Brand } from '../shared/brand-schema';
import { CACHE_MS } from '../shared/constants';
import { TtlCache } from './ttl-cache';

/** KV `flags`: the service-wide switches ops flips (npm run ops). */
export const flagsSchema = z.object({ maintenance: z.boolean(), emergency: z.boolean() });
export type Flags = z.infer<typeof flagsSchema>;

export const FLAGS_KEY = 'flags';
const OFF: Flags = { maintenance: false, emergency: false };

/** Current flags; a missing or malformed value means everything is off. */
export async function readFlags(kv: KVNamespace): Promise<Flags> {
  const raw = await kv.get(FLAGS_KEY, 'json').catch(() => null);
  const parsed = flagsSchema.safeParse(raw);
  return parsed.success ? parsed.data : OFF;
}

const flagsCache = new TtlCache<'flags', Flags>(CACHE_MS.apiFlags);

/**
 * The flags as this isolate read them at most CACHE_MS.apiFlags ago: the API's maintenance check runs on every call,
 * and a KV read was a fifth of a gift's time on the local server. A flip reaches every isolate
 * within that time (KV's own propagation is slower); the timecheck keeps reading KV itself.
 */
export const readFlagsRecent = (kv: KVNamespace): Promise<Flags> => flagsCache.get('flags', () => readFlags(kv));

/**
 * KV `channeling`: the service-wide channel switches (what GET /api/guest/channeling-switching answers). Operators change them;
 * the edge caches the answer 10 min. A missing or malformed value falls back to the defaults below
 * (broadcasting on, adult broadcasting on, every social login on, the company's bank account).
 */
export const CHANNEL_SETTINGS_KEY = 'channeling';

/** The company's own bank account stands in when operators have not set one. */
export const DEFAULT_CHANNEL_SETTINGS: ChannelSettings = {
  broadcast: true,
  broadcasting: true,
  adultBroadcast: true,
  adultPlusBroadcast: false,
  isSnsLoginKakao: true,
  isSnsLoginNaver: true,
  isSnsLoginGoogle: true,
  isSnsLoginTwitch: true,
  bank_account: '1005-604-123456',
  bank_code: '020',
  bank_holder_name: '(주)플렉스라이브',
};

export async function readChannelSettings(kv: KVNamespace): Promise<ChannelSettings> {
  const raw = await kv.get(CHANNEL_SETTINGS_KEY, 'json').catch(() => null);
  const parsed = channelSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_CHANNEL_SETTINGS;
}

/**
 * A brand's configuration (KV `brand:<id>`), for the API's texts that name the company (policies). The
 * edge resolves hosts to brands (src/brands/registry.ts); the API only reads the one it is told. Without
 * an id, or for an unknown one, the hosts' default brand; null when KV holds none valid.
 */
export async function readBrandConfig(kv: KVNamespace, id: string | undefined): Promise<Brand | null> {
  const read = async (key: string) => {
    const parsed = brandSchema.safeParse(await kv.get(`brand:${key}`, 'json').catch(() => null));
    return parsed.success ? parsed.data : null;
  };
  const named = id && /^[a-z][a-z0-9-]{1,30}$/.test(id) ? await read(id) : null;
  if (named) return named;
  const hosts = (await kv.get('hosts', 'json').catch(() => null)) as { defaultBrand?: unknown } | null;
  return typeof hosts?.defaultBrand === 'string' ? read(hosts.defaultBrand) : null;
}

/** The brand ids the hosts name (KV `hosts`, the default first): what content may be given to. */
export async function knownBrandIds(kv: KVNamespace): Promise<string[]> {
  const hosts = (await kv.get('hosts', 'json').catch(() => null)) as { defaultBrand?: unknown; hosts?: Record<string, unknown> } | null;
  const ids = [hosts?.defaultBrand, ...Object.values(hosts?.hosts ?? {})].filter((id): id is string => typeof id === 'string' && /^[a-z][a-z0-9-]{1,30}$/.test(id));
  return [...new Set(ids)];
}
