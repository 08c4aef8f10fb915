/**
 * A user's provably fair seeds (table server_seeds): the active seed is created on first use,
 * shown only as its SHA-256 until rotated, and its nonce counts the draws made with it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FairnessState, SeedRotation } from '@arttoy/shared/contracts/api';
import { createClientSeed, createServerSeed, hashServerSeed } from '@arttoy/shared/fair';
import type { Db } from '../../db/connect';
import { draws, serverSeeds } from '../../db/schema';

export type ServerSeedRow = typeof serverSeeds.$inferSelect;

export const toFairnessState = (seed: ServerSeedRow): FairnessState => ({
  serverSeedHash: seed.seedHash,
  clientSeed: seed.clientSeed,
  nextNonce: seed.nextNonce,
});

function newSeedValues(userId: number, clientSeed: string) {
  const seed = createServerSeed();
  return { userId, seed, seedHash: hashServerSeed(seed), clientSeed };
}

/** How often the active seed is looked for again after rotations kept moving it away (each look is one statement). */
const SEED_LOOKUPS = 10;

/**
 * The user's active seed, created if they have none. With `lock`, the row is locked until the
 * transaction ends (a draw reads and increments its nonce under this lock).
 *
 * A locked read that waited for a rotation of the seed finds it revealed once the rotation commits,
 * and cannot see the new seed, which its snapshot predates: it answers nothing. The next statement
 * reads a fresh snapshot, so the lookup is repeated (with the insert, which does nothing when a seed
 * exists) until it finds the active seed.
 */
export async function activeSeed(
  db: Db,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<ServerSeedRow> {
  const select = () => {
    const query = db
      .select()
      .from(serverSeeds)
      .where(and(eq(serverSeeds.userId, userId), isNull(serverSeeds.revealedAt)));
    return options.lock ? query.for('update') : query;
  };
  for (let lookup = 1; lookup <= SEED_LOOKUPS; lookup += 1) {
    const [found] = await select();
    if (found) return found;
    // Two first requests at once: the partial unique index lets one insert win; both then read it.
    await db
      .insert(serverSeeds)
      .values(newSeedValues(userId, createClientSeed()))
      .onConflictDoNothing({ target: serverSeeds.userId, where: sql`${serverSeeds.revealedAt} IS NULL` });
  }
  throw new Error(
    `No active server seed for user ${userId} after ${SEED_LOOKUPS} lookups: it was rotated away each time.`,
  );
}

export async function setClientSeed(db: Db, userId: number, clientSeed: string): Promise<ServerSeedRow> {
  return db.transaction(async (tx) => {
    const seed = await activeSeed(tx, userId, { lock: true });
    const [updated] = await tx
      .update(serverSeeds)
      .set({ clientSeed })
      .where(eq(serverSeeds.id, seed.id))
      .returning();
    if (!updated) throw new Error(`Server seed ${seed.id} vanished while setting the client seed.`);
    return updated;
  });
}

/**
 * Reveals the active seed (its draws become verifiable: their proofs now carry it) and starts a
 * new one with the same client seed and nonce 0. Locked like a draw, so no draw straddles it.
 */
export async function rotateSeed(db: Db, userId: number): Promise<SeedRotation> {
  return db.transaction(async (tx) => {
    const old = await activeSeed(tx, userId, { lock: true });
    await tx
      .update(serverSeeds)
      .set({ revealedAt: sql`now()` })
      .where(eq(serverSeeds.id, old.id));
    await tx.update(draws).set({ revealedSeed: old.seed }).where(eq(draws.serverSeedId, old.id));
    const [current] = await tx.insert(serverSeeds).values(newSeedValues(userId, old.clientSeed)).returning();
    if (!current) throw new Error(`Could not start a new server seed for user ${userId}.`);
    return {
      revealed: { serverSeed: old.seed, serverSeedHash: old.seedHash, drawCount: old.nextNonce },
      current: toFairnessState(current),
    };
  });
}
