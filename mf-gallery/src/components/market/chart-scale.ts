/**
 * The price chart's scales, pure: where a sale sits, and which prices and days the axes name.
 *
 * The price axis never stretches a small change to the chart's full height: it spans at least a
 * fifth of the highest price (MIN_SPAN_SHARE), centred on the prices, from a round floor (never
 * below 0) to a round ceiling, in round steps.
 */

/** The least share of the highest price the price axis spans: $24.50 → $28.00 fills under half of it. */
export const MIN_SPAN_SHARE = 0.2;
/** About how many steps the price axis is cut into. */
const TARGET_STEPS = 4;

export interface PriceAxis {
  /** The axis' bottom and top, in minor units: round values around every price. */
  floor: number;
  ceiling: number;
  /** The labelled prices, floor to ceiling. */
  ticks: number[];
}

/** A round step near `raw`: 1, 2, 2.5 or 5 times a power of ten, never below one minor unit. */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= raw)! * magnitude;
  // 2.5 of a single minor unit is not a whole amount.
  return Number.isInteger(step) ? step : Math.ceil(step);
}

/** The price axis for these prices (minor units, at least one). */
export function priceAxis(prices: readonly number[]): PriceAxis {
  const lowest = Math.min(...prices);
  const highest = Math.max(...prices);
  const span = Math.max(highest - lowest, highest * MIN_SPAN_SHARE, 1);
  const low = Math.max(0, lowest - (span - (highest - lowest)) / 2);
  const high = Math.max(highest, low + span);
  const step = niceStep(span / TARGET_STEPS);
  const floor = Math.floor(low / step) * step;
  const ceiling = Math.max(Math.ceil(high / step) * step, floor + step);
  const ticks: number[] = [];
  for (let tick = floor; tick <= ceiling; tick += step) ticks.push(tick);
  return { floor, ceiling, ticks };
}

/** Where `value` falls between `low` and `high`, 0 to 1; the middle when they are equal. */
export function share(value: number, low: number, high: number): number {
  return high === low ? 0.5 : (value - low) / (high - low);
}

/**
 * The moments the time axis names (milliseconds): the first and the last sale, and the moment
 * halfway between them, each day named once (labels at both ends and the middle never overlap).
 */
export function timeTicks(first: number, last: number, dayOf: (time: number) => string): number[] {
  const days = new Set<string>();
  return [first, (first + last) / 2, last].filter((time) => {
    const day = dayOf(time);
    if (days.has(day)) return false;
    days.add(day);
    return true;
  });
}
