import type { ChannelSettings } from './streams-api';

/**
 * The operators' switches that take a stream off for every viewer but its creator (KV `channeling`):
 * `broadcasting` off stops every live; `adultBroadcast` off stops adult streams (adult-plus
 * included), live or recorded; `adultPlusBroadcast` off stops adult-plus streams alone, live or recorded.
 * One rule for the API's access check and for the channel page, which applies it at once when the
 * settings change under an open page. `adult` is true for an adult-plus stream too (it is adult-only).
 */
export function switchedOff(stream: { openLive: boolean; adult: boolean; adultPlus: boolean }, settings: Pick<ChannelSettings, 'broadcasting' | 'adultBroadcast' | 'adultPlusBroadcast'>): boolean {
  return (stream.openLive && !settings.broadcasting) || (stream.adult && !settings.adultBroadcast) || (stream.adultPlus && !settings.adultPlusBroadcast);
}

/** The switches that decide what a channel page shows; when any of them changes, the page reloads its data. */
export const switchesKey = (s: Pick<ChannelSettings, 'broadcast' | 'broadcasting' | 'adultBroadcast' | 'adultPlusBroadcast'>): string =>
  [s.broadcast, s.broadcasting, s.adultBroadcast, s.adultPlusBroadcast].map(Number).join('');
