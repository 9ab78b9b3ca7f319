import type { BankAccount } from '../../src/shared/payout-schemas';
import type { ReauthRequest } from '../../src/shared/reauth-schemas';
import { apiKey, call } from './api';

// The studio's payout calls. SWR keys are the API paths.

export const BANK_ACCOUNT_KEY = apiKey('/api/my/bank-account');
export const BANKS_KEY = apiKey('/api/my/banks');

export const saveBankAccount = (account: BankAccount) => call('PUT', '/api/my/bank-account', { json: account });
export const requestWithdrawal = (amount: number, idempotencyKey: string) => call('POST', '/api/luv/withdraw', { json: { amount, idempotencyKey } });
export const cancelWithdrawal = (withdrawId: number) => call('GET', '/api/luv/withdraw-cancel', { query: { withdrawId } });

/** Staff: approve, pay (the bank transfer was made) or reject a withdrawal. */
export type StaffPayoutAction = 'approve' | 'pay' | 'reject';
export const decideWithdrawal = (withdrawId: number, action: StaffPayoutAction) => call('POST', `/api/admin/payouts/:withdrawId/${action}`, { param: { withdrawId }, json: {} });

/** A fresh proof of the member (the password, or an identity check's authKey) before the bank account changes or a withdrawal. */
export const reauthenticate = (proof: ReauthRequest) => call('POST', '/api/my/reauth', { json: proof });
