// Items' SQL (migration 0011): inventory, item events (whose triggers change the holdings) and room passes.
// The rules (catalogue, prices, who may give or use what) are the service's: src/api/services/items.ts.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';

export type ItemEventKind = 'buy' | 'gift' | 'use';

export interface ItemEventInput {
  key: string;
  kind: ItemEventKind;
  code: number;
  quantity: number;
  memberId: number;
  targetId?: number | null;
  channelId?: number | null;
  content?: string | null;
  fontStyle?: string | null;
  price?: number;
  at: number;
}

/**
 * The event's insert: its triggers add to or take from the holdings in the same statement, and it throws
 * ITEM_NOT_HELD when the member holds too few, or on a key already used (UNIQUE). Returns { id }.
 */
export function itemEventStatement(db: D1Database, e: ItemEventInput): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO item_events (idempotency_key, kind, item_code, quantity, member_id, target_id, channel_id, content, font_style, price, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING id`,
    )
    .bind(e.key, e.kind, e.code, e.quantity, e.memberId, e.targetId ?? null, e.channelId ?? null, e.content ?? null, e.fontStyle ?? null, e.price ?? 0, e.at);
}

/** Extends (or starts) the member's full-room pass by `seconds` from the later of now and its current end. */
export function extendPassStatement(db: D1Database, memberId: number, seconds: number, nowSeconds: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO room_passes (member_id, expires_at) VALUES (?1, ?3 + ?2)
       ON CONFLICT (member_id) DO UPDATE SET expires_at = max(expires_at, ?3) + ?2 RETURNING expires_at AS expiresAt`,
    )
    .bind(memberId, seconds, nowSeconds);
}

export interface ItemEventRow {
  id: number;
  kind: ItemEventKind;
  code: number;
  quantity: number;
  memberId: number;
  targetId: number | null;
  channelId: number | null;
  content: string | null;
  fontStyle: string | null;
  createdAt: number;
}

const EVENT_COLUMNS = `id, kind, item_code AS code, quantity, member_id AS memberId, target_id AS targetId, channel_id AS channelId,
  content, font_style AS fontStyle, created_at AS createdAt`;

export function findItemEvent(db: D1Database, key: string): Promise<ItemEventRow | null> {
  return db.prepare(`SELECT ${EVENT_COLUMNS} FROM item_events WHERE idempotency_key = ?1`).bind(key).first<ItemEventRow>();
}

export async function heldQuantity(db: D1Database, memberId: number, code: number): Promise<number> {
  const row = await db.prepare('SELECT quantity FROM member_items WHERE member_id = ?1 AND item_code = ?2').bind(memberId, code).first<{ quantity: number }>();
  return row?.quantity ?? 0;
}

export function findInventoryRow(db: D1Database, memberId: number, itemId: number): Promise<{ id: number; code: number; quantity: number } | null> {
  return db.prepare('SELECT id, item_code AS code, quantity FROM member_items WHERE id = ?1 AND member_id = ?2').bind(itemId, memberId).first();
}

/** Items the member holds (quantity above zero), by code. */
export function listInventory(db: D1Database, memberId: number, page: PageRequest) {
  return pagedList<{ id: number; code: number; quantity: number }>(
    db,
    { columns: 'id, item_code AS code, quantity', from: 'member_items', where: 'member_id = ?1 AND quantity > 0', orderBy: 'item_code', params: [memberId] },
    page,
  );
}

export async function inventoryTotals(db: D1Database, memberId: number): Promise<{ total: number; kinds: number }> {
  const row = await db
    .prepare('SELECT COALESCE(SUM(quantity), 0) AS total, COUNT(*) AS kinds FROM member_items WHERE member_id = ?1 AND quantity > 0')
    .bind(memberId)
    .first<{ total: number; kinds: number }>();
  return row ?? { total: 0, kinds: 0 };
}

/** Epoch seconds at which the member's pass ends, or null when they never had one. */
export async function passExpiry(db: D1Database, memberId: number): Promise<number | null> {
  const row = await db.prepare('SELECT expires_at AS expiresAt FROM room_passes WHERE member_id = ?1').bind(memberId).first<{ expiresAt: number }>();
  return row?.expiresAt ?? null;
}

export interface ItemGiftRow {
  eventId: number;
  code: number;
  quantity: number;
  loginId: string;
  nickname: string;
  createdAt: number;
}

/** Item gifts the member gave (with their receivers) or received (with their givers), newest first. */
export function listItemGifts(db: D1Database, memberId: number, side: 'sent' | 'received', page: PageRequest) {
  const mine = side === 'sent' ? 'e.member_id' : 'e.target_id';
  const other = side === 'sent' ? 'e.target_id' : 'e.member_id';
  return pagedList<ItemGiftRow>(
    db,
    {
      columns: 'e.id AS eventId, e.item_code AS code, e.quantity, m.login_id AS loginId, m.nickname, e.created_at AS createdAt',
      from: `item_events e JOIN members m ON m.id = ${other}`,
      where: `${mine} = ?1 AND e.kind = 'gift'`,
      orderBy: 'e.id DESC',
      params: [memberId],
    },
    page,
  );
}

/** The member's uses of one item code, newest first (at most `limit`). */
export async function listUses(db: D1Database, memberId: number, code: number, limit: number): Promise<ItemEventRow[]> {
  const { results } = await db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM item_events WHERE member_id = ?1 AND kind = 'use' AND item_code = ?2 ORDER BY id DESC LIMIT ?3`)
    .bind(memberId, code, limit)
    .all<ItemEventRow>();
  return results;
}
