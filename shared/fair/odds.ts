/**
 * The odds line: the box's published odds over the figures in stock, laid end to end on
 * [0, 1 000 000) in ascending figure id order.
 *
 * Published odds sum to exactly 1 000 000 ppm. When a figure is out of stock its line is left out
 * and the rest are renormalised, deterministically, by the largest-remainder method:
 *   1. sort the lines by figureId ascending; S = the sum of their oddsPpm;
 *   2. each line gets floor(oddsPpm × 1 000 000 / S), in exact integer arithmetic;
 *   3. the ppm still missing (fewer than the number of lines) go one each to the lines with the
 *      largest remainder (oddsPpm × 1 000 000 mod S), ties to the smaller figureId.
 * Lines that already sum to 1 000 000 are unchanged. Each line keeps its share of S to within 1 ppm.
 */
import { largestRemainder } from '../contracts/odds';
import { FairInputError } from './errors';
import { ROLL_SCALE } from './roll';

/** One published line: a figure in stock and its odds in parts per million. */
export interface OddsLine {
  figureId: number;
  oddsPpm: number;
}

/** A line as drawn: `oddsPpm` renormalised to the line in stock, `publishedPpm` as published. */
export interface NormalisedOddsLine {
  figureId: number;
  oddsPpm: number;
  publishedPpm: number;
}

function validate(lines: readonly OddsLine[]): void {
  if (lines.length === 0)
    throw new FairInputError('There is nothing to draw: no figure of this box is in stock.');
  const seen = new Set<number>();
  for (const { figureId, oddsPpm } of lines) {
    if (!Number.isSafeInteger(figureId) || figureId <= 0)
      throw new FairInputError(`A figure id must be a positive whole number (got ${String(figureId)}).`);
    if (seen.has(figureId))
      throw new FairInputError(`Figure ${figureId} appears twice in the odds; list each figure once.`);
    seen.add(figureId);
    if (!Number.isInteger(oddsPpm) || oddsPpm <= 0 || oddsPpm > ROLL_SCALE) {
      throw new FairInputError(
        `Figure ${figureId}: odds must be a whole number of ppm between 1 and ${ROLL_SCALE} (got ${String(oddsPpm)}).`,
      );
    }
  }
}

/** The lines renormalised to sum to exactly 1 000 000 ppm, sorted by figureId (see the module comment). */
export function normaliseOdds(lines: readonly OddsLine[]): NormalisedOddsLine[] {
  validate(lines);
  const sorted = lines.toSorted((a, b) => a.figureId - b.figureId);
  const sum = sorted.reduce((total, line) => total + line.oddsPpm, 0);
  if (sum === ROLL_SCALE)
    return sorted.map((line) => ({
      figureId: line.figureId,
      oddsPpm: line.oddsPpm,
      publishedPpm: line.oddsPpm,
    }));
  // oddsPpm ≤ 10^6, so oddsPpm × 10^6 ≤ 10^12 < 2^53: every step is exact.
  const shares = largestRemainder(
    sorted.map((line) => line.oddsPpm),
    ROLL_SCALE,
  );
  return sorted.map((line, index) => ({
    figureId: line.figureId,
    oddsPpm: shares[index] ?? 0,
    publishedPpm: line.oddsPpm,
  }));
}

/**
 * The line a roll lands on: the first whose cumulative end is above `rollPpm`. A line of 0 ppm
 * (possible only when the input summed to more than 1 000 000) can never be picked.
 */
export function pickLine(normalised: readonly NormalisedOddsLine[], rollPpm: number): NormalisedOddsLine {
  if (!Number.isInteger(rollPpm) || rollPpm < 0 || rollPpm >= ROLL_SCALE) {
    throw new FairInputError(
      `A roll is a whole number from 0 to ${ROLL_SCALE - 1} (got ${String(rollPpm)}).`,
    );
  }
  let end = 0;
  for (const line of normalised) {
    end += line.oddsPpm;
    if (rollPpm < end) return line;
  }
  throw new FairInputError(
    `The odds sum to ${end} ppm, not ${ROLL_SCALE}: normalise them with normaliseOdds first.`,
  );
}
