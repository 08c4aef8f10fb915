/**
 * The data model on the engine under test: the CHECKs that guard statuses and money, the int8
 * mapping, idempotent migrations and seed. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database, Db } from './connect';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import {
  boxModelFigures,
  boxModels,
  lockerItems,
  orders,
  payments,
  series,
  shipRequests,
  styles,
  users,
} from './schema';
import { seedCatalogue } from '../seed/seed';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { SETUP_TIMEOUT } from '../test/helper';
import fs from 'node:fs';
import path from 'node:path';

/** The name of the constraint a failed statement violated (drizzle wraps the driver's error). */
async function violatedConstraint(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause)
      messages.push(current.message);
    return (
      /constraint "([a-z_]+)"/.exec(messages.join(' | '))?.[1] ?? `unexpected error: ${messages.join(' | ')}`
    );
  }
  return 'no error';
}

describe('the data model', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let db: Db;
  let userId: number;
  let boxId: number;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = testDatabase.database;
    db = database.db;
    const [user] = await db
      .insert(users)
      .values({ firebaseUid: 'schema-test-user' })
      .returning({ id: users.id });
    const [box] = await db
      .select({ id: boxModels.id })
      .from(boxModels)
      .where(eq(boxModels.slug, 'night-market-blind-box'));
    userId = user?.id ?? 0;
    boxId = box?.id ?? 0;
  }, SETUP_TIMEOUT);
  afterAll(() => testDatabase?.dispose());

  let orderNumber = 0;
  const order = (overrides: Partial<typeof orders.$inferInsert> = {}) => {
    orderNumber += 1;
    return {
      orderSn: `T-${orderNumber}`,
      userId,
      boxModelId: boxId,
      quantity: 2,
      unitPriceMinor: 1499,
      totalMinor: 2998,
      currency: 'USD',
      idempotencyKey: `key-${orderNumber}`,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      ...overrides,
    };
  };

  it('maps int8 money to a JS number on this engine, exactly, beyond 32 bits', async () => {
    const big = 2 ** 40 + 7;
    const [row] = await db
      .insert(orders)
      .values(order({ quantity: 1, unitPriceMinor: big, totalMinor: big }))
      .returning();
    expect(row?.totalMinor).toBe(big);
    const [read] = await db
      .select({ total: orders.totalMinor, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.totalMinor, big));
    expect(typeof read?.total).toBe('number');
    expect(read?.total).toBe(big);
    expect(read?.createdAt).toBeInstanceOf(Date);
    const [first] = await db
      .select({ releasedOn: series.releasedOn })
      .from(series)
      .where(eq(series.slug, 'cloud-bakery'));
    expect(first?.releasedOn).toBe('2024-03-15');
  });

  it('moves an order along the legal path', async () => {
    const [row] = await db.insert(orders).values(order()).returning({ id: orders.id, status: orders.status });
    expect(row?.status).toBe('pending_payment');
    const id = row?.id ?? 0;
    await db
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(eq(orders.id, id));
    await db
      .update(orders)
      .set({ status: 'fulfilled', fulfilledAt: sql`now()` })
      .where(eq(orders.id, id));
    await db
      .update(orders)
      .set({ status: 'refunded', refundedAt: sql`now()` })
      .where(eq(orders.id, id));
  });

  it.each([
    ['an unknown status', { status: 'shipped' as never }, 'orders_status'],
    ['paid without paid_at', { status: 'paid' as const }, 'orders_status_timestamps'],
    ['pending with a paid_at', { paidAt: new Date() }, 'orders_status_timestamps'],
    [
      'expired after payment',
      { status: 'expired' as const, expiredAt: new Date(), paidAt: new Date() },
      'orders_status_timestamps',
    ],
    ['a total that is not price × quantity', { totalMinor: 1 }, 'orders_total_is_price_times_quantity'],
    ['a lower-case currency', { currency: 'usd' }, 'orders_currency_format'],
    ['eleven boxes', { quantity: 11, totalMinor: 1499 * 11 }, 'orders_quantity_range'],
    ['an expiry in the past', { expiresAt: new Date(Date.now() - 60_000) }, 'orders_expires_after_created'],
  ])('refuses an order with %s', async (_what, overrides, constraint) => {
    expect(await violatedConstraint(db.insert(orders).values(order(overrides)))).toBe(constraint);
  });

  it('refuses a second order with the same idempotency key for the same user', async () => {
    await db.insert(orders).values(order({ idempotencyKey: 'same' }));
    expect(await violatedConstraint(db.insert(orders).values(order({ idempotencyKey: 'same' })))).toBe(
      'orders_user_idempotency_key',
    );
  });

  it('keeps payments’ status and capture time together, and keys unique', async () => {
    const [row] = await db.insert(orders).values(order()).returning({ id: orders.id });
    const payment = {
      orderId: row?.id ?? 0,
      provider: 'sandbox' as const,
      idempotencyKey: 'pay-1',
      amountMinor: 2998,
      currency: 'USD',
    };
    expect(await violatedConstraint(db.insert(payments).values({ ...payment, status: 'captured' }))).toBe(
      'payments_captured_at',
    );
    expect(
      await violatedConstraint(db.insert(payments).values({ ...payment, provider: 'stripe' as never })),
    ).toBe('payments_provider');
    await db
      .insert(payments)
      .values({ ...payment, status: 'captured', capturedAt: new Date(), providerStatus: 'COMPLETED' });
    expect(await violatedConstraint(db.insert(payments).values(payment))).toBe(
      'payments_idempotency_key_unique',
    );
  });

  it('needs an address before a locker item can ship', async () => {
    const [figure] = await db.select({ id: boxModelFigures.figureId }).from(boxModelFigures).limit(1);
    const item = { userId, figureId: figure?.id ?? 0 };
    expect(
      await violatedConstraint(
        db.insert(lockerItems).values({ ...item, status: 'ship_requested', shipRequestedAt: new Date() }),
      ),
    ).toBe('locker_items_status_fields');
    await db.insert(lockerItems).values(item);
  });

  it("keeps a ship request's fee whole and its tracking with its carrier, only once shipped", async () => {
    const request = {
      userId,
      address: { name: 'A', line1: 'B', city: 'C', postalCode: '12345', country: 'US', phone: '+1 555 0100' },
      itemIds: [1],
    };
    expect(await violatedConstraint(db.insert(shipRequests).values({ ...request, feeMinor: 599 }))).toBe(
      'ship_requests_fee',
    );
    expect(
      await violatedConstraint(
        db.insert(shipRequests).values({ ...request, feeMinor: -1, feeCurrency: 'USD' }),
      ),
    ).toBe('ship_requests_fee');
    expect(
      await violatedConstraint(
        db.insert(shipRequests).values({ ...request, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
      ),
    ).toBe('ship_requests_tracking');
    expect(
      await violatedConstraint(
        db.insert(shipRequests).values({
          ...request,
          status: 'shipped',
          shippedAt: new Date(),
          trackingNumber: '1Z999AA10123456784',
        }),
      ),
    ).toBe('ship_requests_tracking');
    await db.insert(shipRequests).values({
      ...request,
      feeMinor: 599,
      feeCurrency: 'USD',
      status: 'shipped',
      shippedAt: new Date(),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it('publishes odds that sum to exactly 1 for every box model', async () => {
    const sums = await db
      .select({
        box: boxModelFigures.boxModelId,
        total: sql<number>`sum(${boxModelFigures.oddsPpm})::int`.mapWith(Number),
      })
      .from(boxModelFigures)
      .groupBy(boxModelFigures.boxModelId);
    expect(sums).toHaveLength(9);
    for (const { total } of sums) expect(total).toBe(1_000_000);
  });

  it('migrates idempotently: a second run applies nothing', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    await migrateDatabase(database);
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(journal.entries.length);
  });

  it('seeds idempotently: names come back, stock is left alone, nothing doubles', async () => {
    const counts = async () => ({
      styles: (await db.select({ n: count() }).from(styles))[0]?.n,
      series: (await db.select({ n: count() }).from(series))[0]?.n,
      lines: (await db.select({ n: count() }).from(boxModelFigures))[0]?.n,
    });
    const before = await counts();
    await db.update(styles).set({ name: 'Renamed' }).where(eq(styles.slug, 'ocean-folk'));
    await db.update(boxModelFigures).set({ stock: 3 }).where(eq(boxModelFigures.boxModelId, boxId));
    expect(await seedCatalogue(db)).toEqual({ styles: 5, series: 8, figures: 71, boxModels: 9 });
    expect(await counts()).toEqual(before);
    expect(
      (await db.select({ name: styles.name }).from(styles).where(eq(styles.slug, 'ocean-folk')))[0]?.name,
    ).toBe('Ocean Folk');
    const stock = await db
      .select({ stock: boxModelFigures.stock })
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, boxId));
    expect(stock.every((line) => line.stock === 3)).toBe(true);
  });
});
