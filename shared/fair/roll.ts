/**
 * From seeds to a point on the odds line: rollPpm, uniform over [0, 1 000 000).
 *
 * block(0) = HMAC-SHA256(key = the server seed's 32 bytes, message = UTF-8 of `${clientSeed}:${nonce}`),
 * nonce in decimal. The block is read as eight big-endian unsigned 32-bit words, first to last. A
 * word w is accepted when w < 4 294 000 000 (the largest multiple of 1 000 000 that fits in 32 bits)
 * and then rollPpm = w mod 1 000 000; a larger word is rejected and the next is read. Rejection
 * makes every rollPpm exactly equally likely (no modulo bias); a word is rejected with probability
 * 967 296 / 2^32 ≈ 0.00023, so the first word decides in all but about 1 draw in 4 400. Should all
 * eight be rejected (about once in 10^29 draws), block(r) for r = 1, 2, … uses the message
 * `${clientSeed}:${nonce}:${r}`, and reading continues there.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { FairInputError } from './errors';
import { assertClientSeed, serverSeedBytes } from './seeds';

/** Parts per million: the odds line is [0, ODDS_SCALE). Matches the catalogue contract's ODDS_SCALE. */
export const ROLL_SCALE = 1_000_000;
/** Words at or above this are rejected: floor(2^32 / 1 000 000) × 1 000 000. */
export const ROLL_ACCEPT_BELOW = Math.floor(2 ** 32 / ROLL_SCALE) * ROLL_SCALE;

export interface Roll {
  /** HMAC-SHA256 of `clientSeed:nonce` (block 0), 64 hex digits: what anyone can re-compute. */
  hmac: string;
  /** The point on the odds line, an integer in [0, 1 000 000). */
  rollPpm: number;
}

/** Throws FairInputError unless `nonce` is a whole number ≥ 0 that JavaScript counts exactly. */
export function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new FairInputError(`The nonce must be a whole number of 0 or more (got ${String(nonce)}).`);
}

/** The first accepted word of a block, or null when all eight are rejected. */
function acceptedWord(block: Uint8Array): number | null {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  for (let offset = 0; offset + 4 <= block.byteLength; offset += 4) {
    const word = view.getUint32(offset, false);
    if (word < ROLL_ACCEPT_BELOW) return word;
  }
  return null;
}

/**
 * A roller for one server seed: the keyed HMAC state is computed once and cloned per roll, which
 * matters when the fairness page simulates 100 000 draws.
 */
export function createRoller(serverSeed: string): (clientSeed: string, nonce: number) => Roll {
  const keyed = hmac.create(sha256, serverSeedBytes(serverSeed));
  const block = (message: string) => keyed.clone().update(utf8ToBytes(message)).digest();
  return (clientSeed, nonce) => {
    assertClientSeed(clientSeed);
    assertNonce(nonce);
    const first = block(`${clientSeed}:${nonce}`);
    let word = acceptedWord(first);
    for (let round = 1; word === null; round += 1)
      word = acceptedWord(block(`${clientSeed}:${nonce}:${round}`));
    return { hmac: bytesToHex(first), rollPpm: word % ROLL_SCALE };
  };
}

/** rollPpm for one draw (see the module comment for the exact method). */
export function computeRoll(serverSeed: string, clientSeed: string, nonce: number): Roll {
  return createRoller(serverSeed)(clientSeed, nonce);
}
