import { channelSettingsSchema } from '../../shared/streams-schemas';
import type { ChannelSettings } from '../../shared/streams-api';

/**
 * KV `channeling`: the service-wide channel switches (SPEC §3 channel settings). Operators change them;
 * the edge caches the answer 10 min. A missing or malformed value falls back to the defaults below
 * (broadcasting on, adult broadcasting on, every social login on, the company's bank account).
 */
export const CHANNEL_SETTINGS_KEY = 'channeling';

// The schema lives with the other response shapes (the OpenAPI document describes the answer with it);
// re-exported so the patch schema and KV readers keep one import.
export { channelSettingsSchema };

/** The company's own account stands in when operators have not set one (SPEC: "a fallback holds company bank values"). */
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
