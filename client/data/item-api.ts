import useSWR from 'swr';
import type { LexFontStyle } from '../../src/shared/item-catalogue';
import type { InventoryResponse, ItemBuyResponse, ItemGiftResponse, ItemUseResponse } from '../../src/shared/items';
import { call } from './api';

// The item calls: the member's inventory (an SWR key, so the wallet page and the chat's LEX option agree),
// buying with luv, giving and using an item.

export const MY_ITEMS_KEY = '/api/my/items?limit=100';

/** The signed-in member's items; null key (nothing fetched) for guests. */
export const useMyItems = (member: boolean) => useSWR<InventoryResponse>(member ? MY_ITEMS_KEY : null);

const newKey = () => crypto.randomUUID().replaceAll('-', '');

export const buyItem = (prodName: string, quantity: number) => call<ItemBuyResponse>('POST', '/api/my/items/buy', { prodName, quantity, idempotencyKey: newKey() });

/** Give items to a member by login ID (the channel page gives to its live creator with channelId instead). */
export const giveItem = (request: { prodName: string; quantity: number; loginId: string }) => call<ItemGiftResponse>('POST', '/api/my/items/gift', { ...request, idempotencyKey: newKey() });

export const spendItem = (itemId: number) => call<ItemUseResponse>('POST', `/api/my/item/${itemId}/use`, { idempotencyKey: newKey() });

export const sendLex = (request: { content: string; channelId: number; fontStyle: LexFontStyle }) => call<ItemUseResponse>('POST', '/api/my/useItems/100', { ...request, idempotencyKey: newKey() });
