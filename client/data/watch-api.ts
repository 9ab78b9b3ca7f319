import type { ChannelListItem, ListResponse, LiveAuthResponse, StreamCard, StreamKeyResponse } from '../../src/shared/streams-api';
import { apiFetch } from './api';

/** Every watch call answers this: ok, the body, and the server's own (localized) message on failure. */
export interface WatchResult<T> {
  ok: boolean;
  status: number;
  body: T | null;
  message: string;
}

async function send<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown): Promise<WatchResult<T>> {
  const init: RequestInit = { method };
  if (json !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(json);
  }
  try {
    const res = await apiFetch(path, init);
    const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    return { ok: res.ok, status: res.status, body: res.ok ? body : null, message: res.ok ? '' : (body?.error?.message ?? '') };
  } catch {
    return { ok: false, status: 0, body: null, message: '' };
  }
}

const seg = encodeURIComponent;

/** GET /api/guest/live-Auth: the right password answers the playback of a password-protected live. */
export const liveAuth = (channelId: number, viewerId: string | null, password: string) =>
  send<LiveAuthResponse>('GET', `/api/guest/live-Auth?channelId=${channelId}${viewerId ? `&viewerId=${seg(viewerId)}` : ''}&password=${seg(password)}`);

/** The member started watching a channel: it goes to the top of their recently watched. */
export const markPlayed = (channelId: number) => send<unknown>('POST', '/api/my/streams/played', { channelId });

export const confirmIdentity = (authKey: string) => send<unknown>('POST', '/api/personal-auth/confirm', { authKey });

export const listPage = (api: string, offset: number, limit: number) => send<ListResponse<ChannelListItem>>('GET', `${api}?offset=${offset}&limit=${limit}`);
export const deletePlayed = (channelId: number | 'all') => send<unknown>('DELETE', `/api/my/streams/played/${channelId}`);
export const deletePresent = (channelId: number) => send<unknown>('DELETE', `/api/my/streams/gift/present/${channelId}`);
export const removeSubscriptions = (channelIds: number[]) => send<unknown>('DELETE', '/api/my/streams/subscriptions/remove', { channelIds });

export interface ChannelForm {
  title: string;
  description: string;
  themeCode: string | null;
}
export const registerChannel = (form: ChannelForm) => send<StreamKeyResponse>('POST', '/api/my/chennel-register', form);
export const rotateStreamKey = () => send<StreamKeyResponse>('POST', '/api/my/channel/stream-key');

export interface ChannelSettingsForm extends ChannelForm {
  adult: boolean;
  /** A new password; null removes it; undefined leaves it as it is. */
  password?: string | null;
}
export const saveChannelSettings = (form: ChannelSettingsForm) => send<unknown>('PUT', '/api/my/channel/settings', form);
