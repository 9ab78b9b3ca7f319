import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { ChannelSettings } from '../shared/streams-api';
import { CACHE_MS } from '../shared/constants';
import { TtlCache } from '../lib/ttl-cache';
import { channelSettingsSchema } from '../api/services/channel-settings';
import { callApi } from './upstream';

/** SPEC §7: GET /api/guest/channeling-switching is cached 10 minutes. */
export const CHANNEL_SETTINGS_PATH = '/api/guest/channeling-switching';

const cache = new TtlCache<string, ChannelSettings>(CACHE_MS.channelSettings);

async function load(c: Context<AppEnv>): Promise<ChannelSettings> {
  const res = await callApi(c, CHANNEL_SETTINGS_PATH);
  if (!res.ok) throw new Error(`channel settings answered ${res.status}`);
  return channelSettingsSchema.parse(await res.json());
}

/**
 * The channel settings, asked of the API at most once per isolate per 10 minutes (the API's answer is
 * the same for everyone). Null when the API cannot answer; a failure is not cached.
 */
export async function channelSettings(c: Context<AppEnv>): Promise<ChannelSettings | null> {
  try {
    return await cache.get(c.env.API_ORIGIN || 'embedded', () => load(c));
  } catch (err) {
    console.warn('channel settings unavailable', err);
    return null;
  }
}

/** Drop the cached settings (a CHANNELING_SETTING_UPDATE chat event means operators changed them). */
export function forgetChannelSettings(): void {
  cache.clear();
}

/** The proxy's answer to GET /api/guest/channeling-switching from the cache; null lets the proxy forward as usual. */
export async function cachedChannelSettingsResponse(c: Context<AppEnv>): Promise<Response | null> {
  const settings = await channelSettings(c);
  if (!settings) return null;
  c.header('cache-control', `public, max-age=${CACHE_MS.channelSettings / 1000}`);
  return c.json(settings);
}
