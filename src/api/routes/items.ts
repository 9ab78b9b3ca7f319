import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import {
  inventoryResponseSchema,
  itemBuyRequestSchema,
  itemBuyResponseSchema,
  itemEventListResponseSchema,
  itemGiftRequestSchema,
  itemGiftResponseSchema,
  itemsSumResponseSchema,
  itemUseRequestSchema,
  itemUseResponseSchema,
  lexUseRequestSchema,
  prodNameSchema,
  usedItemsRequestSchema,
  usedItemsResponseSchema,
} from '../../shared/items';
import { buyItem, giftItem, inventory, itemGiftList, itemsSum, useItem, useLex, usedItems } from '../services/items';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';
import { id } from './watch-params';

const itemPage = pageQuery(PAGE_DEFAULTS.itemLimit);

/** Items (the catalogue is src/shared/items.ts): the inventory, buying with luv, gifting, using, and the item lists. Members only. */
export const itemRoutes = new Hono<ApiEnv>()
  .get(
    '/api/my/items',
    operation({ tag: 'Luv', summary: "The member's items (page size 10) and the end of their full-room pass", ok: inventoryResponseSchema }),
    requireMember(),
    validate('query', itemPage),
    async (c) => c.json(await inventory(c.env.DB, c.var.session.memberId, c.req.valid('query'))),
  )
  .get('/api/luv/items-sum', operation({ tag: 'Luv', summary: 'How many items the member holds, in all and of how many kinds', ok: itemsSumResponseSchema }), requireMember(), async (c) =>
    c.json(await itemsSum(c.env.DB, c.var.session.memberId)),
  )
  .post(
    '/api/my/items/buy',
    operation({
      tag: 'Luv',
      summary: 'Buy items with luv',
      description: 'wallet -> platform revenue in one ledger movement, the items in the same batch. idempotencyKey: a retry with the same key answers the first result (replayed: true).',
      ok: itemBuyResponseSchema,
      refusals: { 400: 'Bad quantity or key', 404: 'Unknown prodName (UNKNOWN_ITEM)', 409: 'The wallet is short (INSUFFICIENT_LUV), or the key was used for another purchase (IDEMPOTENCY_CONFLICT)' },
    }),
    requireMember(),
    validate('json', itemBuyRequestSchema),
    async (c) => c.json(await buyItem(c.env.DB, c.var.session.memberId, c.req.valid('json'))),
  )
  .post(
    '/api/my/items/gift',
    operation({
      tag: 'Luv',
      summary: "Give items to a member (loginId) or to a live channel's creator (channelId), whose room shows it",
      ok: itemGiftResponseSchema,
      refusals: {
        400: 'Neither or both receivers (BAD_RECEIVER), a gift to yourself (SELF_GIFT), or bad input',
        404: 'Unknown prodName, member or channel',
        409: 'Too few items held (ITEM_NOT_HELD), the channel is not live (NOT_LIVE), or the key was used for another gift (IDEMPOTENCY_CONFLICT)',
      },
    }),
    requireMember(),
    validate('json', itemGiftRequestSchema),
    async (c) => c.json(await giftItem(c.env, c.var.session.memberId, c.req.valid('json'))),
  )
  .post(
    '/api/my/useItems/:prodName',
    operation({
      tag: 'Luv',
      summary: 'Use a message item (LEX 100): a highlighted chat message in a font style, shown in a live channel',
      ok: itemUseResponseSchema,
      refusals: {
        400: 'Not a message item (NOT_A_MESSAGE_ITEM), or bad content or fontStyle',
        403: 'The member is muted or banned in that room (CHAT_SILENCED); the item is kept',
        404: 'Unknown prodName or channel',
        409: 'No LEX held (ITEM_NOT_HELD) or the channel is not live (NOT_LIVE)',
      },
    }),
    requireMember(),
    validate('param', z.object({ prodName: prodNameSchema })),
    validate('json', lexUseRequestSchema),
    async (c) => c.json(await useLex(c.env, c.var.session.memberId, c.req.valid('param').prodName, c.req.valid('json'))),
  )
  .post(
    '/api/my/item/all-item/used',
    operation({ tag: 'Luv', summary: "The member's used items of one prodName, newest first (at most 100)", ok: usedItemsResponseSchema, refusals: { 404: 'Unknown prodName (UNKNOWN_ITEM)' } }),
    requireMember(),
    validate('json', usedItemsRequestSchema),
    async (c) => c.json(await usedItems(c.env.DB, c.var.session.memberId, c.req.valid('json').prodName)),
  )
  .post(
    '/api/my/item/:itemId/use',
    operation({
      tag: 'Luv',
      summary: 'Use one item of an inventory row: a full-room pass starts or extends; a gifticon or event item is spent (its effect shown in channelId when live)',
      ok: itemUseResponseSchema,
      refusals: { 400: 'LEX needs a message (NEEDS_MESSAGE), or bad input', 404: 'No such item of yours (ITEM_NOT_FOUND)', 409: 'None left (ITEM_NOT_HELD) or the channel is not live (NOT_LIVE)' },
    }),
    requireMember(),
    validate('param', z.object({ itemId: id })),
    validate('json', itemUseRequestSchema),
    async (c) => c.json(await useItem(c.env, c.var.session.memberId, c.req.valid('param').itemId, c.req.valid('json'))),
  )
  .get(
    '/api/luv/sentitem-list',
    operation({ tag: 'Luv', summary: 'Items the member gave, newest first, with their receivers', ok: itemEventListResponseSchema }),
    requireMember(),
    validate('query', itemPage),
    async (c) => c.json(await itemGiftList(c.env.DB, c.var.session.memberId, 'sent', c.req.valid('query'))),
  )
  .get(
    '/api/luv/receiveditem-list',
    operation({ tag: 'Luv', summary: 'Items the member received, newest first, with their givers', ok: itemEventListResponseSchema }),
    requireMember(),
    validate('query', itemPage),
    async (c) => c.json(await itemGiftList(c.env.DB, c.var.session.memberId, 'received', c.req.valid('query'))),
  );
