/** Re-computing a past draw from its proof: anyone with the revealed seed can check the result. */
import { drawFigure, type DrawResult } from './draw';
import type { OddsLine } from './odds';
import { hashServerSeed } from './seeds';

/** What the API publishes about a draw once its server seed has been revealed. */
export interface DrawProof {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The published odds of the figures that were in stock at the time of the draw. */
  lines: readonly OddsLine[];
  /** The hash shown before the purchase; checked against SHA-256 of serverSeed when given. */
  serverSeedHash?: string | null;
  /** The recorded roll; checked when given. */
  rollPpm?: number | null;
  /** The recorded figure; checked when given. */
  figureId?: number | null;
}

export interface Verification {
  /** True when every recorded value given matches the re-computation. */
  valid: boolean;
  /** Each check: true (matches), false (differs), null (nothing recorded to compare with). */
  checks: { serverSeedHash: boolean | null; rollPpm: boolean | null; figureId: boolean | null };
  /** SHA-256 of the server seed, re-computed. */
  serverSeedHash: string;
  /** The draw, re-computed. */
  result: DrawResult;
}

const compare = <T>(recorded: T | null | undefined, computed: T): boolean | null =>
  recorded === null || recorded === undefined ? null : recorded === computed;

/**
 * Re-computes a draw and compares it with what was recorded. Throws FairInputError (with how to
 * fix it) when the proof's seeds, nonce or odds are malformed.
 */
export function verifyDraw(proof: DrawProof): Verification {
  const result = drawFigure(proof);
  const serverSeedHash = hashServerSeed(proof.serverSeed);
  const checks = {
    serverSeedHash: compare(proof.serverSeedHash?.toLowerCase(), serverSeedHash),
    rollPpm: compare(proof.rollPpm, result.rollPpm),
    figureId: compare(proof.figureId, result.figureId),
  };
  return { valid: Object.values(checks).every((check) => check !== false), checks, serverSeedHash, result };
}
