// The luv ledger's SQL (migration 0007): accounts, the statements of one movement, balances and entries.
// The rules (legs sum to zero, replays, refusals) are the service's: src/api/services/ledger.ts.

import type { PageRequest } from '../shared/paging';

export type AccountKind = 'wallet' | 'earnings' | 'payout_pending' | 'platform_revenue' | 'pg_clearing' | 'promotions';
export type MemberAccountKind = 'wallet' | 'earnings' | 'payout_pending';
export type SystemAccountKind = Exclude<AccountKind, MemberAccountKind>;
export type MovementKind = 'purchase' | 'gift' | 'coupon' | 'refund' | 'subscription' | 'payout_request' | 'payout_cancel' | 'payout_paid' | 'exchange';

export interface Leg {
  accountId: number;
  amount: number;
}

export interface MovementRow {
  id: number;
  idempotencyKey: string;
  kind: MovementKind;
  memo: string | null;
  createdAt: number;
}

export interface EntryRow {
  id: number;
  movementId: number;
  accountId: number;
  amount: number;
}

export interface AccountRow {
  id: number;
  kind: AccountKind;
  ownerId: number | null;
  balance: number;
}

/** The account of this kind (and member, null for a system account), created empty the first time. */
export async function findOrCreateAccount(db: D1Database, kind: AccountKind, ownerId: number | null): Promise<number> {
  // Almost always it exists: a read, not a write transaction.
  const existing = await db.prepare('SELECT id FROM ledger_accounts WHERE kind = ?1 AND owner_id IS ?2').bind(kind, ownerId).first<{ id: number }>();
  if (existing) return existing.id;
  // ON CONFLICT DO NOTHING (not INSERT OR IGNORE, which would also swallow a CHECK or NOT NULL failure).
  const [, found] = await db.batch([
    db.prepare('INSERT INTO ledger_accounts (kind, owner_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING').bind(kind, ownerId),
    db.prepare('SELECT id FROM ledger_accounts WHERE kind = ?1 AND owner_id IS ?2').bind(kind, ownerId),
  ]);
  return (found!.results[0] as { id: number }).id;
}

/**
 * The statements of one movement, to run as one batch (one transaction), in this order:
 * 1. the movement, which throws on a key already used (UNIQUE) before anything else is written;
 * 2. the caller's guards (statements that throw when the movement must not be made), so a used key is
 *    answered before them and they refuse before any balance check does;
 * 3. its entries, which point at it by key;
 * 4. one balance update per leg. On a wallet or earnings account, one that would go below zero throws
 *    (CHECK balance_non_negative) and the whole batch is undone. It is deliberately not written as
 *    `... WHERE balance + ?2 >= 0`: that would match no row and throw nothing, and D1 would commit the rest.
 * The movement's insert returns its row (MovementRow) and each balance update its account's new balance
 * ({ id, balance }), so the caller reads nothing back after the batch.
 */
export function movementStatements(
  db: D1Database,
  movement: { idempotencyKey: string; kind: MovementKind; memo: string | null },
  legs: readonly Leg[],
  guards: readonly D1PreparedStatement[] = [],
): D1PreparedStatement[] {
  return [
    db
      .prepare('INSERT INTO ledger_movements (idempotency_key, kind, memo) VALUES (?1, ?2, ?3) RETURNING id, idempotency_key AS idempotencyKey, kind, memo, created_at AS createdAt')
      .bind(movement.idempotencyKey, movement.kind, movement.memo),
    ...guards,
    ...legs.map((leg) =>
      db
        .prepare('INSERT INTO ledger_entries (movement_id, account_id, amount) VALUES ((SELECT id FROM ledger_movements WHERE idempotency_key = ?1), ?2, ?3)')
        .bind(movement.idempotencyKey, leg.accountId, leg.amount),
    ),
    ...legs.map((leg) => db.prepare('UPDATE ledger_accounts SET balance = balance + ?2 WHERE id = ?1 RETURNING id, balance').bind(leg.accountId, leg.amount)),
  ];
}

