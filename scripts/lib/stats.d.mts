// Types for stats.mjs, so the unit tests can check it.
export function percentile(values: readonly number[], p: number): number;
export function median(values: readonly number[]): number;
export function bootstrapInterval(values: readonly number[], statistic?: (values: number[]) => number, resamples?: number, seed?: number): [number, number];
