// Creator payouts: the bank account, a withdrawal's request, the creator's cancel, and the operators'
// approve, pay and reject. Every change of money is one ledger movement (services/ledger.ts) with the
// withdrawal's row written or changed in the same batch (db/payouts.ts); the row's trigger refuses a state
// change out of order, which undoes the movement with it.
//
// Ledger keys: payout-request:<member>:<client key> for a request, payout:<id>:cancel, :reject and :paid
// for the rest. A repeated call with the same key is a replay that moves nothing; a cancel racing a reject
// (two keys) leaves one of them refused by the trigger, with nothing moved.

import type { PageRequest } from '../../shared/paging';
import { memberBalance } from '../../db/ledger';
import { countPayoutsByStatus, findBankAccount, findPayout, findPayoutByKey, insertPayoutStatement, listPayouts, type PayoutRow, saveBankAccount, setStatusStatement } from '../../db/payouts';
import { Refusal } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import {
  BANK_CODES,
  CREATOR_CANCELLABLE,
  INCOME_TAX_PERCENT,
  LOCAL_TAX_PERCENT_OF_INCOME_TAX,
  PAYOUT_FEE_PERCENT,
  PAYOUT_KRW_PER_LUV,
  PAYOUT_MAX_LUV,
  PAYOUT_MIN_LUV,
  PAYOUT_TRANSITIONS,
  type PayoutStatus,
  payoutQuote,
} from '../../shared/payout-rules';
import type {
  BankAccount,
  BankAccountResponse,
  BankListResponse,
  StaffWithdrawal,
  StaffWithdrawListResponse,
  StaffWithdrawResponse,
  WithdrawCancelResponse,
  Withdrawal,
  WithdrawListResponse,
  WithdrawRequest,
  WithdrawResponse,
} from '../../shared/payout-schemas';
import { payoutPaid, payoutRequest, payoutReturn } from './ledger';
import { requireFreshProof, sameName } from './reauth';
import { doubleSubmit, type ResolvedKey } from '../../lib/request-key';
import { onceInWindow } from './double-submit';
import type { SessionClaims } from './sessions';
import { isConflict } from '../../db/conflict';

/** A withdrawal's bank account columns: NOT NULL, copied from the member's bank account at the request. */
const PAYOUT_BANK_COLUMNS = ['payouts.bank_code', 'payouts.bank_account', 'payouts.bank_holder_name'];
const notFound = () => new Refusal(404, 'WITHDRAWAL_NOT_FOUND', 'payout.errors.notFound');
const wrongState = () => new Refusal(409, 'WITHDRAWAL_STATE', 'payout.errors.wrongState');

export function withdrawalOf(row: PayoutRow): Withdrawal {
  // The row's own figures: what the creator confirmed, even should the rules change later.
  return {
    luv: row.luv,
    feeLuv: row.feeLuv,
    grossKrw: row.grossKrw,
    feeKrw: row.feeKrw,
    incomeKrw: row.grossKrw - row.feeKrw,
    incomeTaxKrw: row.incomeTaxKrw,
    localTaxKrw: row.localTaxKrw,
    withholdingKrw: row.incomeTaxKrw + row.localTaxKrw,
    netKrw: row.netKrw,
    withdrawId: row.id,
    status: row.status,
    bankCode: row.bankCode,
    bankAccount: row.bankAccount,
    bankHolderName: row.bankHolderName,
    requestedAt: row.requestedAt,
    decidedAt: row.decidedAt,
    paidAt: row.paidAt,
    cancellable: CREATOR_CANCELLABLE.includes(row.status),
  };
}

const staffWithdrawalOf = (row: PayoutRow): StaffWithdrawal => ({ ...withdrawalOf(row), memberId: row.memberId, loginId: row.loginId, nickname: row.nickname });

export function withdrawRules(amount: number | undefined) {
  return {
    minLuv: PAYOUT_MIN_LUV,
    maxLuv: PAYOUT_MAX_LUV,
    krwPerLuv: PAYOUT_KRW_PER_LUV,
    feePercent: PAYOUT_FEE_PERCENT,
    incomeTaxPercent: INCOME_TAX_PERCENT,
    localTaxPercentOfIncomeTax: LOCAL_TAX_PERCENT_OF_INCOME_TAX,
    quote: amount === undefined ? null : payoutQuote(amount),
  };
}

