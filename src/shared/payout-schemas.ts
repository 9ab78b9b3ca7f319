// Request and answer shapes of creator payouts (/api/luv/withdraw*, /api/my/banks, /api/my/bank-account and
// the staff's /api/admin/payouts). The figures are src/shared/payout-rules.ts's.

import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { BANK_CODES, type BankCode, PAYOUT_MAX_LUV, PAYOUT_STATUSES, type PayoutStatus } from './payout-rules';

const id = z.int().positive().max(Number.MAX_SAFE_INTEGER);
const krw = z.int().nonnegative();
const epochMs = z.int().nonnegative();
const statusSchema = z.enum(PAYOUT_STATUSES as unknown as [PayoutStatus, ...PayoutStatus[]]);

export const withdrawRequestSchema = z
  .strictObject({
    /** Luv of earnings to withdraw; the minimum is checked by the service, which says so in words. */
    amount: z.int().positive().max(PAYOUT_MAX_LUV),
    /**
     * The client's id for this request: a retry with the same key moves luv once. Optional: else the Idempotency-Key
     * header, else a second submit of the same amount within a few seconds is refused (src/lib/request-key.ts).
     */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .meta({ id: 'WithdrawRequest' });
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const payoutQuoteSchema = z
  .object({
    luv: z.int().positive(),
    grossKrw: krw,
    feeLuv: z.int().nonnegative(),
    feeKrw: krw,
    incomeKrw: krw,
    incomeTaxKrw: krw,
    localTaxKrw: krw,
    withholdingKrw: krw.describe('incomeTaxKrw + localTaxKrw: the 3.3% withheld'),
    netKrw: krw.describe('What reaches the bank account'),
  })
  .meta({ id: 'PayoutQuote' });

export const withdrawalSchema = payoutQuoteSchema
  .extend({
    withdrawId: id,
    status: statusSchema,
    bankCode: z.string(),
    bankAccount: z.string(),
    bankHolderName: z.string(),
    requestedAt: epochMs,
    decidedAt: epochMs.nullable().describe('When it was approved, rejected or cancelled'),
    paidAt: epochMs.nullable(),
    cancellable: z.boolean().describe('Whether its creator may still cancel it (requested only)'),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawResponseSchema = z
  .object({
    withdrawal: withdrawalSchema,
    /** Earnings left after the request. */
    earnings: z.int().nonnegative(),
    /** True when an earlier call with the same key made this request (nothing moved this time). */
    replayed: z.boolean(),
  })
  .meta({ id: 'WithdrawResponse' });
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

export const withdrawListResponseSchema = pageInfoSchema
  .extend({
    items: z.array(withdrawalSchema),
    /** Earnings now, and luv held in requests not yet paid, cancelled or rejected. */
    earnings: z.int().nonnegative(),
    pending: z.int().nonnegative(),
  })
  .meta({ id: 'WithdrawListResponse' });
export type WithdrawListResponse = z.infer<typeof withdrawListResponseSchema>;

export const withdrawCancelQuerySchema = z.object({
  withdrawId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
});
export const withdrawCancelResponseSchema = z.object({ withdrawal: withdrawalSchema, earnings: z.int().nonnegative() }).meta({ id: 'WithdrawCancelResponse' });
export type WithdrawCancelResponse = z.infer<typeof withdrawCancelResponseSchema>;

export const withdrawRulesResponseSchema = z
  .object({
    minLuv: z.int().positive(),
    maxLuv: z.int().positive(),
    krwPerLuv: z.int().positive(),
    feePercent: z.number().nonnegative(),
    incomeTaxPercent: z.number().nonnegative(),
    localTaxPercentOfIncomeTax: z.number().nonnegative(),
    /** The figures of ?amount, when given. */
    quote: payoutQuoteSchema.nullable(),
  })
  .meta({ id: 'WithdrawRulesResponse' });
export const withdrawRulesQuerySchema = z.object({
  amount: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional(),
});

export const bankListResponseSchema = z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }).meta({ id: 'BankListResponse' });
export type BankListResponse = z.infer<typeof bankListResponseSchema>;

/** The bank fields, named as in the channel settings (bank_code, bank_account, bank_holder_name). */
export const bankAccountSchema = z
  .strictObject({
    bank_code: z.enum(BANK_CODES as unknown as [BankCode, ...BankCode[]]),
    bank_account: z
      .string()
      .trim()
      .regex(/^\d[\d-]{4,28}\d$/),
    bank_holder_name: z.string().trim().min(1).max(40),
  })
  .meta({ id: 'BankAccount' });
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountResponseSchema = z.object({ account: bankAccountSchema.nullable() }).meta({ id: 'BankAccountResponse' });
export type BankAccountResponse = z.infer<typeof bankAccountResponseSchema>;

/** Staff: a withdrawal with its creator. */
export const staffWithdrawalSchema = withdrawalSchema.extend({ memberId: id, loginId: z.string(), nickname: z.string() }).meta({ id: 'StaffWithdrawal' });
const count = z.int().nonnegative();
export const staffWithdrawListResponseSchema = pageInfoSchema
  .extend({
    items: z.array(staffWithdrawalSchema),
    /** Withdrawals in each status, whatever the filter: the staff page's filter shows them. */
    counts: z.object({ requested: count, approved: count, paid: count, rejected: count, cancelled: count }).describe('Withdrawals in each status, whatever ?status is'),
  })
  .meta({ id: 'StaffWithdrawListResponse' });
export type StaffWithdrawListResponse = z.infer<typeof staffWithdrawListResponseSchema>;
export const staffWithdrawListQuerySchema = z.object({ status: statusSchema.optional() });
export const staffWithdrawActionSchema = z.object({
  withdrawId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
});
export const staffWithdrawResponseSchema = z.object({ withdrawal: staffWithdrawalSchema, replayed: z.boolean() }).meta({ id: 'StaffWithdrawResponse' });
export type StaffWithdrawResponse = z.infer<typeof staffWithdrawResponseSchema>;
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

/** The staff payouts page's filter: a status, or every withdrawal. */
export type StaffPayoutFilter = PayoutStatus | 'all';
/** What the staff payouts page's loader (src/pages/staff-pages.ts) puts in `data`. */
export interface StaffPayoutsPageData {
  title: string;
  /** False for a member who is not staff (the page answers 403). */
  staff: boolean;
  filter: StaffPayoutFilter;
  list: StaffWithdrawListResponse | null;
}