/** The movement written under this key, with its legs (in account order), or null. */
export async function findMovement(db: D1Database, idempotencyKey: string): Promise<{ movement: MovementRow; legs: Leg[] } | null> {
  const [movement, legs] = await db.batch([
    db.prepare('SELECT id, idempotency_key AS idempotencyKey, kind, memo, created_at AS createdAt FROM ledger_movements WHERE idempotency_key = ?1').bind(idempotencyKey),
    db
      .prepare('SELECT e.account_id AS accountId, e.amount FROM ledger_entries e JOIN ledger_movements m ON m.id = e.movement_id WHERE m.idempotency_key = ?1 ORDER BY e.account_id')
      .bind(idempotencyKey),
  ]);
  const row = movement!.results[0] as MovementRow | undefined;
  return row ? { movement: row, legs: legs!.results as unknown as Leg[] } : null;
}

/** An account's entries, newest first. */
export async function listEntries(db: D1Database, accountId: number, limit = 50, beforeId = Number.MAX_SAFE_INTEGER): Promise<EntryRow[]> {
  const { results } = await db
    .prepare('SELECT id, movement_id AS movementId, account_id AS accountId, amount FROM ledger_entries WHERE account_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3')
    .bind(accountId, beforeId, limit)
    .all<EntryRow>();
  return results;
}

/** Every account with its kept balance beside the sum of its entries (an audit: the two must agree). */
export async function auditAccounts(db: D1Database): Promise<(AccountRow & { entrySum: number })[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.kind, a.owner_id AS ownerId, a.balance, COALESCE(SUM(e.amount), 0) AS entrySum
       FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id ORDER BY a.id`,
    )
    .all<AccountRow & { entrySum: number }>();
  return results;
}

/** A member's balance on their wallet or earnings (0 when the account was never opened). */
export async function memberBalance(db: D1Database, memberId: number, kind: MemberAccountKind): Promise<number> {
  const row = await db.prepare('SELECT balance FROM ledger_accounts WHERE owner_id = ?1 AND kind = ?2').bind(memberId, kind).first<{ balance: number }>();
  return row?.balance ?? 0;
}

export interface GiftListRow {
  movementId: number;
  amount: number;
  loginId: string;
  nickname: string;
  createdAt: number;
}

/**
 * Gifts a member sent (from their wallet) or received (into their earnings), newest first, each with the
 * member on the other side: the owner of the gift's other member account (earnings for sent, wallet for received).
 * createdAt is in epoch milliseconds.
 */
export async function listGifts(db: D1Database, memberId: number, side: 'sent' | 'received', page: PageRequest): Promise<{ rows: GiftListRow[]; total: number }> {
  const [mine, theirs] = side === 'sent' ? ['wallet', 'earnings'] : ['earnings', 'wallet'];
  const mineOnly = `FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = ?1 AND a.kind = ?2
    JOIN ledger_movements mv ON mv.id = e.movement_id AND mv.kind = 'gift'`;
  const [list, count] = await db.batch([
    db
      .prepare(
        `SELECT mv.id AS movementId, ABS(e.amount) AS amount, m.login_id AS loginId, m.nickname, mv.created_at * 1000 AS createdAt
         ${mineOnly}
         JOIN ledger_entries o ON o.movement_id = e.movement_id AND o.account_id <> e.account_id
         JOIN ledger_accounts oa ON oa.id = o.account_id AND oa.kind = ?3
         JOIN members m ON m.id = oa.owner_id
         ORDER BY mv.id DESC LIMIT ?4 OFFSET ?5`,
      )
      .bind(memberId, mine, theirs, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n ${mineOnly}`).bind(memberId, mine),
  ]);
  return { rows: list!.results as unknown as GiftListRow[], total: (count!.results[0] as { n: number }).n };
}
