/**
 * Two draws racing for a figure's last unit (PostgreSQL: two transactions at once). The draw takes
 * stock without locking the box first, so the one that loses must notice its figure is gone, read
 * the stock again and draw from what is left, never take a unit that is not there.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { boxModelFigures, boxModels, draws, lockerItems, orders, serverSeeds } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { insertPendingBoxOrder } from '../../test/purchase';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { fulfilOrder } from './fulfil';

describe('two draws for the last unit of a figure', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.dispose());

  it('gives it to one; the other draws again from what is left, on the lines it was drawn from', async () => {
    const db = database.database.db;
    const [box] = await db.select().from(boxModels).where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    if (!box) throw new Error('The seed has no skate-spirits-blind-box.');
    const [scarce, plenty, ...rest] = await db
      .select()
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, box.id))
      .orderBy(asc(boxModelFigures.figureId));
    if (!scarce || !plenty) throw new Error('The box needs two figures.');
    // One unit of a figure that nearly every roll lands on; five of one that almost none does.
    await db
      .update(boxModelFigures)
      .set({ stock: 1, oddsPpm: 999_999 })
      .where(and(eq(boxModelFigures.boxModelId, box.id), eq(boxModelFigures.figureId, scarce.figureId)));
    await db
      .update(boxModelFigures)
      .set({ stock: 5, oddsPpm: 1 })
      .where(and(eq(boxModelFigures.boxModelId, box.id), eq(boxModelFigures.figureId, plenty.figureId)));
    for (const line of rest)
      await db
        .update(boxModelFigures)
        .set({ stock: 0 })
        .where(and(eq(boxModelFigures.boxModelId, box.id), eq(boxModelFigures.figureId, line.figureId)));

    const order = (name: string) => insertPendingBoxOrder(db, box, `race-${name}`);
    const [first, second] = [await order('first'), await order('second')];

    let commitFirst: () => void = () => undefined;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstDrew: (drawId: number) => void = () => undefined;
    const firstDrawn = new Promise<number>((resolve) => (firstDrew = resolve));
    const firstDone = db.transaction(async (tx) => {
      const drawId = await fulfilOrder(tx, first);
      if (drawId === null) throw new Error('A box order drew nothing.');
      firstDrew(drawId);
      await firstMayCommit;
      return drawId;
    });
    await firstDrawn;
    // The second reads the unit as still there (the first has not committed) and waits on its row.
    const secondDone = db.transaction((tx) => fulfilOrder(tx, second));
    await eventually(
      async () =>
        rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          ),
        ),
      (rows) => (rows[0]?.n ?? 0) > 0,
      30_000,
    );
    commitFirst();
    const [firstDrawId, secondDrawId] = await Promise.all([firstDone, secondDone]);

    const drawn = await db.select().from(draws).where(eq(draws.boxModelId, box.id)).orderBy(asc(draws.id));
    expect(drawn.map((draw) => [draw.id, draw.orderId, draw.figureId])).toEqual([
      [firstDrawId, first.id, scarce.figureId],
      [secondDrawId, second.id, plenty.figureId],
    ]);
    // Each draw carries the lines it was mapped onto: the second's no longer hold the sold-out figure.
    expect(drawn.map((draw) => draw.oddsLines.map((line) => line.figureId))).toEqual([
      [scarce.figureId, plenty.figureId],
      [plenty.figureId],
    ]);
    // The second buyer's nonce moved on once, not once per attempt.
    const [seed] = await db
      .select({ nextNonce: serverSeeds.nextNonce })
      .from(serverSeeds)
      .where(eq(serverSeeds.userId, second.userId));
    expect(seed?.nextNonce).toBe(1);
    const stock = await db
      .select({ figureId: boxModelFigures.figureId, stock: boxModelFigures.stock })
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, box.id))
      .orderBy(asc(boxModelFigures.figureId));
    expect(stock.slice(0, 2)).toEqual([
      { figureId: scarce.figureId, stock: 0 },
      { figureId: plenty.figureId, stock: 4 },
    ]);
    const lockers = await db
      .select({ drawId: lockerItems.drawId })
      .from(lockerItems)
      .where(eq(lockerItems.figureId, plenty.figureId));
    expect(lockers.map((item) => item.drawId)).toEqual([secondDrawId]);
    const statuses = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.boxModelId, box.id));
    expect(statuses.map((row) => row.status).toSorted()).toEqual(['fulfilled', 'fulfilled']);
  }, 60_000);
});
