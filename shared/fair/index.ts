/**
 * Provably fair draws: the one implementation the API draws with and the browser verifies with.
 *
 * draw = HMAC-SHA256(serverSeed, `clientSeed:nonce`) → rollPpm in [0, 1 000 000) by rejection
 * sampling (roll.ts) → the figure whose stretch of the odds line holds it (odds.ts). Before a
 * purchase the buyer sees hashServerSeed(serverSeed); once the seed is rotated out it is revealed,
 * and verifyDraw re-computes any past draw. Synchronous and identical in Node and browsers
 * (@noble/hashes; crypto.subtle is missing on plain-http origins).
 *
 * Deliberately not in the federation share scope (SHARED_SUBPATHS in shared/build/webpack.mjs):
 * these are pure functions with no page-wide state, so two copies could never disagree, and only
 * mf-mysterybox runs them in the browser; bundled there they are tree-shaken and load with its
 * pages, while a shared module would be a separate, untrimmed download negotiated by the shell.
 */
export { drawFigure, simulateDraws, type DrawInput, type DrawResult, type SimulationInput } from './draw';
export { FairInputError } from './errors';
export { normaliseOdds, pickLine, type NormalisedOddsLine, type OddsLine } from './odds';
export { assertNonce, computeRoll, createRoller, ROLL_ACCEPT_BELOW, ROLL_SCALE, type Roll } from './roll';
export {
  assertClientSeed,
  CLIENT_SEED_MAX_LENGTH,
  CLIENT_SEED_PATTERN,
  clientSeedProblem,
  createClientSeed,
  createServerSeed,
  hashServerSeed,
  SEED_HASH_PATTERN,
  SERVER_SEED_PATTERN,
  serverSeedProblem,
} from './seeds';
export { chiSquare, chiSquareCritical, type ChiSquare } from './statistics';
export { verifyDraw, type DrawProof, type Verification } from './verify';
