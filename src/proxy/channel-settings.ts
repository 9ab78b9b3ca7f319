import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { CHANNEL_SETTINGS_PATHS, type ChannelSettings } from '../shared/streams-api';
import { CACHE_MS } from '../shared/constants';
import { TtlCache } from '../lib/ttl-cache';
import { channelSettingsSchema } from '../shared/streams-schemas';
import { callApi, callerOf } from './caller';

/** GET /api/guest/channeling-switching, which the edge keeps 10 minutes. */
export const CHANNEL_SETTINGS_PATH = CHANNEL_SETTINGS_PATHS.guest;
/** Staff change them here; once that succeeds this isolate's copy is dropped. */
export const CHANNEL_SETTINGS_ADMIN_PATH = CHANNEL_SETTINGS_PATHS.admin;

const cache = new TtlCache<string, ChannelSettings>(CACHE_MS.channelSettings);

async function load(c: Context<AppEnv>): Promise<ChannelSettings> {
  const res = await callApi(c, callerOf(c), CHANNEL_SETTINGS_PATH);
  if (!res.ok) throw new Error(`channel settings answered ${res.status}`);
  return channelSettingsSchema.parse(await res.json());
}

/**
 * The channel settings, asked of the API at most once per isolate per 10 minutes (the API's answer is
 * the same for everyone); `fresh` asks the API now and keeps that answer. Null when the API cannot
 * answer; a failure is not cached.
 */
export async function channelSettings(c: Context<AppEnv>, { fresh = false }: { fresh?: boolean } = {}): Promise<ChannelSettings | null> {
  try {
    return await cache.get(c.env.API_ORIGIN || 'embedded', () => load(c), { fresh });
  } catch (err) {
    console.warn('channel settings unavailable', err);
    return null;
  }
}

/** Drop this isolate's copy (staff just changed the settings through the admin route). */
export function forgetChannelSettings(): void {
  cache.clear();
}

/**
 * The request asks past caches (`Cache-Control: no-cache`, as a hard reload or the channel page's
 * refetch after a CHANNELING_SETTING_UPDATE event sends): other isolates than the one that took the
 * admin call still hold the old settings, and this is how a viewer gets the new ones at once.
 */
const wantsFresh = (c: Context<AppEnv>) => /no-cache/i.test(`${c.req.header('cache-control') ?? ''} ${c.req.header('pragma') ?? ''}`);

/** The proxy's answer to GET /api/guest/channeling-switching from the cache; null lets the proxy forward as usual. */
export async function cachedChannelSettingsResponse(c: Context<AppEnv>): Promise<Response | null> {
  const settings = await channelSettings(c, { fresh: wantsFresh(c) });
  if (!settings) return null;
  c.header('cache-control', `public, max-age=${CACHE_MS.channelSettings / 1000}`);
  return c.json(settings);
}
