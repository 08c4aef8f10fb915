/**
 * Server and client seeds. The server seed is 32 random bytes written as 64 hex digits; what the
 * buyer sees before a purchase is SHA-256 of those 32 bytes (not of the hex text), also as hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { FairInputError } from './errors';

/** 64 hex digits = 32 bytes. Upper-case digits are accepted and read as lower-case. */
export const SERVER_SEED_PATTERN = /^[0-9a-fA-F]{64}$/;
/** SHA-256 of a server seed: 64 lower-case hex digits. */
export const SEED_HASH_PATTERN = /^[0-9a-f]{64}$/;
/**
 * 1 to 64 letters, digits, `-`, `_` or `.`. ASCII only, so the bytes hashed never depend on
 * Unicode normalisation; no `:`, so `clientSeed:nonce` reads back one way only.
 */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const CLIENT_SEED_MAX_LENGTH = 64;

/** Why `clientSeed` cannot be used, in plain words, or null when it can. */
export function clientSeedProblem(clientSeed: string): string | null {
  if (clientSeed.length === 0) return 'Enter a client seed: any 1 to 64 letters, digits, "-", "_" or ".".';
  if (clientSeed.length > CLIENT_SEED_MAX_LENGTH)
    return `A client seed has at most ${CLIENT_SEED_MAX_LENGTH} characters (this one has ${clientSeed.length}).`;
  if (!CLIENT_SEED_PATTERN.test(clientSeed))
    return 'A client seed may only contain letters, digits, "-", "_" or "." (no spaces).';
  return null;
}

/** Why `serverSeed` cannot be used, in plain words, or null when it can. */
export function serverSeedProblem(serverSeed: string): string | null {
  if (SERVER_SEED_PATTERN.test(serverSeed)) return null;
  return `A server seed is 64 hex digits (0-9, a-f); this one has ${serverSeed.length} characters${/[^0-9a-fA-F]/.test(serverSeed) ? ' and other characters' : ''}.`;
}

/** The 32 bytes of a valid server seed; throws FairInputError otherwise. */
export function serverSeedBytes(serverSeed: string): Uint8Array {
  const problem = serverSeedProblem(serverSeed);
  if (problem) throw new FairInputError(problem);
  return hexToBytes(serverSeed.toLowerCase());
}

/** Throws FairInputError unless `clientSeed` matches CLIENT_SEED_PATTERN. */
export function assertClientSeed(clientSeed: string): void {
  const problem = clientSeedProblem(clientSeed);
  if (problem) throw new FairInputError(problem);
}

/** SHA-256 of the seed's 32 bytes, as 64 lower-case hex digits: the commitment shown before a purchase. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(serverSeedBytes(serverSeed)));
}

/** A fresh server seed from the platform's CSPRNG (crypto.getRandomValues, in Node and browsers). */
export function createServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A fresh random client seed (16 hex digits) for a visitor who has not chosen one. */
export function createClientSeed(): string {
  return bytesToHex(randomBytes(8));
}
