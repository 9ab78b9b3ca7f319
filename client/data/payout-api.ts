import type { BankAccount, BankAccountResponse, StaffWithdrawResponse, WithdrawCancelResponse, WithdrawResponse } from '../../src/shared/payout-schemas';
import type { ReauthRequest, ReauthResponse } from '../../src/shared/reauth-schemas';
import { call } from './api';

// The studio's payout calls. SWR keys are the API paths.

export const BANK_ACCOUNT_KEY = '/api/my/bank-account';
export const BANKS_KEY = '/api/my/banks';

export const saveBankAccount = (account: BankAccount) => call<BankAccountResponse>('PUT', BANK_ACCOUNT_KEY, account);
export const requestWithdrawal = (amount: number, idempotencyKey: string) => call<WithdrawResponse>('POST', '/api/luv/withdraw', { amount, idempotencyKey });
export const cancelWithdrawal = (withdrawId: number) => call<WithdrawCancelResponse>('GET', `/api/luv/withdraw-cancel?withdrawId=${withdrawId}`);

/** Staff: approve, pay (the bank transfer was made) or reject a withdrawal. */
export type StaffPayoutAction = 'approve' | 'pay' | 'reject';
export const decideWithdrawal = (withdrawId: number, action: StaffPayoutAction) => call<StaffWithdrawResponse>('POST', `/api/admin/payouts/${withdrawId}/${action}`, {});

/** A fresh proof of the member (the password, or an identity check's authKey) before the bank account changes or a withdrawal. */
export const reauthenticate = (proof: ReauthRequest) => call<ReauthResponse>('POST', '/api/my/reauth', proof);