export function bankList(t: Translate): BankListResponse {
  return { items: BANK_CODES.map((code) => ({ code, name: t(`payout.banks.${code}`) })) };
}

export async function bankAccountOf(db: D1Database, memberId: number): Promise<BankAccountResponse> {
  const row = await findBankAccount(db, memberId);
  return { account: row ? { bank_code: row.bankCode as BankAccount['bank_code'], bank_account: row.bankAccount, bank_holder_name: row.bankHolderName } : null };
}

export async function setBankAccount(db: D1Database, memberId: number, account: BankAccount, now = Date.now()): Promise<BankAccountResponse> {
  const row = await saveBankAccount(db, memberId, { bankCode: account.bank_code, bankAccount: account.bank_account, bankHolderName: account.bank_holder_name }, now);
  return { account: { bank_code: row.bankCode as BankAccount['bank_code'], bank_account: row.bankAccount, bank_holder_name: row.bankHolderName } };
}

/**
 * The member changes where payouts go: only with a fresh proof of themself (services/reauth.ts), and only to an
 * account in their own verified name, so neither a stolen token nor a typo sends earnings to someone else.
 */
export async function changeBankAccount(db: D1Database, session: SessionClaims, account: BankAccount): Promise<BankAccountResponse> {
  const member = await requireFreshProof(db, session);
  if (!member.identityVerified || !member.name) throw new Refusal(409, 'IDENTITY_REQUIRED', 'reauth.errors.identityRequired');
  if (!sameName(member.name, account.bank_holder_name)) throw new Refusal(400, 'HOLDER_MISMATCH', 'reauth.errors.holderMismatch');
  return setBankAccount(db, session.memberId, account);
}

/** The signed-in creator's withdrawal: only with a fresh proof of themself (services/reauth.ts). */
export async function withdrawEarnings(db: D1Database, session: SessionClaims, amount: number, key: ResolvedKey): Promise<WithdrawResponse> {
  await requireFreshProof(db, session);
  return onceInWindow(db, 'withdraw', session.memberId, key, async () => {
    const answer = await requestWithdrawal(db, session.memberId, { amount, idempotencyKey: key.idempotencyKey });
    if (answer.replayed && key.derived) throw doubleSubmit();
    return answer;
  });
}

/** A creator asks to withdraw `amount` luv of earnings to their bank account. */
export async function requestWithdrawal(db: D1Database, memberId: number, request: Required<WithdrawRequest>, now = Date.now()): Promise<WithdrawResponse> {
  const key = `payout-request:${memberId}:${request.idempotencyKey}`;
  // A retry of a request that went through answers it as it was (also when the earnings are gone since).
  const earlier = await findPayoutByKey(db, memberId, request.idempotencyKey);
  if (earlier) {
    if (earlier.luv !== request.amount) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', 'luv.errors.idempotencyConflict');
    return { withdrawal: withdrawalOf(earlier), earnings: await memberBalance(db, memberId, 'earnings'), replayed: true };
  }
  if (request.amount < PAYOUT_MIN_LUV) throw new Refusal(400, 'BELOW_MINIMUM', 'payout.errors.belowMinimum');
  if (!(await findBankAccount(db, memberId))) throw new Refusal(409, 'NO_BANK_ACCOUNT', 'payout.errors.noBankAccount');

  const quote = payoutQuote(request.amount);
  let result: Awaited<ReturnType<typeof payoutRequest>>;
  try {
    result = await payoutRequest(db, { memberId, amount: request.amount, key, alongside: [insertPayoutStatement(db, { memberId, requestKey: request.idempotencyKey, quote, at: now })] });
  } catch (error) {
    if (error instanceof Refusal && error.code === 'INSUFFICIENT_LUV') throw new Refusal(409, 'INSUFFICIENT_EARNINGS', 'payout.errors.insufficient');
    // The bank account was removed between the check and the batch (its columns read NULL).
    if (PAYOUT_BANK_COLUMNS.some((column) => isConflict(error, 'notNull', column))) throw new Refusal(409, 'NO_BANK_ACCOUNT', 'payout.errors.noBankAccount');
    throw error;
  }
  const row = (await findPayoutByKey(db, memberId, request.idempotencyKey))!;
  const earnings = result.balances?.get(result.legs.find((leg) => leg.amount < 0)!.accountId) ?? (await memberBalance(db, memberId, 'earnings'));
  return { withdrawal: withdrawalOf(row), earnings, replayed: result.status === 'replayed' };
}

