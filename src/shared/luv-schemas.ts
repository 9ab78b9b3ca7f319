// Request and answer shapes of the luv calls (/api/luv/*): sending a gift, balances and gift lists.

import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { cleanText } from './text';
import { MAX_GIFT_AMOUNT, MAX_GIFT_MESSAGE } from './luv-limits';

export { MAX_GIFT_AMOUNT, MAX_GIFT_MESSAGE };

export const giftRequestSchema = z.strictObject({
  channelId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  amount: z.int().positive().max(MAX_GIFT_AMOUNT),
  message: z.string().transform(cleanText).pipe(z.string().max(MAX_GIFT_MESSAGE)).optional(),
  /** The client's id for this gift: a retry with the same key sends it once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type GiftRequest = z.infer<typeof giftRequestSchema>;

export const giftResponseSchema = z.object({
  /** The sender's wallet after the gift. */
  balance: z.int().nonnegative(),
  movementId: z.int().positive(),
  /** True when an earlier call with the same key sent it (nothing moved this time). */
  replayed: z.boolean(),
});
export type GiftResponse = z.infer<typeof giftResponseSchema>;

export const luvSumResponseSchema = z.object({ balance: z.int().nonnegative() });
export type LuvSumResponse = z.infer<typeof luvSumResponseSchema>;

export const giftListItemSchema = z.object({
  movementId: z.int().positive(),
  amount: z.int().positive(),
  /** The other side: the receiver in the sent list, the sender in the received list. */
  loginId: z.string(),
  nickname: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.int().nonnegative(),
  /** A giver who chose not to be shown (settings isSponser off): loginId and nickname are empty. */
  anonymous: z.boolean(),
});
export type GiftListItem = z.infer<typeof giftListItemSchema>;

export const giftListResponseSchema = pageInfoSchema.extend({ items: z.array(giftListItemSchema) });
export type GiftListResponse = z.infer<typeof giftListResponseSchema>;
