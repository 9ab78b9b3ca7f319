// Items (the catalogue is src/shared/items.ts): buying with luv, gifting, using, and the member's inventory and
// item lists. Luv moves only when buying, in one ledger movement (wallet -> platform_revenue) with the item
// event `alongside`; every inventory change is an item event whose triggers (migration 0011) change the
// holdings and throw when the member holds too few, so a use or a gift happens whole and once, or not at all.

import type { PageRequest } from '../../shared/paging';
import { findChannel } from '../../db/channels';
import {
  findInventoryRow,
  findItemEvent,
  heldQuantity,
  inventoryTotals,
  itemEventStatement,
  listInventory,
  listItemGifts,
  listUses,
  passExpiry,
  extendPassStatement,
  type ItemEventInput,
} from '../../db/items';
import { memberBalance } from '../../db/ledger';
import { findMemberById, findMemberByLoginId, type MemberRow } from '../../db/members';
import { hiddenSupporterIds } from '../../db/messages';
import { findOpenLive } from '../../db/streams';
import { Refusal } from '../../lib/errors';
import { catalogueItem, type CatalogueItem, type LexFontStyle, LEX_CODE } from '../../shared/item-catalogue';
import type { InventoryResponse, ItemBuyResponse, ItemEventListResponse, ItemGiftResponse, ItemsSumResponse, ItemUseResponse, UsedItemsResponse } from '../../shared/items';
import { mayWriteInRoom, publishItemEffect } from './chat-events';
import { move, systemAccount, walletOf } from './ledger';
import { notFoundChannel } from './watch-error';
import { isConflict } from '../../db/conflict';

const unknownItem = () => new Refusal(404, 'UNKNOWN_ITEM', 'items.errors.unknownItem');
const notHeld = () => new Refusal(409, 'ITEM_NOT_HELD', 'items.errors.notHeld');
const keyConflict = () => new Refusal(409, 'IDEMPOTENCY_CONFLICT', 'items.errors.keyConflict');
const notLive = () => new Refusal(409, 'NOT_LIVE', 'items.errors.notLive');

const MAX_USED_LISTED = 100;

function itemOf(prodName: string): CatalogueItem {
  const item = catalogueItem(prodName);
  if (!item) throw unknownItem();
  return item;
}

/**
 * Run one item event's batch. A key already used answers the earlier event when it is the same one
 * (replayed), else IDEMPOTENCY_CONFLICT; holding too few is ITEM_NOT_HELD. Nothing is written in either case.
 */
async function recordEvent(db: D1Database, event: ItemEventInput, extra: D1PreparedStatement[] = []): Promise<{ id: number; replayed: boolean; results: D1Result[] }> {
  try {
    const results = await db.batch([itemEventStatement(db, event), ...extra]);
    return { id: (results[0]!.results[0] as { id: number }).id, replayed: false, results };
  } catch (error) {
    if (isConflict(error, 'unique', 'item_events.idempotency_key')) {
      const earlier = await findItemEvent(db, event.key);
      const same = earlier && earlier.kind === event.kind && earlier.code === event.code && earlier.quantity === event.quantity && earlier.targetId === (event.targetId ?? null);
      if (same) return { id: earlier.id, replayed: true, results: [] };
      throw keyConflict();
    }
    if (isConflict(error, 'trigger', 'ITEM_NOT_HELD')) throw notHeld();
    throw error;
  }
}

/** Buy `quantity` of an item with luv: wallet -> platform_revenue, the inventory in the same batch. */
export async function buyItem(db: D1Database, memberId: number, request: { prodName: string; quantity: number; idempotencyKey: string }): Promise<ItemBuyResponse> {
  const item = itemOf(request.prodName);
  const amount = item.price * request.quantity;
  const key = `item-buy:${memberId}:${request.idempotencyKey}`;
  const [wallet, revenue] = await Promise.all([walletOf(db, memberId), systemAccount(db, 'platform_revenue')]);
  const event = itemEventStatement(db, { key, kind: 'buy', code: item.code, quantity: request.quantity, memberId, price: amount, at: Date.now() });
  const result = await move(db, {
    idempotencyKey: key,
    // The ledger's kinds are fixed by migration 0007's CHECK: an item bought with luv is a purchase whose
    // legs (wallet -> platform_revenue) and memo tell it from luv bought through the gateway.
    kind: 'purchase',
    memo: `item:${item.code}x${request.quantity}`,
    legs: [
      { accountId: wallet, amount: -amount },
      { accountId: revenue, amount },
    ],
    alongside: [event],
  });
  const [balance, quantity] = await Promise.all([result.balances?.get(wallet) ?? memberBalance(db, memberId, 'wallet'), heldQuantity(db, memberId, item.code)]);
  return { balance, quantity, movementId: result.movement.id, replayed: result.status === 'replayed' };
}