export async function withdrawalList(db: D1Database, memberId: number, page: PageRequest): Promise<WithdrawListResponse> {
  const [{ rows, total }, earnings, pending] = await Promise.all([
    listPayouts(db, { memberId, status: null }, page),
    memberBalance(db, memberId, 'earnings'),
    memberBalance(db, memberId, 'payout_pending'),
  ]);
  return { items: rows.map(withdrawalOf), offset: page.offset, limit: page.limit, total, earnings, pending };
}

/**
 * Move a withdrawal to `status`, with the movement that goes with it (none for an approval). A repeat of the
 * same change is a replay (the same key): it answers the withdrawal as it is and moves nothing.
 */
async function transition(db: D1Database, row: PayoutRow, status: Exclude<PayoutStatus, 'requested'>, now: number): Promise<{ row: PayoutRow; replayed: boolean }> {
  if (row.status === status) return { row, replayed: true };
  if (!PAYOUT_TRANSITIONS[row.status].includes(status)) throw wrongState();
  const change = setStatusStatement(db, row.id, status, now);
  try {
    if (status === 'approved') {
      const updated = await change.first<PayoutRow>();
      return { row: updated!, replayed: false };
    }
    const key = `payout:${row.id}:${status === 'cancelled' ? 'cancel' : status === 'rejected' ? 'reject' : 'paid'}`;
    const p = { memberId: row.memberId, amount: row.luv, key, alongside: [change] };
    const result = status === 'paid' ? await payoutPaid(db, { ...p, feeLuv: row.feeLuv }) : await payoutReturn(db, p);
    return { row: (await findPayout(db, row.id))!, replayed: result.status === 'replayed' };
  } catch (error) {
    // Changed by someone else since the read: the trigger refuses, or the luv already left payout_pending.
    if (isConflict(error, 'trigger', 'payout status out of order') || (error instanceof Refusal && error.code === 'INSUFFICIENT_LUV')) throw wrongState();
    throw error;
  }
}

/** The creator cancels their own request; someone else's withdrawal is not found for them. */
export async function cancelWithdrawal(db: D1Database, memberId: number, withdrawId: number, now = Date.now()): Promise<WithdrawCancelResponse> {
  const row = await findPayout(db, withdrawId);
  if (!row || row.memberId !== memberId) throw notFound();
  if (row.status !== 'cancelled' && !CREATOR_CANCELLABLE.includes(row.status)) throw wrongState();
  const { row: after } = await transition(db, row, 'cancelled', now);
  return { withdrawal: withdrawalOf(after), earnings: await memberBalance(db, memberId, 'earnings') };
}

/** Staff: approve, pay or reject a withdrawal (the trigger holds the order: approve before pay). */
export async function decideWithdrawal(db: D1Database, withdrawId: number, status: 'approved' | 'paid' | 'rejected', now = Date.now()): Promise<StaffWithdrawResponse> {
  const row = await findPayout(db, withdrawId);
  if (!row) throw notFound();
  const { row: after, replayed } = await transition(db, row, status, now);
  return { withdrawal: staffWithdrawalOf(after), replayed };
}

/** Staff: withdrawals, newest first, in one status or all, with how many there are in each status. */
export async function staffWithdrawalList(db: D1Database, status: PayoutStatus | null, page: PageRequest): Promise<StaffWithdrawListResponse> {
  const [{ rows, total }, counts] = await Promise.all([listPayouts(db, { memberId: null, status }, page), countPayoutsByStatus(db)]);
  return { items: rows.map(staffWithdrawalOf), offset: page.offset, limit: page.limit, total, counts };
}
