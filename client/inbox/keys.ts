// SWR keys the inbox refreshes, apart from client/data/message-api.ts so the header (in every page's first
// load) does not carry the message calls.
export const BLOCK_LIST_KEY = '/api/my/member-messages-blackList';
export const CONVERSATIONS_PREFIX = '/v2/api/my/messages';
