// Messages' numbers (no zod here: the client takes them without the schemas).

/** A message's length after cleaning (characters). */
export const MESSAGE_MAX_LENGTH = 500;
/**
 * Spam guard: a member may message at most this many distinct people in any minute (writing again to
 * someone already written to in that minute is not counted again). Counted in D1 (messages.created_at).
 */
export const MESSAGE_RECIPIENTS_PER_MINUTE = 10;
export const MESSAGE_RATE_WINDOW_MS = 60_000;
/** Page sizes: the inbox and the sent box, one conversation, the block list. */
export const MESSAGE_PAGE_LIMIT = 20;
export const CONVERSATION_LIMIT = 30;
export const BLOCK_LIST_MAX = 500;

/** The member's settings; memberSortCode orders the inbox: 1 newest first, 2 unread first. */
export const MEMBER_SORT_CODES = { newest: 1, unreadFirst: 2 } as const;
export const DEFAULT_SETTINGS = { isView: true, isVibes: true, isSponser: true, memberSortCode: 1, isBigFan: true, isMemberLevelIconEnabled: true } as const;

/** The inbox socket on the page's host (a MemberInbox object per member; the ticket comes from the API). */
export const INBOX_SOCKET_PATH = '/inbox';
/** The socket's timers, as the chat's: reconnect from 500 ms, doubling up to 5 s. */
export const INBOX_RECONNECT = { minDelayMs: 500, maxDelayMs: 5_000 } as const;

/** The messages page and my page. */
export const MESSAGES_PATHS = { MESSAGES: '/messages', MY_PAGE: '/my' } as const;
