import type { MY_LISTS, MyListKey } from '../../src/shared/page-props';
import { call } from './api';

/**
 * POST /api/guest/live-Auth: the right password answers the playback of a password-protected live (or, with streamId,
 * its recording). In the body: a password never goes into a URL (the apps' GET carries it in the query).
 */
export const liveAuth = (channelId: number, viewerId: string | null, password: string, streamId?: number) =>
  call('POST', '/api/guest/live-Auth', { json: { channelId, password, ...(streamId ? { streamId } : {}), ...(viewerId ? { viewerId } : {}) } });

/** The member started watching a channel: it goes to the top of their recently watched. */
export const markPlayed = (channelId: number) => call('POST', '/api/my/streams/played', { json: { channelId } });

export const confirmIdentity = (authKey: string) => call('POST', '/api/personal-auth/confirm', { json: { authKey } });

export const listPage = (api: (typeof MY_LISTS)[MyListKey]['api'], offset: number, limit: number) => call('GET', api, { query: { offset, limit } });
export const deletePlayed = (channelId: number | 'all') => call('DELETE', '/api/my/:x/played/:id', { param: { x: 'streams', id: channelId } });
export const deletePresent = (channelId: number) => call('DELETE', '/api/my/streams/:x/present/:id', { param: { x: 'gift', id: channelId } });
export const removeSubscriptions = (channelIds: number[]) => call('DELETE', '/api/my/streams/subscriptions/remove', { json: { channelIds } });
/** Stop a monthly subscription renewing (status 5, history 2); it runs to its expiry. */
export const cancelRenewal = (channelId: number) => call('POST', '/api/my/subscriptions/cancel-renewal', { json: { channelId } });
/** End a running subscription (status 2); its paid days run to their expiry. */
export const unsubscribe = (channelId: number) => call('POST', '/api/my/subscriptions/unsubscribe', { json: { channelId } });
/** Use the unused pass for a channel (status 4 -> 1): its days start now. */
export const usePass = (channelId: number) => call('POST', '/api/my/subscriptions/activate', { json: { channelId } });

export interface ChannelForm {
  title: string;
  description: string;
  themeCode: string | null;
}
export const registerChannel = (form: ChannelForm) => call('POST', '/api/my/chennel-register', { json: form });
export const rotateStreamKey = () => call('POST', '/api/my/channel/stream-key');

/** The live section's settings. The description is the profile's: left out, the API keeps it (and the title, unless the go-live panel sets it). */
export interface ChannelSettingsForm {
  /** The live's title (the channel's name); undefined leaves it as it is. */
  title?: string;
  themeCode: string | null;
  adult: boolean;
  /** Adult-plus (needs adult); undefined keeps it while adult stays on. */
  adultPlus?: boolean;
  /** A new password; null removes it; undefined leaves it as it is. */
  password?: string | null;
  /** Seats of a live; null: no limit; undefined leaves it as it is. */
  maxViewers?: number | null;
}
export const saveChannelSettings = (form: ChannelSettingsForm) => call('PUT', '/api/my/channel/settings', { json: form });

/**
 * The password part of a settings form: the box unticked clears a password that is set, ticked with one typed sets it,
 * and anything else keeps what is there (no `password` sent).
 */
export function passwordSetting(locked: boolean, hasPassword: boolean, typed: string): Pick<ChannelSettingsForm, 'password'> {
  if (!locked) return hasPassword ? { password: null } : {};
  return typed ? { password: typed } : {};
}

/** The channel's stream key, for the studio's own encoder (it never shows or types it). */
export const fetchStreamKey = () => call('GET', '/api/my/channel/stream-key');
