// The member's lists (docs/product/community.md, "Messages and my page"): one page, /my/lists, with a
// tab per list the API keeps of the member. Each tab is one published call answering { items, offset, limit, total }.
// No zod here: the client imports it (the answer's type from paging.ts is erased).

import type { ListResponse } from './paging';

export const MEMBER_LIST_TABS = ['subscriptions', 'subscribers', 'items', 'sentLuv', 'receivedLuv', 'sentItems', 'receivedItems'] as const;
export type MemberListTab = (typeof MEMBER_LIST_TABS)[number];

/** Rows a tab shows at a time. */
export const MEMBER_LIST_LIMIT = 10;

/** The API call behind each tab (first page). */
export const MEMBER_LIST_API = {
  subscriptions: '/api/my/subscription-list',
  subscribers: '/api/my/channel-subscription-list',
  items: '/api/my/items',
  sentLuv: '/api/luv/sentluv-list',
  receivedLuv: '/api/luv/receivedluv-list',
  sentItems: '/api/luv/sentitem-list',
  receivedItems: '/api/luv/receiveditem-list',
} as const satisfies Record<MemberListTab, string>;

export const memberListKey = (tab: MemberListTab, offset = 0) => `${MEMBER_LIST_API[tab]}?offset=${offset}&limit=${MEMBER_LIST_LIMIT}`;

export const isMemberListTab = (value: string | undefined): value is MemberListTab => (MEMBER_LIST_TABS as readonly string[]).includes(value ?? '');

/** One row as the page shows it, whatever list it came from (the lists' own shapes, loosely). */
export interface MemberListRow {
  loginId?: string;
  nickname?: string;
  title?: string;
  prodName?: string;
  quantity?: number;
  amount?: number;
  status?: number;
  anonymous?: boolean;
  createdAt?: number;
  startedAt?: number;
  expiresAt?: number | null;
}

export type MemberListAnswer = ListResponse<MemberListRow>;

/** /my/lists page props: the selected tab and its first page (null when it could not be loaded). */
export type MyListsPageData = {
  title: string;
  tab: MemberListTab;
  list: MemberListAnswer | null;
};
