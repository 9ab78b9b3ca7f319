import useSWR from 'swr';
import { CHANNEL_SETTINGS_PATHS, type ChannelSettings } from '../../src/shared/streams-api';
import { apiKey, jsonFetcher } from './api';

/** The SWR key is the API path; the chat panel revalidates it on CHANNELING_SETTING_UPDATE. */
export const CHANNEL_SETTINGS_KEY = apiKey(CHANNEL_SETTINGS_PATHS.guest);

/**
 * A fetch of the settings past every cache: the browser's copy (max-age 10 min) and the edge's
 * (another isolate than the one that took the staff's change may still hold the old settings). It only
 * runs when the page has no settings of its own yet, or when the room says they changed.
 */
export const fetchChannelSettings = (key: typeof CHANNEL_SETTINGS_KEY) => jsonFetcher(key, { cache: 'no-cache', headers: { 'cache-control': 'no-cache' } });

/**
 * The channel settings through SWR, starting from the page's server-rendered copy. They change only
 * when operators change them, and the room says so: no refetch on focus, reconnect or mount.
 */
export function useChannelSettings(initial: ChannelSettings | null | undefined): ChannelSettings | null {
  const { data } = useSWR(CHANNEL_SETTINGS_KEY, fetchChannelSettings, {
    fallbackData: initial ?? undefined,
    revalidateOnMount: !initial,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  return data ?? null;
}
