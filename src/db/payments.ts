// The SQL of buying luv (migration 0008): orders and their status, refunds, the PG's webhooks, the dev PG's
// payments, and the lists of a member's payments. The rules are src/api/services/payments/'s.
// Status changes are plain UPDATEs: the trigger payments_status_transition throws on one not allowed.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import type { PaymentMethod } from '../shared/payment-methods';
import { PAYMENT_STATUS, type PaymentStatus } from '../shared/payment-status';
import type { PlanId } from '../shared/subscription-plans';

export interface PaymentRow {
  id: number;
  orderId: string;
  memberId: number;
  packId: string;
  orderName: string;
  luv: number;
  amount: number;
  method: PaymentMethod;
  status: PaymentStatus;
  provider: 'dev' | 'toss';
  paymentKey: string | null;
  vaBank: string | null;
  vaAccount: string | null;
  vaHolder: string | null;
  vaDueAt: number | null;
  depositSecret: string | null;
  depositedAmount: number | null;
  refundedLuv: number;
  refundedAmount: number;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: number;
  approvedAt: number | null;
  cancelledAt: number | null;
  /** Set on an order that pays a subscription's first term (migration 0028); null on a pack of luv. */
  subscriptionChannelId: number | null;
  subscriptionPlan: PlanId | null;
}

const COLUMNS = `id, order_id AS orderId, member_id AS memberId, pack_id AS packId, order_name AS orderName, luv, amount, method,
  status, provider, payment_key AS paymentKey, va_bank AS vaBank, va_account AS vaAccount, va_holder AS vaHolder, va_due_at AS vaDueAt,
  deposit_secret AS depositSecret, deposited_amount AS depositedAmount, refunded_luv AS refundedLuv, refunded_amount AS refundedAmount,
  failure_code AS failureCode, failure_message AS failureMessage, created_at AS createdAt, approved_at AS approvedAt, cancelled_at AS cancelledAt,
  subscription_channel_id AS subscriptionChannelId, subscription_plan AS subscriptionPlan`;

/** An order as it is created (requested): what the server fixed for it. */
export type NewOrder = Pick<PaymentRow, 'orderId' | 'memberId' | 'packId' | 'orderName' | 'luv' | 'amount' | 'method' | 'provider' | 'createdAt'> &
  Partial<Pick<PaymentRow, 'subscriptionChannelId' | 'subscriptionPlan'>>;

export async function insertOrder(db: D1Database, o: NewOrder): Promise<PaymentRow> {
  const row = await db
    .prepare(
      `INSERT INTO payments (order_id, member_id, pack_id, order_name, luv, amount, method, provider, created_at, subscription_channel_id, subscription_plan)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING ${COLUMNS}`,
    )
    .bind(o.orderId, o.memberId, o.packId, o.orderName, o.luv, o.amount, o.method, o.provider, o.createdAt, o.subscriptionChannelId ?? null, o.subscriptionPlan ?? null)
    .first<PaymentRow>();
  if (!row) throw new Error('order not written');
  return row;
}

export const findPaymentByOrderId = (db: D1Database, orderId: string) => db.prepare(`SELECT ${COLUMNS} FROM payments WHERE order_id = ?1`).bind(orderId).first<PaymentRow>();
export const findPaymentById = (db: D1Database, id: number) => db.prepare(`SELECT ${COLUMNS} FROM payments WHERE id = ?1`).bind(id).first<PaymentRow>();

/** requested -> inProgress with the PG's key, only from requested: true when this call moved it (a concurrent confirm did not). */
export async function startConfirm(db: D1Database, id: number, paymentKey: string): Promise<boolean> {
  const result = await db.prepare(`UPDATE payments SET status = ${PAYMENT_STATUS.inProgress}, payment_key = ?2 WHERE id = ?1 AND status = ${PAYMENT_STATUS.requested}`).bind(id, paymentKey).run();
  return result.meta.changes === 1;
}

/**
 * The statement that approves a payment (-> approved): goes in the batch of its purchase movement, and throws (the
 * transition trigger) when the payment is not at 2 or 0.
 */
export const approveStatement = (db: D1Database, id: number, at: number, depositedAmount: number | null) =>
  db.prepare(`UPDATE payments SET status = ${PAYMENT_STATUS.approved}, approved_at = ?2, deposited_amount = COALESCE(?3, deposited_amount) WHERE id = ?1`).bind(id, at, depositedAmount);

/** inProgress -> waiting: the PG issued a virtual account; the luv waits for the deposit. */
export async function markWaitingForDeposit(db: D1Database, id: number, va: { bank: string; accountNumber: string; holder: string; dueAt: number; secret: string | null }): Promise<void> {
  await db
    .prepare(`UPDATE payments SET status = ${PAYMENT_STATUS.waiting}, va_bank = ?2, va_account = ?3, va_holder = ?4, va_due_at = ?5, deposit_secret = ?6 WHERE id = ?1`)
    .bind(id, va.bank, va.accountNumber, va.holder, va.dueAt, va.secret)
    .run();
}

