/** One provably fair draw, and many of them for the fairness page's simulation. */
import { normaliseOdds, pickLine, type NormalisedOddsLine, type OddsLine } from './odds';
import { assertNonce, createRoller } from './roll';
import { assertClientSeed } from './seeds';

/** What a draw needs: the seeds, the nonce and the published odds of the figures in stock. */
export interface DrawInput {
  /** 64 hex digits (32 bytes). */
  serverSeed: string;
  /** 1-64 of A-Z a-z 0-9 . _ - */
  clientSeed: string;
  /** Whole number ≥ 0; one per draw with the same seeds. */
  nonce: number;
  /** Published odds of the figures in stock, any order. */
  lines: readonly OddsLine[];
}

export interface DrawResult {
  /** The figure drawn. */
  figureId: number;
  /** The point on the odds line, [0, 1 000 000). */
  rollPpm: number;
  /** HMAC-SHA256(serverSeed, `clientSeed:nonce`) as hex. */
  hmac: string;
  /** The odds line the roll was read against (renormalised, by figureId). */
  lines: NormalisedOddsLine[];
}

/** Draws one figure: HMAC → rollPpm → the odds line. Pure: the same input always gives the same figure. */
export function drawFigure(input: DrawInput): DrawResult {
  const lines = normaliseOdds(input.lines);
  const { hmac, rollPpm } = createRoller(input.serverSeed)(input.clientSeed, input.nonce);
  return { figureId: pickLine(lines, rollPpm).figureId, rollPpm, hmac, lines };
}

export interface SimulationInput {
  serverSeed: string;
  clientSeed: string;
  /** Nonce of the first draw; the others follow one by one. */
  firstNonce: number;
  /** How many draws. */
  count: number;
  lines: readonly OddsLine[];
}

/**
 * Counts of each figure over `count` draws with consecutive nonces, keyed by figureId (every
 * figure present, zero included). Synchronous: the browser calls it in chunks between frames.
 */
export function simulateDraws(input: SimulationInput): Map<number, number> {
  assertClientSeed(input.clientSeed);
  assertNonce(input.firstNonce);
  assertNonce(input.count);
  const lines = normaliseOdds(input.lines);
  const roll = createRoller(input.serverSeed);
  const counts = new Map(lines.map((line) => [line.figureId, 0]));
  for (let nonce = input.firstNonce; nonce < input.firstNonce + input.count; nonce += 1) {
    const { figureId } = pickLine(lines, roll(input.clientSeed, nonce).rollPpm);
    counts.set(figureId, (counts.get(figureId) ?? 0) + 1);
  }
  return counts;
}
