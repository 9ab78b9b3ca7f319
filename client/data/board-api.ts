import type { BoardCategory, BoardSearchScope, BoardWritePermission } from '../../src/shared/board';
import { BOARD_LIMITS } from '../../src/shared/board';
import { apiKey, call } from './api';

// The channel board (docs/product/community.md, "Channel board"): SWR keys are the API paths; writes go through call().

export interface BoardListParams {
  channelId: number;
  category: BoardCategory | 'all';
  filter: BoardSearchScope;
  search: string;
  offset: number;
}

export function boardListPath(p: BoardListParams) {
  const search = p.search ? { search: p.search, filter: p.filter } : {};
  return apiKey('/api/cs/board-list', {
    query: { channelId: p.channelId, offset: p.offset, limit: BOARD_LIMITS.pageSize, category: p.category === 'all' ? undefined : p.category, ...search },
  });
}
export const boardDetailPath = (channelId: number, boardId: number) => apiKey('/api/cs/board-detail', { query: { channelId, boardId } });
export const boardCommentsPath = (channelId: number, boardId: number, offset = 0) => apiKey('/api/cs/board-comment', { query: { channelId, boardId, offset, limit: BOARD_LIMITS.commentPage } });
export const boardRepliesPath = (boardId: number, commentId: number) => apiKey('/api/cs/board-comment', { query: { boardId, commentId, limit: 100 } });
/** New posts on a channel's board since the signed-in member last opened it (the board tab's mark). */
export const newBoardPath = (channelId: number) => apiKey('/api/guest/find-new-board', { query: { channelId } });
export const boardSettingPath = (channelId: number) => apiKey('/api/cs/board-setting-check', { query: { channelId } });

export const writeBoardPost = (form: FormData) => call('POST', '/api/cs/board-write', { form });
export const updateBoardPost = (form: FormData) => call('PUT', '/api/cs/board-update', { form });
export const deleteBoardPost = (boardId: number) => call('DELETE', '/api/cs/board-delete/:id', { param: { id: boardId } });
export const pinBoardPost = (channelId: number, boardId: number, important: boolean) =>
  call('PUT', '/api/cs/board-important/:channelId/:boardId', { param: { channelId, boardId }, query: { important } });
export const likeBoardPost = (boardId: number) => call('POST', '/api/cs/board-like', { json: { boardId } });
export const writeBoardComment = (boardId: number, content: string, parentId?: number) => call('POST', '/api/cs/board-comment', { json: { boardId, content, ...(parentId ? { parentId } : {}) } });
export const editBoardComment = (commentId: number, content: string) => call('PUT', '/api/cs/board-comment', { json: { commentId, content } });
export const deleteBoardComment = (commentId: number) => call('DELETE', '/api/cs/board-comment/:commentId', { param: { commentId } });
export const saveBoardSetting = (writePermission: BoardWritePermission) => call('PUT', '/api/my/channel/board-setting', { json: { writePermission } });