const fromOf = (member: MemberRow) => ({ loginId: member.loginId, nickname: member.nickname });

/** Give items to another member (by login id) or to a live channel's creator, whose room shows it. */
export async function giftItem(env: Env, memberId: number, request: { prodName: string; quantity: number; idempotencyKey: string; loginId?: string; channelId?: number }): Promise<ItemGiftResponse> {
  const item = itemOf(request.prodName);
  if ((request.loginId === undefined) === (request.channelId === undefined)) throw new Refusal(400, 'BAD_RECEIVER', 'items.errors.badReceiver');
  const key = `item-gift:${memberId}:${request.idempotencyKey}`;
  let receiverId: number;
  let channelId: number | null = null;
  if (request.channelId !== undefined) {
    const [channel, live] = await Promise.all([findChannel(env.DB, request.channelId), findOpenLive(env.DB, request.channelId)]);
    if (!channel) throw notFoundChannel();
    if (!live && !(await findItemEvent(env.DB, key))) throw notLive();
    receiverId = channel.ownerId;
    channelId = channel.id;
  } else {
    const receiver = await findMemberByLoginId(env.DB, request.loginId!);
    if (!receiver) throw new Refusal(404, 'MEMBER_NOT_FOUND', 'items.errors.memberNotFound');
    receiverId = receiver.id;
  }
  if (receiverId === memberId) throw new Refusal(400, 'SELF_GIFT', 'items.errors.selfGift');

  const recorded = await recordEvent(env.DB, { key, kind: 'gift', code: item.code, quantity: request.quantity, memberId, targetId: receiverId, channelId, at: Date.now() });
  if (!recorded.replayed && channelId !== null) {
    const [giver, hidden] = await Promise.all([findMemberById(env.DB, memberId), hiddenSupporterIds(env.DB, [memberId])]);
    // The items have moved: a room that cannot be told now does not undo the gift. A giver who chose not to be
    // shown as a supporter is anonymous to the room.
    if (giver)
      await publishItemEffect(env, channelId, { from: hidden.has(memberId) ? null : fromOf(giver), itemCode: item.code, effect: 'gift' }).catch((error) =>
        console.error('item effect not published', error),
      );
  }
  return { quantity: await heldQuantity(env.DB, memberId, item.code), eventId: recorded.id, replayed: recorded.replayed };
}

const useKey = (memberId: number, key: string | undefined) => `item-use:${memberId}:${key ?? crypto.randomUUID()}`;

/** LEX: one highlighted chat message in a font style, shown in a live channel's room. */
export async function useLex(
  env: Env,
  memberId: number,
  prodName: string,
  request: { content: string; channelId: number; fontStyle: LexFontStyle; idempotencyKey?: string },
): Promise<ItemUseResponse> {
  const item = itemOf(prodName);
  if (item.code !== LEX_CODE) throw new Refusal(400, 'NOT_A_MESSAGE_ITEM', 'items.errors.notMessageItem');
  const [channel, live, member] = await Promise.all([findChannel(env.DB, request.channelId), findOpenLive(env.DB, request.channelId), findMemberById(env.DB, memberId)]);
  if (!channel) throw notFoundChannel();
  if (!live) throw notLive();
  if (!member) throw notHeld();
  // A LEX line is words in the room: a member muted or banned there keeps the item and sends nothing.
  if (!(await mayWriteInRoom(env, channel.id, member.loginId))) throw new Refusal(403, 'CHAT_SILENCED', 'items.errors.silenced');
  const key = useKey(memberId, request.idempotencyKey);
  const recorded = await recordEvent(env.DB, {
    key,
    kind: 'use',
    code: item.code,
    quantity: 1,
    memberId,
    channelId: channel.id,
    content: request.content,
    fontStyle: request.fontStyle,
    at: Date.now(),
  });
  if (!recorded.replayed) {
    const shown = await publishItemEffect(env, channel.id, { from: fromOf(member), itemCode: item.code, effect: `lex-${request.fontStyle}`, text: request.content }).catch((error) => {
      console.error('LEX message not published', error);
      return false;
    });
    if (!shown) console.error('LEX message refused by the room', recorded.id);
  }
  return { quantity: await heldQuantity(env.DB, memberId, item.code), eventId: recorded.id, passUntil: null };
}

