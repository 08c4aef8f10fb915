/**
 * How the site shows a box's published odds: one way everywhere (box page, fairness page, gallery),
 * as percentages rounded so that the shown numbers sum to exactly 100%, with the exact odds (parts
 * per million, and "about 1 in N") one tap away. Rounding each line on its own made a box's lines
 * sum to 99.97%; the largest-remainder method below cannot.
 */
import { formatCount } from './format';

/**
 * `total` whole units shared out in proportion to `weights` (non-negative integers, not all zero),
 * by the largest-remainder method: each gets the floor of its exact share, and the units still
 * missing (fewer than the number of weights) go one each to the largest remainders, ties to the
 * earlier weight. The result sums to exactly `total`, and each part is within 1 of its exact share.
 * Exact integer arithmetic while weight × total stays below 2^53.
 */
export function largestRemainder(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (sum <= 0) throw new RangeError('largestRemainder needs at least one positive weight.');
  const shares = weights.map((weight, index) => {
    const scaled = weight * total;
    const remainder = scaled % sum;
    return { index, base: (scaled - remainder) / sum, remainder };
  });
  let missing = total - shares.reduce((all, share) => all + share.base, 0);
  const parts = shares.map((share) => share.base);
  for (const share of shares.toSorted((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (missing === 0) break;
    parts[share.index] = (parts[share.index] ?? 0) + 1;
    missing -= 1;
  }
  return parts;
}

/** Published odds are parts per million. */
const PPM = 1_000_000;

/** One line of odds as the site shows it. */
export interface ShownOdds {
  /** The rounded percentage, "16.6%"; a box's lines sum to exactly 100%. */
  percent: string;
  /** The exact odds: "165,510 in 1,000,000". */
  exact: string;
  /** The same, as people say it: "about 1 in 6" ("1 in 144" when exact). */
  oneIn: string;
}

/** Decimals of the shown percentages: 0.1% steps. */
export const ODDS_PERCENT_DECIMALS = 1;

const percentFormat = (decimals: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });

/** "1 in 144" when 1 000 000 / ppm is whole, else "about 1 in 144". */
export function formatOneIn(ppm: number): string {
  const exact = PPM % ppm === 0;
  return `${exact ? '' : 'about '}1 in ${formatCount(Math.max(1, Math.round(PPM / ppm)))}`;
}

/**
 * A box's odds lines (ppm, in the order given) as shown: percentages rounded to
 * `decimals` by largest remainder over the lines' sum, so they add up to exactly 100%.
 */
export function showOdds(oddsPpm: readonly number[], decimals = ODDS_PERCENT_DECIMALS): ShownOdds[] {
  if (oddsPpm.length === 0) return [];
  const steps = 100 * 10 ** decimals;
  const format = percentFormat(decimals);
  return largestRemainder(oddsPpm, steps).map((units, index) => {
    const ppm = oddsPpm[index] ?? 0;
    return {
      percent: format.format(units / steps),
      exact: `${formatCount(ppm)} in ${formatCount(PPM)}`,
      oneIn: formatOneIn(ppm),
    };
  });
}