type EndingStatus = (typeof PAYMENT_STATUS)['wrongDeposit' | 'cancelled' | 'approvalError'];

/** Any other move (-> wrongDeposit, cancelled or approvalError) with what the PG said; the trigger refuses one not allowed. */
export function statusStatement(db: D1Database, id: number, status: EndingStatus, p: { at: number; code?: string | null; message?: string | null; depositedAmount?: number | null }) {
  return db
    .prepare(
      `UPDATE payments SET status = ?2, failure_code = COALESCE(?3, failure_code), failure_message = COALESCE(?4, failure_message),
       deposited_amount = COALESCE(?5, deposited_amount), cancelled_at = CASE WHEN ?2 = ${PAYMENT_STATUS.cancelled} THEN ?6 ELSE cancelled_at END WHERE id = ?1`,
    )
    .bind(id, status, p.code ?? null, p.message ?? null, p.depositedAmount ?? null, p.at);
}

// --- refunds

export interface RefundRow {
  id: number;
  paymentId: number;
  idempotencyKey: string;
  luv: number;
  amount: number;
  status: 'pending' | 'done' | 'reversed';
}

/** The statements that record a refund in the batch that takes its luv out of the wallet. */
export function refundStatements(db: D1Database, r: { paymentId: number; key: string; luv: number; amount: number; at: number }) {
  return [
    db.prepare('INSERT INTO payment_refunds (payment_id, idempotency_key, luv, amount, created_at) VALUES (?1, ?2, ?3, ?4, ?5)').bind(r.paymentId, r.key, r.luv, r.amount, r.at),
    // The CHECK refunds_within_payment throws when this would give back more than was bought.
    db.prepare('UPDATE payments SET refunded_luv = refunded_luv + ?2, refunded_amount = refunded_amount + ?3 WHERE id = ?1').bind(r.paymentId, r.luv, r.amount),
  ];
}

/** The statements that undo a refund the PG refused, in the batch that puts its luv back (the settle trigger throws on a second). */
export function reverseRefundStatements(db: D1Database, r: { paymentId: number; key: string; luv: number; amount: number; at: number; message: string }) {
  return [
    db.prepare("UPDATE payment_refunds SET status = 'reversed', settled_at = ?2, failure_message = ?3 WHERE idempotency_key = ?1").bind(r.key, r.at, r.message),
    db.prepare('UPDATE payments SET refunded_luv = refunded_luv - ?2, refunded_amount = refunded_amount - ?3 WHERE id = ?1').bind(r.paymentId, r.luv, r.amount),
  ];
}

/** The PG refunded the KRW: the refund is done, and a payment refunded in full is cancelled (approved -> cancelled). */
export async function settleRefundDone(db: D1Database, key: string, paymentId: number, at: number): Promise<void> {
  await db.batch([
    db.prepare("UPDATE payment_refunds SET status = 'done', settled_at = ?2 WHERE idempotency_key = ?1").bind(key, at),
    db.prepare(`UPDATE payments SET status = ${PAYMENT_STATUS.cancelled}, cancelled_at = ?2 WHERE id = ?1 AND status = ${PAYMENT_STATUS.approved} AND refunded_luv = luv`).bind(paymentId, at),
  ]);
}

export const pendingRefund = (db: D1Database, paymentId: number) =>
  db
    .prepare("SELECT id, payment_id AS paymentId, idempotency_key AS idempotencyKey, luv, amount, status FROM payment_refunds WHERE payment_id = ?1 AND status = 'pending'")
    .bind(paymentId)
    .first<RefundRow>();

// --- webhooks

export const webhookSeen = async (db: D1Database, eventId: string) => (await db.prepare('SELECT 1 AS seen FROM payment_webhooks WHERE event_id = ?1').bind(eventId).first()) !== null;

