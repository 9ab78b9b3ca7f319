import type { ClipCreateRequest } from '../../src/shared/clip-schemas';
import { apiKey, call } from './api';

export const makeClip = (request: ClipCreateRequest) => call('POST', '/api/clips', { json: request });
export const deleteClip = (clipId: string) => call('DELETE', '/api/clips/:clipId', { param: { clipId } });
/** A play of the clip (counted once a day per viewer). */
export const countClipView = (clipId: string) => call('POST', '/api/clips/:clipId/views', { param: { clipId } });
export const channelClipsPath = (channelId: number, offset: number) => apiKey('/api/channels/:id/clips', { param: { id: channelId }, query: { offset, limit: CLIPS_PAGE } });
export const topClipsPath = () => apiKey('/api/clips/top-week');

/** Clips a page of the channel's Clips tab. */
export const CLIPS_PAGE = 12;

/** Staff delete any clip, with the reason (kept in the staff audit log). */
export const deleteClipAsStaff = (clipId: string, reason: string) => call('POST', '/api/admin/clips/:clipId/delete', { param: { clipId }, json: { reason } });
