// Creator payouts (docs/product/money.md, "Creator payouts"): the numbers of a withdrawal, in one module without zod so the studio's form
// shows exactly what the server will record. Every amount is an integer.
//
// Money: a creator withdraws earnings in luv. A luv is bought at 110 KRW VAT included (KRW_PER_LUV in
// subscription-plans.ts, the packs of services/payments/orders.ts), so it is worth 100 KRW before VAT: that is what
// one luv pays out (PAYOUT_KRW_PER_LUV). The platform keeps PAYOUT_FEE_PERCENT of the luv (rounded down,
// in the creator's favour); the rest is the creator's income, from which the platform withholds the 3.3% of
// Korean freelancer income (사업소득 원천징수): 3% income tax and a local income tax of a tenth of it (0.3%),
// each truncated to 10 won as withholding is (국세 10원 미만 절사). What is left is sent to the bank account.

/** KRW one luv of earnings is worth when paid out (its 110 KRW price without the 10% VAT). */
export const PAYOUT_KRW_PER_LUV = 100;
/** The least one withdrawal may be: 100 luv (10,000 KRW before fee and tax). */
export const PAYOUT_MIN_LUV = 100;
/** The most one withdrawal may be (a typo guard; earnings bound it anyway). */
export const PAYOUT_MAX_LUV = 100_000_000;
/** The platform's fee, in percent of the luv withdrawn. */
export const PAYOUT_FEE_PERCENT = 20;
/** Income tax withheld, percent of the income. */
export const INCOME_TAX_PERCENT = 3;
/** Local income tax, percent of the income tax (10% of 3% = 0.3% of the income). */
export const LOCAL_TAX_PERCENT_OF_INCOME_TAX = 10;

/** Withholding is truncated to 10 won. */
const truncate10 = (krw: number) => Math.floor(krw / 10) * 10;

export interface PayoutQuote {
  /** Luv taken from earnings. */
  luv: number;
  /** What the luv is worth before fee and tax. */
  grossKrw: number;
  /** The platform's fee: in luv (it stays in the ledger as platform revenue) and in KRW. */
  feeLuv: number;
  feeKrw: number;
  /** The creator's income (gross minus fee): the base of the withholding. */
  incomeKrw: number;
  incomeTaxKrw: number;
  localTaxKrw: number;
  /** incomeTaxKrw + localTaxKrw (3.3%). */
  withholdingKrw: number;
  /** Sent to the creator's bank account. */
  netKrw: number;
}

/** The figures of withdrawing `luv` (a positive integer). */
export function payoutQuote(luv: number): PayoutQuote {
  const feeLuv = Math.floor((luv * PAYOUT_FEE_PERCENT) / 100);
  const grossKrw = luv * PAYOUT_KRW_PER_LUV;
  const feeKrw = feeLuv * PAYOUT_KRW_PER_LUV;
  const incomeKrw = grossKrw - feeKrw;
  const incomeTaxKrw = truncate10((incomeKrw * INCOME_TAX_PERCENT) / 100);
  const localTaxKrw = truncate10((incomeTaxKrw * LOCAL_TAX_PERCENT_OF_INCOME_TAX) / 100);
  const withholdingKrw = incomeTaxKrw + localTaxKrw;
  return { luv, grossKrw, feeLuv, feeKrw, incomeKrw, incomeTaxKrw, localTaxKrw, withholdingKrw, netKrw: incomeKrw - withholdingKrw };
}

/** A withdrawal's states; the transitions allowed are the trigger's of migration 0014. */
export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The state changes allowed, from -> to: the service's check, and migration 0014's trigger payouts_status_in_order. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  requested: ['approved', 'cancelled', 'rejected'],
  approved: ['paid', 'rejected'],
  paid: [],
  rejected: [],
  cancelled: [],
};
/** Withdrawals a page of the staff payouts page shows. */
export const STAFF_PAYOUTS_PAGE_SIZE = 20;
/** The creator may cancel only a request nobody has approved yet: once approved the transfer may be under way. */
export const CREATOR_CANCELLABLE: readonly PayoutStatus[] = ['requested'];

/**
 * Banks a payout may go to: the 3-digit codes of the Korea Financial Telecommunications & Clearings
 * Institute (금융결제원 표준 은행코드). Their names are in locales (payout.banks.<code>).
 */
export const BANK_CODES = ['002', '003', '004', '007', '011', '020', '023', '027', '031', '032', '034', '035', '037', '039', '045', '048', '071', '081', '088', '089', '090', '092'] as const;
export type BankCode = (typeof BANK_CODES)[number];
