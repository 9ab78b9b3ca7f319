// The shapes of the item calls; the catalogue itself (item codes and prices) is item-catalogue.ts. Channel
// subscriptions (700-704) are the subscriptions' own and not sold here.

import * as z from 'zod';
import { CHAT_MAX_TEXT } from './chat-protocol';
import { LEX_FONT_STYLES, MAX_ITEM_QUANTITY } from './item-catalogue';
import { pageInfoSchema } from './paging';
import { cleanText } from './text';

const quantity = z.int().positive().max(MAX_ITEM_QUANTITY);
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** An item code in decimal; unknown codes are refused by the service (UNKNOWN_ITEM). */
export const prodNameSchema = z.string().min(1).max(10);

export const itemBuyRequestSchema = z.strictObject({ prodName: prodNameSchema, quantity, idempotencyKey });
export const itemGiftRequestSchema = z.strictObject({
  prodName: prodNameSchema,
  quantity,
  idempotencyKey,
  /** The receiver: a member by login id, or the creator of a live channel (whose room shows the effect). */
  loginId: z.string().min(1).max(40).optional(),
  channelId: z.int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const lexUseRequestSchema = z.strictObject({
  content: z.string().transform(cleanText).pipe(z.string().min(1).max(CHAT_MAX_TEXT)),
  channelId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  fontStyle: z.enum(LEX_FONT_STYLES),
  idempotencyKey: idempotencyKey.optional(),
});
export const itemUseRequestSchema = z.strictObject({ channelId: z.int().positive().max(Number.MAX_SAFE_INTEGER).optional(), idempotencyKey: idempotencyKey.optional() });
export const usedItemsRequestSchema = z.strictObject({ prodName: prodNameSchema });

export const inventoryItemSchema = z.object({
  itemId: z.int().positive(),
  prodName: z.string(),
  kind: z.enum(['lex', 'pass', 'gifticon', 'event']),
  quantity: z.int().nonnegative(),
  price: z.int().nonnegative(),
});
export const inventoryResponseSchema = pageInfoSchema.extend({
  items: z.array(inventoryItemSchema),
  /** The end of the member's active full-room pass (epoch ms), or null. */
  passUntil: z.int().nullable(),
});
export const itemsSumResponseSchema = z.object({ total: z.int().nonnegative(), kinds: z.int().nonnegative() });
export const itemBuyResponseSchema = z.object({ balance: z.int().nonnegative(), quantity: z.int().nonnegative(), movementId: z.int().positive(), replayed: z.boolean() });
export const itemGiftResponseSchema = z.object({ quantity: z.int().nonnegative(), eventId: z.int().positive(), replayed: z.boolean() });
export const itemUseResponseSchema = z.object({ quantity: z.int().nonnegative(), eventId: z.int().positive(), passUntil: z.int().nullable() });
export const itemEventSchema = z.object({
  eventId: z.int().positive(),
  prodName: z.string(),
  quantity: z.int().positive(),
  /** The other side: the receiver in the sent list, the giver in the received list. */
  loginId: z.string(),
  nickname: z.string(),
  createdAt: z.int().nonnegative(),
});
export const itemEventListResponseSchema = pageInfoSchema.extend({ items: z.array(itemEventSchema) });
export const usedItemSchema = z.object({
  eventId: z.int().positive(),
  prodName: z.string(),
  channelId: z.int().nullable(),
  content: z.string().nullable(),
  fontStyle: z.string().nullable(),
  createdAt: z.int().nonnegative(),
});
export const usedItemsResponseSchema = z.object({ items: z.array(usedItemSchema) });

export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export type ItemsSumResponse = z.infer<typeof itemsSumResponseSchema>;
export type ItemBuyResponse = z.infer<typeof itemBuyResponseSchema>;
export type ItemGiftResponse = z.infer<typeof itemGiftResponseSchema>;
export type ItemUseResponse = z.infer<typeof itemUseResponseSchema>;
export type ItemEventListResponse = z.infer<typeof itemEventListResponseSchema>;
export type UsedItemsResponse = z.infer<typeof usedItemsResponseSchema>;
