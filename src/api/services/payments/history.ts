// The member's payment history: PG payments (flax payments) and luv spent, by period.
import { memberBalance } from '../../../db/ledger';
import { listLuvPayments, listMemberPayments, waitingLuv } from '../../../db/payments';
import type { FlaxPaymentListResponse, LuvPaymentListResponse } from '../../../shared/shop-schemas';
import { DAY_MS } from './common';
import { flaxPaymentOf } from './view';

const DEFAULT_PAGE = 20;
const MOBILE_PAGE = 10;
export interface PaymentsQuery {
  offset: number;
  limit?: number;
  option: '7' | '30' | '90' | '365';
  mobile: 'true' | 'false';
}
const pageOf = (q: PaymentsQuery) => ({ offset: q.offset, limit: q.limit ?? (q.mobile === 'true' ? MOBILE_PAGE : DEFAULT_PAGE) });
const sinceOf = (q: PaymentsQuery, now: number) => now - Number(q.option) * DAY_MS;

/** The member's PG payments (flax payments) of the period, newest first. */
export async function flaxPayments(db: D1Database, memberId: number, q: PaymentsQuery): Promise<FlaxPaymentListResponse> {
  const now = Date.now();
  const page = pageOf(q);
  const [{ rows, total }, balance] = await Promise.all([listMemberPayments(db, memberId, sinceOf(q, now), page), memberBalance(db, memberId, 'wallet')]);
  return { items: rows.map((r) => flaxPaymentOf(r, balance, now)), ...page, total };
}

/** Items bought with luv carry 'item:<code>x<quantity>' as their movement's memo (services/items.ts). */
const ITEM_MEMO = /^item:(\d+)x(\d+)$/;

/** Every spend out of the member's wallet in the period (gifts, subscriptions, items), newest first. */
export async function luvPayments(db: D1Database, memberId: number, q: PaymentsQuery): Promise<LuvPaymentListResponse> {
  const page = pageOf(q);
  const { rows, total } = await listLuvPayments(db, memberId, sinceOf(q, Date.now()), page);
  const items = rows.map(({ memo, kind, ...r }) => {
    const item = memo ? ITEM_MEMO.exec(memo) : null;
    return { ...r, kind: kind === 'purchase' ? ('item' as const) : (kind as 'gift' | 'subscription'), itemCode: item ? Number(item[1]) : null, quantity: item ? Number(item[2]) : null };
  });
  return { items, ...page, total };
}

export const waitingSummary = (db: D1Database, memberId: number) => waitingLuv(db, memberId);
