import { apiKey, call } from './api';

/** The channel's followers and whether the viewer follows it (SWR key). */
export const followStateKey = (channelId: number) => apiKey('/api/channels/:id/follow', { param: { id: channelId } });
export const followChannel = (channelId: number, notify?: boolean) => call('PUT', '/api/channels/:id/follow', { param: { id: channelId }, json: notify === undefined ? {} : { notify } });
export const unfollowChannel = (channelId: number) => call('DELETE', '/api/channels/:id/follow', { param: { id: channelId } });
