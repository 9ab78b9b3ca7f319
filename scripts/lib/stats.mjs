// The benches' summaries of their samples: one definition each, so every bench's p50 means the same.

/** The p-th percentile (nearest rank, no interpolation) of `values`, which need not be sorted; NaN when empty. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A 95 % interval of `statistic` over `values` by the bootstrap: `statistic` of `resamples` draws of as many values
 * with replacement, their 2.5th and 97.5th percentiles. The draws come from a fixed seed, so a run prints the same
 * interval for the same samples. Tells a change from the machine's noise: an interval that holds 1.00 is no change.
 */
export function bootstrapInterval(values, statistic = median, resamples = 2000, seed = 1) {
  if (!values.length) return [Number.NaN, Number.NaN];
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: enough for picking indexes, and the same on every machine
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const stats = [];
  for (let i = 0; i < resamples; i++) stats.push(statistic(values.map(() => values[Math.floor(random() * values.length)])));
  return [percentile(stats, 2.5), percentile(stats, 97.5)];
}
