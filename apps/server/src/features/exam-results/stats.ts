// The figures of the results screens, as pure functions of the scores (docs/examens.md « Résultats »):
// mean, median, population standard deviation, one-point bins on 20, facility and discrimination.
import { round2, type ScoreBin } from '@exam/shared';

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** The middle value of the sorted list; the mean of the two middle ones for an even count. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Population standard deviation: square root of the mean squared gap to the mean (divided by n). */
export function stdDev(xs: readonly number[]): number | null {
  const m = mean(xs);
  if (m === null) return null;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
}

/** Pearson's correlation of two series of the same length; null below 2 values or when one is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A constant series (every participant got the same) has no correlation: the index is undefined.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Twenty bins of one point on 20: [0, 1), [1, 2), …, [19, 20] (20 falls in the last one). */
export function distribution(scores20: readonly number[]): ScoreBin[] {
  const bins: ScoreBin[] = Array.from({ length: 20 }, (_, i) => ({ from: i, to: i + 1, label: `${i}–${i + 1}`, count: 0 }));
  for (const s of scores20) {
    const i = Math.min(19, Math.max(0, Math.floor(s + 1e-9)));
    bins[i].count += 1;
  }
  return bins;
}

/** Score on 20 of `points` out of `max` (0 when the exam has no points). */
export const on20 = (points: number, max: number) => (max > 0 ? round2((points / max) * 20) : 0);

/** Rounded to 2 decimals, null kept. */
export const r2 = (n: number | null) => (n === null ? null : round2(n));
/** Rounded to 3 decimals (indices 0..1), null kept. */
export const r3 = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

export const VARIANT_MIN_GIVEN = 5;
export const VARIANT_MIN_GAP = 0.2;

/**
 * Whether a variant's facility stands apart from the rest of its question: given to at least 5, at least 0.2 away
 * from the others' facility, and beyond twice the standard error of that difference (the scores' spread over the
 * question, divided by each group's size), so that a small group's chance gap is not flagged.
 */
export function standsApart(variant: readonly number[], rest: readonly number[]): boolean {
  if (variant.length < VARIANT_MIN_GIVEN || rest.length < VARIANT_MIN_GIVEN) return false;
  const gap = Math.abs(mean(variant)! - mean(rest)!);
  const spread = stdDev([...variant, ...rest]) ?? 0;
  const se = spread * Math.sqrt(1 / variant.length + 1 / rest.length);
  return gap >= VARIANT_MIN_GAP && gap > 2 * se;
}
