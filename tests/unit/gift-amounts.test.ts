import { describe, expect, it } from 'vitest';
import { parseAmount, presetProblems } from '../../client/components/gift/amounts';
import { MAX_GIFT_AMOUNT } from '../../src/shared/luv-schemas';

describe('gift amounts as typed', () => {
  it('takes whole numbers from 1 to the maximum, digits grouped with commas or spaces', () => {
    expect(parseAmount('100')).toEqual({ amount: 100 });
    expect(parseAmount(' 10,000 ')).toEqual({ amount: 10_000 });
    expect(parseAmount('1 000')).toEqual({ amount: 1000 });
    expect(parseAmount(String(MAX_GIFT_AMOUNT))).toEqual({ amount: MAX_GIFT_AMOUNT });
    expect(parseAmount('0001')).toEqual({ amount: 1 });
  });

  it('says what is wrong with anything else', () => {
    expect(parseAmount('')).toEqual({ problem: { key: 'amountRequired' } });
    expect(parseAmount('  ')).toEqual({ problem: { key: 'amountRequired' } });
    for (const text of ['1.5', '-5', '1e3', 'abc', '١٠', '0x10', '+7']) expect(parseAmount(text), text).toEqual({ problem: { key: 'amountWhole' } });
    expect(parseAmount('0')).toEqual({ problem: { key: 'amountMin' } });
    expect(parseAmount(String(MAX_GIFT_AMOUNT + 1))).toEqual({ problem: { key: 'amountMax', params: { max: MAX_GIFT_AMOUNT } } });
    expect(parseAmount('9'.repeat(400))).toEqual({ problem: { key: 'amountMax', params: { max: MAX_GIFT_AMOUNT } } });
  });

  it('marks a preset row that repeats an earlier one, and each bad row', () => {
    expect(presetProblems(['10', '50', '100'])).toEqual([null, null, null]);
    expect(presetProblems(['10', '50', '10', '1,0'])).toEqual([null, null, { key: 'duplicate' }, { key: 'duplicate' }]);
    expect(presetProblems(['', '0', '2.5', '10'])).toEqual([{ key: 'amountRequired' }, { key: 'amountMin' }, { key: 'amountWhole' }, null]);
  });
});
