import { MAX_GIFT_AMOUNT } from '../../../src/shared/luv-limits';

// What the gift dialog and the studio's preset editor check as the person types: the same rules the API
// holds (an integer from 1 to MAX_GIFT_AMOUNT), said in the person's language before anything is sent.

/** Why an amount typed is not one: a locale key (under giftDialog.errors) and its parameters. */
export interface AmountProblem {
  key: 'amountRequired' | 'amountWhole' | 'amountMin' | 'amountMax';
  params?: Record<string, number>;
}

/** Digits a person may group with commas or spaces ("10,000"); anything else is not a whole number. */
export function parseAmount(text: string): { amount: number } | { problem: AmountProblem } {
  const digits = text.replace(/[\s,]/g, '');
  if (digits === '') return { problem: { key: 'amountRequired' } };
  if (!/^\d+$/.test(digits)) return { problem: { key: 'amountWhole' } };
  // Past the maximum's length the number is too large whatever it is (and may not be exact as a double).
  if (digits.replace(/^0+/, '').length > String(MAX_GIFT_AMOUNT).length) return { problem: { key: 'amountMax', params: { max: MAX_GIFT_AMOUNT } } };
  const amount = Number(digits);
  if (amount < 1) return { problem: { key: 'amountMin' } };
  if (amount > MAX_GIFT_AMOUNT) return { problem: { key: 'amountMax', params: { max: MAX_GIFT_AMOUNT } } };
  return { amount };
}

/** Each preset row's problem (null when fine): a valid amount, and none twice. */
export function presetProblems(rows: string[]): (AmountProblem | { key: 'duplicate' } | null)[] {
  const parsed = rows.map(parseAmount);
  const seen = new Map<number, number>();
  return parsed.map((p, i) => {
    if ('problem' in p) return p.problem;
    const first = seen.get(p.amount);
    if (first !== undefined && first < i) return { key: 'duplicate' };
    seen.set(p.amount, i);
    return null;
  });
}
