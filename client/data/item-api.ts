import { useApi } from './use-api';
import type { LexFontStyle } from '../../src/shared/item-catalogue';
import { apiKey, call } from './api';

// The item calls: the member's inventory (an SWR key, so the wallet page and the chat's LEX option agree),
// buying with luv, giving and using an item.

export const MY_ITEMS_KEY = apiKey('/api/my/items', { query: { limit: 100 } });

/** The signed-in member's items; null key (nothing fetched) for guests. */
export const useMyItems = (member: boolean) => useApi(member ? MY_ITEMS_KEY : null);

const newKey = () => crypto.randomUUID().replaceAll('-', '');

export const buyItem = (prodName: string, quantity: number) => call('POST', '/api/my/items/buy', { json: { prodName, quantity, idempotencyKey: newKey() } });

/** Give items to a member by login ID (the channel page gives to its live creator with channelId instead). */
export const giveItem = (request: { prodName: string; quantity: number; loginId: string }) => call('POST', '/api/my/items/gift', { json: { ...request, idempotencyKey: newKey() } });

export const spendItem = (itemId: number) => call('POST', '/api/my/item/:itemId/use', { param: { itemId }, json: { idempotencyKey: newKey() } });

export const sendLex = (request: { content: string; channelId: number; fontStyle: LexFontStyle }) =>
  call('POST', '/api/my/useItems/:prodName', { param: { prodName: '100' }, json: { ...request, idempotencyKey: newKey() } });