/**
 * Use one of an inventory row's items: a full-room pass starts (or extends) the holder's pass; a gifticon
 * or an event item is spent, its effect shown in the room of `channelId` when that channel is live.
 * LEX needs a message: POST /api/my/useItems/100.
 */
export async function useItem(env: Env, memberId: number, itemId: number, request: { channelId?: number; idempotencyKey?: string }): Promise<ItemUseResponse> {
  const row = await findInventoryRow(env.DB, memberId, itemId);
  if (!row) throw new Refusal(404, 'ITEM_NOT_FOUND', 'items.errors.itemNotFound');
  const item = catalogueItem(row.code);
  if (!item) throw unknownItem();
  if (item.kind === 'lex') throw new Refusal(400, 'NEEDS_MESSAGE', 'items.errors.needsMessage');
  let channelId: number | null = null;
  if (request.channelId !== undefined) {
    if (!(await findOpenLive(env.DB, request.channelId))) throw notLive();
    channelId = request.channelId;
  }
  const now = Date.now();
  const extra = item.passSeconds ? [extendPassStatement(env.DB, memberId, item.passSeconds, Math.floor(now / 1000))] : [];
  const recorded = await recordEvent(env.DB, { key: useKey(memberId, request.idempotencyKey), kind: 'use', code: item.code, quantity: 1, memberId, channelId, at: now }, extra);
  if (!recorded.replayed && channelId !== null) {
    const member = await findMemberById(env.DB, memberId);
    if (member) await publishItemEffect(env, channelId, { from: fromOf(member), itemCode: item.code, effect: 'use' }).catch((error) => console.error('item effect not published', error));
  }
  const [quantity, passEnd] = await Promise.all([heldQuantity(env.DB, memberId, item.code), passExpiry(env.DB, memberId)]);
  return { quantity, eventId: recorded.id, passUntil: passEnd && passEnd * 1000 > now ? passEnd * 1000 : null };
}

/** POST /api/my/item/all-item/used: the member's used items of one code, newest first. */
export async function usedItems(db: D1Database, memberId: number, prodName: string): Promise<UsedItemsResponse> {
  const item = itemOf(prodName);
  const rows = await listUses(db, memberId, item.code, MAX_USED_LISTED);
  return { items: rows.map((r) => ({ eventId: r.id, prodName: String(r.code), channelId: r.channelId, content: r.content, fontStyle: r.fontStyle, createdAt: r.createdAt })) };
}

export async function inventory(db: D1Database, memberId: number, page: PageRequest, now = Date.now()): Promise<InventoryResponse> {
  const [{ rows, total }, passEnd] = await Promise.all([listInventory(db, memberId, page), passExpiry(db, memberId)]);
  const items = rows.flatMap((row) => {
    const item = catalogueItem(row.code);
    return item ? [{ itemId: row.id, prodName: String(row.code), kind: item.kind, quantity: row.quantity, price: item.price }] : [];
  });
  return { items, offset: page.offset, limit: page.limit, total, passUntil: passEnd && passEnd * 1000 > now ? passEnd * 1000 : null };
}

export const itemsSum = (db: D1Database, memberId: number): Promise<ItemsSumResponse> => inventoryTotals(db, memberId);

export async function itemGiftList(db: D1Database, memberId: number, side: 'sent' | 'received', page: PageRequest): Promise<ItemEventListResponse> {
  const { rows, total } = await listItemGifts(db, memberId, side, page);
  return {
    items: rows.map((r) => ({ eventId: r.eventId, prodName: String(r.code), quantity: r.quantity, loginId: r.loginId, nickname: r.nickname, createdAt: r.createdAt })),
    offset: page.offset,
    limit: page.limit,
    total,
  };
}
