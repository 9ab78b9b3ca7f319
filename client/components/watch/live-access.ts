import type { ChannelSettings, PlaybackAccess, StreamDetail } from '../../../src/shared/streams-api';
import { switchedOff, switchesKey } from '../../../src/shared/channel-switches';

/**
 * What the channel page shows for its live: the server's answer, unless the channel settings the page
 * holds now switch the live off (operators turned broadcasting, adult or adult-plus broadcasting off after the page
 * loaded). That takes effect at once; anything the server must decide again (a signed URL when a switch
 * comes back on) waits for the page's data to reload. The creator always sees their own live.
 */
export function shownAccess(live: Pick<StreamDetail, 'access' | 'adult' | 'adultPlus' | 'kind' | 'endedAt'>, settings: ChannelSettings | null, viewerIsCreator: boolean): PlaybackAccess {
  if (viewerIsCreator || !settings) return live.access;
  return switchedOff({ openLive: live.kind === 1 && live.endedAt === null, adult: live.adult, adultPlus: live.adultPlus }, settings) ? 'unavailable' : live.access;
}

/**
 * Whether new settings call for the page's data again: only when a switch that decides playback
 * changed since the settings the page last had (not on the first settings it gets).
 */
export function settingsNeedReload(before: ChannelSettings | null, after: ChannelSettings | null): boolean {
  return !!before && !!after && switchesKey(before) !== switchesKey(after);
}
