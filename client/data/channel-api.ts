import type { ChannelNotice, ChannelProfile } from '../../src/shared/channel-schemas';
import { call } from './api';

// The channel's notices and profile. Writes are multipart: they carry images.

export const noticesPath = (channelId: number, offset = 0, limit = 10) => `/api/channels/${channelId}/notices?offset=${offset}&limit=${limit}`;
export const noticePath = (channelId: number, noticeId: number) => `/api/channels/${channelId}/notices/${noticeId}`;
export const recordedPath = (channelId: number, offset: number) => `/api/my/stream/recorded-stream-list?channelId=${channelId}&offset=${offset}&limit=2`;

export const postNotice = (form: FormData) => call<ChannelNotice>('POST', '/api/my/channel-notice', form);
export const putNotice = (form: FormData) => call<ChannelNotice>('PUT', '/api/my/channel-notice', form);
export const deleteNotice = (channelId: number, noticeId: number) => call<unknown>('DELETE', `/api/my/${channelId}/channel-notice/${noticeId}`);

export const channelProfilePath = '/api/my/channel/profile';
export const saveChannelProfile = (form: FormData) => call<ChannelProfile>('PUT', channelProfilePath, form);
