/** Pearson's chi-square goodness of fit: do simulated draws match the published odds? */

export interface ChiSquare {
  /** Σ (observed − expected)² / expected over the lines with expected > 0. */
  statistic: number;
  degreesOfFreedom: number;
  /** The statistic a fair draw exceeds with probability 0.001 (Wilson–Hilferty approximation). */
  criticalValue: number;
  /** statistic ≤ criticalValue. */
  consistent: boolean;
}

/** The standard normal quantile for p = 0.999. */
const Z_999 = 3.090_232;

/**
 * The chi-square quantile by Wilson and Hilferty's cube-root approximation: within about 3% for one
 * degree of freedom (where it errs on the side of accepting), far closer from two upwards.
 */
export function chiSquareCritical(degreesOfFreedom: number, z = Z_999): number {
  const k = degreesOfFreedom;
  return k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
}

/**
 * Compares observed counts with the counts expected from `probabilities` (which sum to 1).
 * Both arrays are in the same order.
 */
export function chiSquare(observed: readonly number[], probabilities: readonly number[]): ChiSquare {
  if (observed.length !== probabilities.length || observed.length < 2) {
    throw new Error(
      `chiSquare needs two or more categories with one probability each (got ${observed.length} counts, ${probabilities.length} probabilities).`,
    );
  }
  const total = observed.reduce((sum, count) => sum + count, 0);
  let statistic = 0;
  let categories = 0;
  observed.forEach((count, index) => {
    const expected = total * (probabilities[index] ?? 0);
    if (expected <= 0) return;
    categories += 1;
    statistic += (count - expected) ** 2 / expected;
  });
  const degreesOfFreedom = Math.max(1, categories - 1);
  const criticalValue = chiSquareCritical(degreesOfFreedom);
  return { statistic, degreesOfFreedom, criticalValue, consistent: statistic <= criticalValue };
}
