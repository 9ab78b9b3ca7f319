import type { BoardCategory, BoardSearchScope, BoardWritePermission } from '../../src/shared/board';
import type { BoardComment, BoardImportant, BoardLikeResponse, BoardPost, BoardSetting } from '../../src/shared/board-schemas';
import { BOARD_LIMITS } from '../../src/shared/board';
import { call } from './api';

// The channel board (docs/product/community.md, "Channel board"): SWR keys are the API paths; writes go through call().

export interface BoardListParams {
  channelId: number;
  category: BoardCategory | 'all';
  filter: BoardSearchScope;
  search: string;
  offset: number;
}

export function boardListPath(p: BoardListParams): string {
  const query = new URLSearchParams({ channelId: String(p.channelId), offset: String(p.offset), limit: String(BOARD_LIMITS.pageSize) });
  if (p.category !== 'all') query.set('category', p.category);
  if (p.search) {
    query.set('search', p.search);
    query.set('filter', p.filter);
  }
  return `/api/cs/board-list?${query}`;
}
export const boardDetailPath = (channelId: number, boardId: number) => `/api/cs/board-detail?channelId=${channelId}&boardId=${boardId}`;
export const boardCommentsPath = (channelId: number, boardId: number, offset = 0) =>
  `/api/cs/board-comment?channelId=${channelId}&boardId=${boardId}&offset=${offset}&limit=${BOARD_LIMITS.commentPage}`;
export const boardRepliesPath = (boardId: number, commentId: number) => `/api/cs/board-comment?boardId=${boardId}&commentId=${commentId}&limit=100`;
/** New posts on a channel's board since the signed-in member last opened it (the board tab's mark). */
export const newBoardPath = (channelId: number) => `/api/guest/find-new-board?channelId=${channelId}`;
export const boardSettingPath = (channelId: number) => `/api/cs/board-setting-check?channelId=${channelId}`;

export const writeBoardPost = (form: FormData) => call<BoardPost>('POST', '/api/cs/board-write', form);
export const updateBoardPost = (form: FormData) => call<BoardPost>('PUT', '/api/cs/board-update', form);
export const deleteBoardPost = (boardId: number) => call<unknown>('DELETE', `/api/cs/board-delete/${boardId}`);
export const pinBoardPost = (channelId: number, boardId: number, important: boolean) => call<BoardImportant>('PUT', `/api/cs/board-important/${channelId}/${boardId}?important=${important}`);
export const likeBoardPost = (boardId: number) => call<BoardLikeResponse>('POST', '/api/cs/board-like', { boardId });
export const writeBoardComment = (boardId: number, content: string, parentId?: number) => call<BoardComment>('POST', '/api/cs/board-comment', { boardId, content, ...(parentId ? { parentId } : {}) });
export const editBoardComment = (commentId: number, content: string) => call<BoardComment>('PUT', '/api/cs/board-comment', { commentId, content });
export const deleteBoardComment = (commentId: number) => call<unknown>('DELETE', `/api/cs/board-comment/${commentId}`);
export const saveBoardSetting = (writePermission: BoardWritePermission) => call<BoardSetting>('PUT', '/api/my/channel/board-setting', { writePermission });
