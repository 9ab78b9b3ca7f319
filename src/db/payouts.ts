// Creator payouts' SQL (migration 0014): the bank account, the withdrawals and their state changes.
// The rules (figures, who may do what, the ledger movement each change goes with) are services/payouts.ts.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import { PAYOUT_STATUSES, type PayoutQuote, type PayoutStatus } from '../shared/payout-rules';

export interface BankAccountRow {
  bankCode: string;
  bankAccount: string;
  bankHolderName: string;
  updatedAt: number;
}

export interface PayoutRow {
  id: number;
  memberId: number;
  requestKey: string;
  luv: number;
  feeLuv: number;
  grossKrw: number;
  feeKrw: number;
  incomeTaxKrw: number;
  localTaxKrw: number;
  netKrw: number;
  bankCode: string;
  bankAccount: string;
  bankHolderName: string;
  status: PayoutStatus;
  requestedAt: number;
  decidedAt: number | null;
  paidAt: number | null;
  loginId: string;
  nickname: string;
}

const PAYOUT = `id, member_id AS memberId, request_key AS requestKey, luv, fee_luv AS feeLuv, gross_krw AS grossKrw, fee_krw AS feeKrw,
  income_tax_krw AS incomeTaxKrw, local_tax_krw AS localTaxKrw, net_krw AS netKrw, bank_code AS bankCode, bank_account AS bankAccount,
  bank_holder_name AS bankHolderName, status, requested_at AS requestedAt, decided_at AS decidedAt, paid_at AS paidAt,
  (SELECT login_id FROM members WHERE members.id = payouts.member_id) AS loginId,
  (SELECT nickname FROM members WHERE members.id = payouts.member_id) AS nickname`;

export async function findBankAccount(db: D1Database, memberId: number): Promise<BankAccountRow | null> {
  return db
    .prepare('SELECT bank_code AS bankCode, bank_account AS bankAccount, bank_holder_name AS bankHolderName, updated_at AS updatedAt FROM payout_accounts WHERE member_id = ?1')
    .bind(memberId)
    .first<BankAccountRow>();
}

export async function saveBankAccount(db: D1Database, memberId: number, account: Omit<BankAccountRow, 'updatedAt'>, at: number): Promise<BankAccountRow> {
  const row = await db
    .prepare(
      `INSERT INTO payout_accounts (member_id, bank_code, bank_account, bank_holder_name, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (member_id) DO UPDATE SET bank_code = excluded.bank_code, bank_account = excluded.bank_account,
         bank_holder_name = excluded.bank_holder_name, updated_at = excluded.updated_at
       RETURNING bank_code AS bankCode, bank_account AS bankAccount, bank_holder_name AS bankHolderName, updated_at AS updatedAt`,
    )
    .bind(memberId, account.bankCode, account.bankAccount, account.bankHolderName, at)
    .first<BankAccountRow>();
  return row!;
}

/**
 * The withdrawal's row, for the request's batch: it throws on a request key the member used already
 * (UNIQUE), and reads the bank account inside the batch, so a missing one throws (NOT NULL) rather than
 * inserting nothing.
 */
export function insertPayoutStatement(db: D1Database, p: { memberId: number; requestKey: string; quote: PayoutQuote; at: number }): D1PreparedStatement {
  const q = p.quote;
  return db
    .prepare(
      `INSERT INTO payouts (member_id, request_key, luv, fee_luv, gross_krw, fee_krw, income_tax_krw, local_tax_krw, net_krw,
         bank_code, bank_account, bank_holder_name, requested_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
         (SELECT bank_code FROM payout_accounts WHERE member_id = ?1), (SELECT bank_account FROM payout_accounts WHERE member_id = ?1),
         (SELECT bank_holder_name FROM payout_accounts WHERE member_id = ?1), ?10)`,
    )
    .bind(p.memberId, p.requestKey, q.luv, q.feeLuv, q.grossKrw, q.feeKrw, q.incomeTaxKrw, q.localTaxKrw, q.netKrw, p.at);
}

/**
 * A state change, for a movement's batch (or alone, for an approval). The row exists (it is read first and
 * never deleted) and the trigger payouts_status_in_order throws on a move not allowed from its state now.
 */
export function setStatusStatement(db: D1Database, id: number, status: PayoutStatus, at: number): D1PreparedStatement {
  const column = status === 'paid' ? 'paid_at' : 'decided_at';
  return db.prepare(`UPDATE payouts SET status = ?2, ${column} = ?3 WHERE id = ?1 RETURNING ${PAYOUT}`).bind(id, status, at);
}

export async function findPayout(db: D1Database, id: number): Promise<PayoutRow | null> {
  return db.prepare(`SELECT ${PAYOUT} FROM payouts WHERE id = ?1`).bind(id).first<PayoutRow>();
}

export async function findPayoutByKey(db: D1Database, memberId: number, requestKey: string): Promise<PayoutRow | null> {
  return db.prepare(`SELECT ${PAYOUT} FROM payouts WHERE member_id = ?1 AND request_key = ?2`).bind(memberId, requestKey).first<PayoutRow>();
}

/** A member's withdrawals (or, with memberId null, everyone's in one status), newest first. */
export async function listPayouts(db: D1Database, filter: { memberId: number | null; status: PayoutStatus | null }, page: PageRequest): Promise<{ rows: PayoutRow[]; total: number }> {
  return pagedList<PayoutRow>(
    db,
    { columns: PAYOUT, from: 'payouts', where: '(?1 IS NULL OR member_id = ?1) AND (?2 IS NULL OR status = ?2)', orderBy: 'id DESC', params: [filter.memberId, filter.status] },
    page,
  );
}

/** How many withdrawals there are in each status (the staff page's filter). */
export async function countPayoutsByStatus(db: D1Database): Promise<Record<PayoutStatus, number>> {
  const { results } = await db.prepare('SELECT status, COUNT(*) AS n FROM payouts GROUP BY status').all<{ status: PayoutStatus; n: number }>();
  const counts = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0])) as Record<PayoutStatus, number>;
  for (const row of results) counts[row.status] = row.n;
  return counts;
}
