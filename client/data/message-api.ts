import useSWR from 'swr';
import type { BlockListResponse, ConversationResponse, ConversationsResponse, MemberSettings, MessagesDeletedResponse, SendMessageResponse, SettingsResponse } from '../../src/shared/message-schemas';
import { apiFetch, type ApiResult } from './api';

/** SWR keys are API paths: the inbox socket refreshes these when something changes. */
import { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX } from '../inbox/keys';

export { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX };
export const conversationsKey = (limit: number) => `${CONVERSATIONS_PREFIX}?offset=0&limit=${limit}`;
export const threadKey = (loginId: string) => `/v2/api/my/messages-list?targetId=${encodeURIComponent(loginId)}`;

async function call<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const res = await apiFetch(path, init);
    const body = (await res.json().catch(() => null)) as (T & { error?: { code?: string; message?: string } }) | null;
    return { ok: res.ok, status: res.status, body, message: body?.error?.message ?? '', code: body?.error?.code ?? null };
  } catch {
    return { ok: false, status: 0, body: null, message: '', code: null };
  }
}
const post = <T>(path: string, body: unknown = {}) => call<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const sendMessage = (loginId: string, content: string) => post<SendMessageResponse>('/api/my/messages', { loginId, content });
export const markRead = (id: number) => post<{ unread: number }>(`/v2/api/my/messages-read/${id}`);
export const deleteMessage = (id: number) => call<MessagesDeletedResponse>(`/api/my/messages/delete?id=${id}`);
export const deleteConversation = (loginId: string) => post<MessagesDeletedResponse>('/api/my/app/messages/delete', { matchId: loginId });
export const reportMessage = (id: number) => post<{ reportId: number }>(`/api/my/messages/declaration/${id}`, {});
export const blockMember = (loginId: string) => post<{ blocked: boolean }>('/api/my/member-messages-blackAdd', { targetId: loginId });
export const unblockMember = (loginId: string) => call<{ blocked: boolean }>(`/api/my/member-messages-blackDelete?targetId=${encodeURIComponent(loginId)}`, { method: 'DELETE' });
export const olderMessages = (loginId: string, before: number) => call<ConversationResponse>(`${threadKey(loginId)}&before=${before}`);
export const saveSettings = (change: Partial<MemberSettings>) => post<SettingsResponse>('/api/my/setting', change);

/** The members the signed-in member blocked (their login IDs), for hiding their chat lines; empty for guests. */
export function useBlockedIds(member: boolean): ReadonlySet<string> {
  const { data } = useSWR<BlockListResponse>(member ? BLOCK_LIST_KEY : null, { revalidateOnFocus: false });
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
