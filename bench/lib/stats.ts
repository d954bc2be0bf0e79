/** Summary statistics; every benchmark reports medians (or percentiles) of repeated runs. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Linear interpolation between the closest ranks.
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** `a / b`, rounded to two decimals: ratios in the tables read "how many times". */
export const ratio = (a: number, b: number): number => round(a / b, 2);

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export const kib = (bytes: number): number => round(bytes / 1024, 1);

/**
 * A 95 % confidence interval of the median of paired differences (the sign test's order statistics):
 * when it holds 0, the two sides of the pairs differ by nothing this many pairs can tell apart.
 */
export function medianDifferenceInterval(differences: readonly number[]): [number, number] {
  const sorted = [...differences].sort((a, b) => a - b);
  const n = sorted.length;
  const k = Math.max(0, Math.floor(n / 2 - (1.96 * Math.sqrt(n)) / 2));
  return [sorted[k]!, sorted[n - 1 - k]!];
}
