/**
 * Published box odds in parts per million. Integers, so "the odds sum to 1" is an exact check
 * (1 000 000), not a float comparison.
 */
import { ODDS_SCALE } from '@arttoy/shared/contracts/api';

/**
 * Odds for `regularCount` regular figures sharing what the secret leaves, split as evenly as
 * integers allow: the first figures get the leftover ppm, one each.
 */
export function splitOdds(
  regularCount: number,
  secretOddsPpm: number,
): { regular: number[]; secret: number } {
  if (!Number.isInteger(regularCount) || regularCount < 1)
    throw new Error(`A box needs at least one regular figure (got ${regularCount}).`);
  if (!Number.isInteger(secretOddsPpm) || secretOddsPpm <= 0 || secretOddsPpm >= ODDS_SCALE) {
    throw new Error(
      `Secret odds must be an integer between 1 and ${ODDS_SCALE - 1} ppm (got ${secretOddsPpm}).`,
    );
  }
  const rest = ODDS_SCALE - secretOddsPpm;
  const base = Math.floor(rest / regularCount);
  const leftover = rest - base * regularCount;
  const regular = Array.from({ length: regularCount }, (_, index) => base + (index < leftover ? 1 : 0));
  return { regular, secret: secretOddsPpm };
}

/** Throws, naming the box, unless every line is a positive integer and they sum to exactly 1 000 000. */
export function assertOddsSumToOne(box: string, oddsPpm: readonly number[]): void {
  const bad = oddsPpm.find((odds) => !Number.isInteger(odds) || odds <= 0);
  if (bad !== undefined)
    throw new Error(`Box ${box}: every figure's odds must be a positive integer ppm (found ${bad}).`);
  const sum = oddsPpm.reduce((total, odds) => total + odds, 0);
  if (sum !== ODDS_SCALE)
    throw new Error(
      `Box ${box}: odds sum to ${sum} ppm, not ${ODDS_SCALE} (= 1). Fix the odds before publishing it.`,
    );
}
