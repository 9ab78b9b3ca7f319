import { apiKey, call } from './api';

// The channel's notices and profile. Writes are multipart: they carry images.

export const noticesPath = (channelId: number, offset = 0, limit = 10) => apiKey('/api/channels/:id/notices', { param: { id: channelId }, query: { offset, limit } });
export const noticePath = (channelId: number, noticeId: number) => apiKey('/api/channels/:id/notices/:noticeId', { param: { id: channelId, noticeId } });
/** The channel page's recordings tab: a page holds the ten recordings a channel keeps, and a couple more. */
export const RECORDED_TAB_LIMIT = 12;
export const recordedPath = (channelId: number, offset: number) => apiKey('/api/my/stream/recorded-stream-list', { query: { channelId, offset, limit: RECORDED_TAB_LIMIT } });

export const postNotice = (form: FormData) => call('POST', '/api/my/channel-notice', { form });
export const putNotice = (form: FormData) => call('PUT', '/api/my/channel-notice', { form });
export const deleteNotice = (channelId: number, noticeId: number) => call('DELETE', '/api/my/:x/channel-notice/:id', { param: { x: channelId, id: noticeId } });

export const channelProfilePath = apiKey('/api/my/channel/profile');
export const saveChannelProfile = (form: FormData) => call('PUT', '/api/my/channel/profile', { form });
