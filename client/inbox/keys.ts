// SWR keys the inbox refreshes, apart from client/data/message-api.ts so the header (in every page's first
// load) does not carry the message calls.
import { apiKey } from '../data/api';
export const BLOCK_LIST_KEY = apiKey('/api/my/member-messages-blackList');
export const CONVERSATIONS_PREFIX = '/v2/api/my/messages' as const;
