/**
 * ID tokens already verified, kept until they expire. A Firebase ID token is signed once and valid
 * until its `exp`: verifying the same token again gives the same answer unless the account was
 * disabled or its sessions revoked meanwhile, which only a call to Firebase can tell (and which
 * firebase-admin makes on every verification against the Auth emulator). A buyer sends the same
 * token with every request of a purchase: without the cache it is verified three times per order,
 * and against the emulator each verification is a call to it.
 * Not used when revocation is checked per request (FIREBASE_CHECK_REVOKED=1): then every request asks.
 */
import type { VerifiedIdentity } from '../domain/users';

/** Tokens kept at most (each ~1 KB): past this the oldest goes first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export interface VerifiedTokens {
  /** The identity of a token verified before and not expired by `now`, or undefined. */
  get(token: string, now?: number): VerifiedIdentity | undefined;
  /** Keeps a verified token's identity until `expiresAtMs`. */
  keep(token: string, identity: VerifiedIdentity, expiresAtMs: number): void;
  /** Forgets every token of this uid (its account was deleted). */
  forgetUid(uid: string): void;
}

export function verifiedTokens(keptAtMost = VERIFIED_TOKENS_KEPT): VerifiedTokens {
  const kept = new Map<string, { identity: VerifiedIdentity; expiresAtMs: number }>();
  return {
    get(token, now = Date.now()) {
      const hit = kept.get(token);
      if (!hit) return undefined;
      if (hit.expiresAtMs > now) return hit.identity;
      kept.delete(token);
      return undefined;
    },
    keep(token, identity, expiresAtMs) {
      kept.delete(token);
      if (kept.size >= keptAtMost) kept.delete(kept.keys().next().value as string);
      kept.set(token, { identity, expiresAtMs });
    },
    forgetUid(uid) {
      for (const [token, hit] of kept) if (hit.identity.uid === uid) kept.delete(token);
    },
  };
}
