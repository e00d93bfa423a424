/** Order statistics for latency samples. */

/** Summary of a sample in milliseconds (rounded to 0.1 ms). */
export interface Distribution {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** The nearest-rank percentile `p` (0–100) of an ascending array; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

/** p50, p99, max and mean of the finite values, rounded to 0.1. */
export function distribution(values: Iterable<number>): Distribution {
  const finite = Float64Array.from([...values].filter(Number.isFinite)).sort();
  let sum = 0;
  for (const value of finite) sum += value;
  return {
    count: finite.length,
    p50: round1(percentile(finite, 50)),
    p99: round1(percentile(finite, 99)),
    max: round1(finite.at(-1) ?? Number.NaN),
    mean: round1(finite.length ? sum / finite.length : Number.NaN),
  };
}

/** Rounds to one decimal (NaN stays NaN, printed as null in JSON). */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Rounds to `digits` significant decimals for ratios. */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
