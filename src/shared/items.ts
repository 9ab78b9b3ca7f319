// The item catalogue (SPEC §9 item codes) and the shapes of the item calls. Channel subscriptions
// (700-704) are the subscriptions' own and not sold here. Prices are in luv.

import * as z from 'zod';
import { CHAT_MAX_TEXT } from './chat-protocol';
import { pageInfoSchema } from './streams-schemas';
import { cleanText } from './text';

export type ItemKind = 'lex' | 'pass' | 'gifticon' | 'event';

export interface CatalogueItem {
  code: number;
  kind: ItemKind;
  price: number;
  /** Full-room passes: how long one keeps the holder's place, in seconds. */
  passSeconds?: number;
}

const DAY = 86_400;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const LEX_CODE = 100;
export const GIFTICON_CODE = 600;
export const PASS_CODES = [420, 421, 422] as const;
export const EVENT_CODES = [...range(440, 495), ...range(4004, 4015)];

export const ITEM_CATALOGUE: readonly CatalogueItem[] = [
  { code: LEX_CODE, kind: 'lex', price: 100 },
  { code: 420, kind: 'pass', price: 1_000, passSeconds: DAY },
  { code: 421, kind: 'pass', price: 5_000, passSeconds: 7 * DAY },
  { code: 422, kind: 'pass', price: 15_000, passSeconds: 30 * DAY },
  { code: GIFTICON_CODE, kind: 'gifticon', price: 5_000 },
  ...EVENT_CODES.map((code) => ({ code, kind: 'event' as const, price: 100 })),
];

const BY_CODE = new Map(ITEM_CATALOGUE.map((item) => [item.code, item]));

/** The catalogue entry of a prodName (its code in decimal, e.g. "100"), or undefined. */
export function catalogueItem(prodName: string | number): CatalogueItem | undefined {
  const code = typeof prodName === 'number' ? prodName : /^[1-9]\d{0,4}$/.test(prodName) ? Number(prodName) : Number.NaN;
  return BY_CODE.get(code);
}

/** The font styles a LEX message can be shown in (class names of the chat's highlighted line). */
export const LEX_FONT_STYLES = ['basic', 'bold', 'serif', 'handwriting', 'neon'] as const;
export type LexFontStyle = (typeof LEX_FONT_STYLES)[number];

export const MAX_ITEM_QUANTITY = 100;
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
