/** Small statistics over samples; inputs are never modified. */

/** The middle sample: robust to the odd sample disturbed by GC or another process. */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * The value below which a fraction `q` of the samples fall (nearest rank).
 * `sorted` must be in ascending order; sorting is left to the caller because
 * latency arrays are large and are sorted once for several percentiles.
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/**
 * Half the interquartile range relative to `centre` (0.03 means ±3%): how far to trust a
 * figure. Quartiles rather than extremes, so one sample disturbed by GC does not dominate.
 */
export function relativeSpread(values: readonly number[], centre: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (percentile(sorted, 0.75) - percentile(sorted, 0.25)) / 2 / centre;
}
