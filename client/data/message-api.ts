import type { BlockListResponse, ConversationResponse, ConversationsResponse, MemberSettings } from '../../src/shared/message-schemas';
import { apiKey, call } from './api';
import { useApi } from './use-api';

/** SWR keys are API paths: the inbox socket refreshes these when something changes. */
import { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX } from '../inbox/keys';

export { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX };
export const conversationsKey = (limit: number) => apiKey(CONVERSATIONS_PREFIX, { query: { offset: 0, limit } });
export const threadKey = (loginId: string) => apiKey('/v2/api/my/messages-list', { query: { targetId: loginId } });

export const sendMessage = (loginId: string, content: string) => call('POST', '/api/my/messages', { json: { loginId, content } });
export const markRead = (id: number) => call('POST', '/v2/api/my/messages-read/:id', { param: { id }, json: {} });
export const deleteMessage = (id: number) => call('GET', '/api/my/messages/delete', { query: { id } });
export const deleteConversation = (loginId: string) => call('POST', '/api/my/app/messages/delete', { json: { matchId: loginId } });
export const reportMessage = (id: number) => call('POST', '/api/my/messages/declaration/:id', { param: { id }, json: {} });
export const blockMember = (loginId: string) => call('POST', '/api/my/member-messages-blackAdd', { json: { targetId: loginId } });
export const unblockMember = (loginId: string) => call('DELETE', '/api/my/member-messages-blackDelete', { query: { targetId: loginId } });
export const olderMessages = (loginId: string, before: number) => call('GET', '/v2/api/my/messages-list', { query: { targetId: loginId, before } });
export const saveSettings = (change: Partial<MemberSettings>) => call('POST', '/api/my/setting', { json: change });

/** The members the signed-in member blocked (their login IDs), for hiding their chat lines; empty for guests. */
export function useBlockedIds(member: boolean): ReadonlySet<string> {
  const { data } = useApi(member ? BLOCK_LIST_KEY : null, { revalidateOnFocus: false });
  return useBlockedSet(data);
}

const EMPTY: ReadonlySet<string> = new Set();
let lastData: BlockListResponse | undefined;
let lastSet: ReadonlySet<string> = EMPTY;
function useBlockedSet(data: BlockListResponse | undefined): ReadonlySet<string> {
  if (!data) return EMPTY;
  if (data !== lastData) {
    lastData = data;
    lastSet = new Set(data.items.map((i) => i.loginId));
  }
  return lastSet;
}

export type { BlockListResponse, ConversationResponse, ConversationsResponse };