/** The record of a webhook; UNIQUE event_id makes a second copy throw (and so undo the batch it is in). */
export const webhookStatement = (db: D1Database, w: { eventId: string; orderId: string | null; eventType: string; pgStatus: string | null; outcome: string; at: number }) =>
  db
    .prepare('INSERT INTO payment_webhooks (event_id, order_id, event_type, pg_status, outcome, received_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
    .bind(w.eventId, w.orderId, w.eventType, w.pgStatus, w.outcome, w.at);

// --- lists

/** A member's payments created since `since` (ms), newest first. */
export function listMemberPayments(db: D1Database, memberId: number, since: number, page: PageRequest): Promise<{ rows: PaymentRow[]; total: number }> {
  return pagedList<PaymentRow>(db, { columns: COLUMNS, from: 'payments', where: 'member_id = ?1 AND created_at >= ?2', orderBy: 'created_at DESC, id DESC', params: [memberId, since] }, page);
}

export interface LuvPaymentRow {
  movementId: number;
  /** The ledger movement's kind: 'gift', 'subscription', or 'purchase' (an item bought with luv). */
  kind: string;
  amount: number;
  /** The creator who received it (gifts and subscriptions); null for an item (the platform's). */
  loginId: string | null;
  nickname: string | null;
  /** An item purchase's memo ('item:<code>x<quantity>'); null otherwise. */
  memo: string | null;
  createdAt: number;
}

/**
 * Every spend out of the member's wallet since `since` (ms), newest first: gifts, subscription terms and items
 * bought, each with the creator who received it when there is one. A wallet debit of any other kind is not a
 * spend (a refund goes back to the gateway; payouts and exchanges never debit the wallet).
 */
export async function listLuvPayments(db: D1Database, memberId: number, since: number, page: PageRequest): Promise<{ rows: LuvPaymentRow[]; total: number }> {
  const spends = `ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = ?1 AND a.kind = 'wallet'
    JOIN ledger_movements mv ON mv.id = e.movement_id AND mv.kind IN ('gift', 'subscription', 'purchase') AND mv.created_at * 1000 >= ?2`;
  const [list, count] = await db.batch([
    db
      .prepare(
        `SELECT mv.id AS movementId, mv.kind AS kind, ABS(e.amount) AS amount, m.login_id AS loginId, m.nickname,
           CASE mv.kind WHEN 'purchase' THEN mv.memo END AS memo, mv.created_at * 1000 AS createdAt
         FROM ${spends}
         LEFT JOIN (ledger_entries o JOIN ledger_accounts oa ON oa.id = o.account_id AND oa.kind = 'earnings') ON o.movement_id = e.movement_id AND o.amount > 0
         LEFT JOIN members m ON m.id = oa.owner_id
         WHERE e.amount < 0
         ORDER BY mv.id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(memberId, since, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM ${spends} WHERE e.amount < 0`).bind(memberId, since),
  ]);
  return { rows: list!.results as unknown as LuvPaymentRow[], total: (count!.results[0] as { n: number }).n };
}

/** Luv in the member's orders waiting for a deposit (waiting). */
export async function waitingLuv(db: D1Database, memberId: number): Promise<{ luv: number; count: number }> {
  const row = await db
    .prepare(`SELECT COALESCE(SUM(luv), 0) AS luv, COUNT(*) AS count FROM payments WHERE member_id = ?1 AND status = ${PAYMENT_STATUS.waiting}`)
    .bind(memberId)
    .first<{ luv: number; count: number }>();
  return row ?? { luv: 0, count: 0 };
}

// --- the offline dev PG

export interface DevPgPaymentRow {
  paymentKey: string;
  orderId: string;
  amount: number;
  choice: 'approve' | 'virtual_account';
  status: 'READY' | 'DONE' | 'WAITING_FOR_DEPOSIT' | 'CANCELED' | 'PARTIAL_CANCELED' | 'EXPIRED';
  secret: string;
  balanceAmount: number;
  lastCancelKey: string | null;
  createdAt: number;
  approvedAt: number | null;
}

const DEV_COLUMNS =
  'payment_key AS paymentKey, order_id AS orderId, amount, choice, status, secret, balance_amount AS balanceAmount, last_cancel_key AS lastCancelKey, created_at AS createdAt, approved_at AS approvedAt';

export async function insertDevPgPayment(db: D1Database, p: { paymentKey: string; orderId: string; amount: number; choice: DevPgPaymentRow['choice']; secret: string; at: number }): Promise<void> {
  await db
    .prepare('INSERT INTO dev_pg_payments (payment_key, order_id, amount, choice, secret, balance_amount, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?3, ?6)')
    .bind(p.paymentKey, p.orderId, p.amount, p.choice, p.secret, p.at)
    .run();
}

export const findDevPgPayment = (db: D1Database, paymentKey: string) => db.prepare(`SELECT ${DEV_COLUMNS} FROM dev_pg_payments WHERE payment_key = ?1`).bind(paymentKey).first<DevPgPaymentRow>();

/** The dev PG's own status change; `from` guards it, so a second confirm or cancel sees what the first did. */
export async function updateDevPgPayment(
  db: D1Database,
  paymentKey: string,
  from: readonly DevPgPaymentRow['status'][],
  to: { status: DevPgPaymentRow['status']; balanceAmount?: number; approvedAt?: number; cancelKey?: string },
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE dev_pg_payments SET status = ?2, balance_amount = COALESCE(?3, balance_amount), approved_at = COALESCE(?4, approved_at),
       last_cancel_key = COALESCE(?6, last_cancel_key) WHERE payment_key = ?1 AND status IN (SELECT value FROM json_each(?5))`,
    )
    .bind(paymentKey, to.status, to.balanceAmount ?? null, to.approvedAt ?? null, JSON.stringify(from), to.cancelKey ?? null)
    .run();
  return result.meta.changes === 1;
}
