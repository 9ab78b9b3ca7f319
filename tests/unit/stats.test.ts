import { describe, expect, it } from 'vitest';
import { bootstrapInterval, median, percentile } from '../../scripts/lib/stats.mjs';

// The benches' one definition of p50/p95 and median (scripts/lib/stats.mjs): what each bench prints rests on it.
describe('bench statistics', () => {
  it('takes the nearest-rank percentile of unsorted samples without reordering them', () => {
    const samples = [40, 10, 30, 20, 50, 100, 90, 80, 70, 60];
    expect(percentile(samples, 50)).toBe(60);
    expect(percentile(samples, 95)).toBe(100);
    expect(percentile(samples, 0)).toBe(10);
    expect(percentile(samples, 100)).toBe(100);
    expect(samples[0]).toBe(40);
  });

  it('takes the middle sample, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('answers NaN for no samples, which the benches print as n/a', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(median([])).toBeNaN();
  });

  it('gives a bootstrap interval around the median that narrows as samples grow, the same on every run', () => {
    const noisy = (n: number) => Array.from({ length: n }, (_, i) => 1 + ((i * 37) % 21) / 100 - 0.1); // 0.90-1.10
    const [low, high] = bootstrapInterval(noisy(20));
    expect(low).toBeLessThanOrEqual(median(noisy(20)));
    expect(high).toBeGreaterThanOrEqual(median(noisy(20)));
    expect(low).toBeGreaterThanOrEqual(0.9);
    expect(high).toBeLessThanOrEqual(1.1);
    const [wideLow, wideHigh] = bootstrapInterval(noisy(8));
    const [narrowLow, narrowHigh] = bootstrapInterval(noisy(200));
    expect(narrowHigh - narrowLow).toBeLessThan(wideHigh - wideLow);
    expect(bootstrapInterval(noisy(20))).toEqual([low, high]);
    expect(bootstrapInterval([5, 5, 5])).toEqual([5, 5]);
    expect(bootstrapInterval([]).every(Number.isNaN)).toBe(true);
  });
});
