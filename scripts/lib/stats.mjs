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
