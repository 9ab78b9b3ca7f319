import type { ChannelListItem, ListResponse, LiveAuthResponse, StreamKeyResponse } from '../../src/shared/streams-api';
import type { ActivatePassResponse, UnsubscribeResponse } from '../../src/shared/subscription-schemas';
import { call } from './api';

/**
 * POST /api/guest/live-Auth: the right password answers the playback of a password-protected live (or, with streamId,
 * its recording). In the body: a password never goes into a URL (the apps' GET carries it in the query).
 */
export const liveAuth = (channelId: number, viewerId: string | null, password: string, streamId?: number) =>
  call<LiveAuthResponse>('POST', '/api/guest/live-Auth', { channelId, password, ...(streamId ? { streamId } : {}), ...(viewerId ? { viewerId } : {}) });

/** The member started watching a channel: it goes to the top of their recently watched. */
export const markPlayed = (channelId: number) => call<unknown>('POST', '/api/my/streams/played', { channelId });

export const confirmIdentity = (authKey: string) => call<unknown>('POST', '/api/personal-auth/confirm', { authKey });

export const listPage = (api: string, offset: number, limit: number) => call<ListResponse<ChannelListItem>>('GET', `${api}?offset=${offset}&limit=${limit}`);
export const deletePlayed = (channelId: number | 'all') => call<unknown>('DELETE', `/api/my/streams/played/${channelId}`);
export const deletePresent = (channelId: number) => call<unknown>('DELETE', `/api/my/streams/gift/present/${channelId}`);
export const removeSubscriptions = (channelIds: number[]) => call<unknown>('DELETE', '/api/my/streams/subscriptions/remove', { channelIds });
/** Stop a monthly subscription renewing (status 5, history 2); it runs to its expiry. */
export const cancelRenewal = (channelId: number) => call<{ channelId: number; status: 5; expiresAt: number }>('POST', '/api/my/subscriptions/cancel-renewal', { channelId });
/** End a running subscription (status 2); its paid days run to their expiry. */
export const unsubscribe = (channelId: number) => call<UnsubscribeResponse>('POST', '/api/my/subscriptions/unsubscribe', { channelId });
/** Use the unused pass for a channel (status 4 -> 1): its days start now. */
export const usePass = (channelId: number) => call<ActivatePassResponse>('POST', '/api/my/subscriptions/activate', { channelId });

export interface ChannelForm {
  title: string;
  description: string;
  themeCode: string | null;
}
export const registerChannel = (form: ChannelForm) => call<StreamKeyResponse>('POST', '/api/my/chennel-register', form);
export const rotateStreamKey = () => call<StreamKeyResponse>('POST', '/api/my/channel/stream-key');

/** The live section's settings. The name and description are the profile's: left out, the API keeps them. */
export interface ChannelSettingsForm {
  themeCode: string | null;
  adult: boolean;
  /** Adult-plus (needs adult); undefined keeps it while adult stays on. */
  adultPlus?: boolean;
  /** A new password; null removes it; undefined leaves it as it is. */
  password?: string | null;
  /** Seats of a live; null: no limit; undefined leaves it as it is. */
  maxViewers?: number | null;
}
export const saveChannelSettings = (form: ChannelSettingsForm) => call<unknown>('PUT', '/api/my/channel/settings', form);
