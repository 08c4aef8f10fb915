/**
 * A user's seed chosen, rotated and drawn with at the same time (PostgreSQL: transactions at once).
 * Each of these finds (or creates) the user's active seed under its row lock; a rotation that
 * commits while another waits for that lock leaves the waiter with a revealed seed and a new one it
 * could not see, which it must find rather than fail.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { serverSeeds, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { activeSeed, rotateSeed, setClientSeed } from './seeds';

const NEW_USERS = 30;
const ROUNDS_PER_USER = 4;

describe('seeds chosen and rotated at once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.dispose());

  it(`answers every request of ${NEW_USERS} new users racing client seed, rotation and a draw's seed lock, and leaves each with one active seed`, async () => {
    const db = database.database.db;
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: NEW_USERS }, (_, n) => ({ firebaseUid: `seed-race-${n}-${randomUUID()}` })),
      )
      .returning({ id: users.id });
    const failures: string[] = [];
    const attempt = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
      }
    };
    await Promise.all(
      created.flatMap(({ id }) =>
        Array.from({ length: ROUNDS_PER_USER }, (_, round) => [
          attempt('client seed', () => setClientSeed(db, id, `chosen-${round}`)),
          attempt('rotate', () => rotateSeed(db, id)),
          attempt('draw lock', () => db.transaction((tx) => activeSeed(tx, id, { lock: true }))),
        ]).flat(),
      ),
    );
    expect(failures).toEqual([]);
    for (const { id } of created) {
      const active = await db
        .select({ id: serverSeeds.id })
        .from(serverSeeds)
        .where(and(eq(serverSeeds.userId, id), isNull(serverSeeds.revealedAt)));
      expect(active).toHaveLength(1);
      const all = await db.select({ id: serverSeeds.id }).from(serverSeeds).where(eq(serverSeeds.userId, id));
      // One seed first, one more per rotation.
      expect(all).toHaveLength(1 + ROUNDS_PER_USER);
    }
  }, 60_000);
});
