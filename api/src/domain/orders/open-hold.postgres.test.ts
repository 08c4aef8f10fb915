/**
 * One open hold per buyer and box, and per buyer and listing, under real concurrency (PostgreSQL):
 * clicks that reach the database at the same moment, each with a key of its own, are held back by a
 * lock this test takes (the buyer's row for a box, the listing's row for a listing) until all of them
 * wait for it, then released together. Exactly one order is made; every click answers it.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { boxModelFigures, boxModels, listings, lockerItems, orders, users } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { lockWaits } from '../../test/lock-waits';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createListingOrder } from '../market/listing-orders';
import { createOrder } from './create-order';
import { DEFAULT_UNPAID_ORDER_LIMITS } from './order-limits';
import { DEFAULT_CHANCE_RULES } from '../chance/rules';
import { TEST_CHANCE_RULES } from '../../test/helper';

const CLICKS = 4;

/** Holds `lock` (a statement taking a row lock) in a transaction until every click waits, then releases it. */
async function releasedTogether<T>(db: Db, lock: (tx: Db) => Promise<unknown>, clicks: () => Promise<T>[]) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await released;
  });
  await isLocked;
  const answers = clicks();
  await eventually(
    () => lockWaits(db),
    (waits) => waits >= answers.length,
    30_000,
  );
  release();
  await holding;
  return Promise.all(answers);
}

describe('one open hold per buyer, for clicks at the same moment', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.database.db;
  }, 120_000);
  afterAll(() => database?.dispose());

  const newUser = async (name: string) =>
    (
      await db
        .insert(users)
        .values({ firebaseUid: `open-hold-${name}-${randomUUID()}` })
        .returning()
    )[0]!.id;

  it('makes one order of a box for clicks with keys of their own', async () => {
    const [box] = await db.select().from(boxModels).where(eq(boxModels.slug, 'pastel-picnic-blind-box'));
    if (!box) throw new Error('The seed has no pastel-picnic-blind-box.');
    await db.update(boxModelFigures).set({ stock: 50 }).where(eq(boxModelFigures.boxModelId, box.id));
    const buyer = await newUser('box');
    const answers = await releasedTogether(
      db,
      (tx) => tx.execute(sql`select 1 from users where id = ${buyer} for no key update`),
      () =>
        Array.from({ length: CLICKS }, () =>
          createOrder(db, {
            userId: buyer,
            idempotencyKey: randomUUID(),
            body: { boxModelId: box.id, quantity: 1 },
            limits: DEFAULT_UNPAID_ORDER_LIMITS,
            chance: { ...DEFAULT_CHANCE_RULES, ...TEST_CHANCE_RULES },
          }),
        ),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.order.orderSn)).size).toBe(1);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer))).toHaveLength(1);
  }, 60_000);

  it('makes one order of a listing for clicks with keys of their own', async () => {
    const [seller, buyer] = [await newUser('seller'), await newUser('listing-buyer')];
    const [figure] = await db.select().from(boxModelFigures).limit(1);
    if (!figure) throw new Error('The seed has no figures.');
    const [item] = await db
      .insert(lockerItems)
      .values({ userId: seller, figureId: figure.figureId, status: 'listed' })
      .returning();
    const [listing] = await db
      .insert(listings)
      .values({
        sellerId: seller,
        lockerItemId: item!.id,
        figureId: figure.figureId,
        priceMinor: 2_000,
        currency: 'USD',
      })
      .returning();
    const answers = await releasedTogether(
      db,
      (tx) => tx.execute(sql`select 1 from listings where id = ${listing!.id} for update`),
      () =>
        Array.from({ length: CLICKS }, () =>
          createListingOrder(db, {
            userId: buyer,
            listingId: listing!.id,
            idempotencyKey: randomUUID(),
            limits: DEFAULT_UNPAID_ORDER_LIMITS,
          }),
        ),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.order.orderSn)).size).toBe(1);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer))).toHaveLength(1);
  }, 60_000);
});
