/**
 * What a purchase of a box waits for (PostgreSQL: transactions at once; migration 0020). A drop's
 * buyers all buy one box, so these waits are its throughput: ordering takes the box's row alone,
 * a claim shares it, and a draw holds the one stock row it took, and none when its figure was gone.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { boxModelFigures, boxModels, users } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { lockWaits } from '../../test/lock-waits';
import { insertPendingBoxOrder } from '../../test/purchase';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { fulfilOrder } from '../draws/fulfil';
import { claimCapture } from '../payments/capture-hold';
import { createOrder } from './create-order';
import { DEFAULT_UNPAID_ORDER_LIMITS } from './order-limits';
import { DEFAULT_CHANCE_RULES } from '../chance/rules';
import { TEST_CHANCE_RULES } from '../../test/helper';

/** Runs `work` in a transaction that stays open until the returned `commit` is called. */
async function openTransaction(db: Db, work: (tx: Db) => Promise<unknown>) {
  let commit: () => void = () => undefined;
  const mayCommit = new Promise<void>((resolve) => (commit = resolve));
  let worked: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (worked = resolve));
  const committed = db.transaction(async (tx) => {
    await work(tx);
    worked();
    await mayCommit;
  });
  await Promise.race([done, committed]);
  return { commit: () => (commit(), committed) };
}

/** Settles `pending`, or tells how many statements were waiting for a lock when it had not yet. */
async function finishesWithoutWaiting(
  db: Db,
  pending: Promise<unknown>,
): Promise<{ settled: boolean; lockWaits: number }> {
  let settled = false;
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  return eventually(
    async () => ({ settled, lockWaits: settled ? 0 : await lockWaits(db) }),
    (state) => state.settled || state.lockWaits > 0,
    30_000,
  );
}

describe('what a purchase of a box waits for', () => {
  let database: TestDatabase;
  let db: Db;
  let box: typeof boxModels.$inferSelect;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.database.db;
    const [found] = await db.select().from(boxModels).where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    if (!found) throw new Error('The seed has no skate-spirits-blind-box.');
    box = found;
  }, 120_000);
  afterAll(() => database?.dispose());

  const buyer = async (name: string) =>
    (
      await db
        .insert(users)
        .values({ firebaseUid: `box-lock-${name}-${randomUUID()}` })
        .returning()
    )[0]!.id;
  const pendingOrder = (name: string) => insertPendingBoxOrder(db, box, `box-lock-${name}`);

  it('an order for the box and a capture claim go ahead while a draw of the box is under way', async () => {
    await db.update(boxModelFigures).set({ stock: 50 }).where(eq(boxModelFigures.boxModelId, box.id));
    const drawing = await pendingOrder('drawing');
    const claiming = await pendingOrder('claiming');
    const draw = await openTransaction(db, (tx) => fulfilOrder(tx, drawing));

    const ordered = createOrder(db, {
      userId: await buyer('ordering'),
      idempotencyKey: randomUUID(),
      body: { boxModelId: box.id, quantity: 1 },
      limits: DEFAULT_UNPAID_ORDER_LIMITS,
      chance: { ...DEFAULT_CHANCE_RULES, ...TEST_CHANCE_RULES },
    });
    expect(await finishesWithoutWaiting(db, ordered)).toEqual({ settled: true, lockWaits: 0 });
    expect((await ordered).order.status).toBe('pending_payment');
    const claimed = claimCapture(db, claiming);
    expect(await finishesWithoutWaiting(db, claimed)).toEqual({ settled: true, lockWaits: 0 });
    expect(await claimed).toBe('held');
    await draw.commit();
  }, 60_000);

  it('claims do not wait for each other', async () => {
    const [first, second] = [await pendingOrder('claim-1'), await pendingOrder('claim-2')];
    const open = await openTransaction(db, (tx) => claimCapture(tx, first));
    const claimed = claimCapture(db, second);
    expect(await finishesWithoutWaiting(db, claimed)).toEqual({ settled: true, lockWaits: 0 });
    await open.commit();
  }, 60_000);

  it('a draw that found its figure gone holds no lock on that figure', async () => {
    const lines = await db.select().from(boxModelFigures).where(eq(boxModelFigures.boxModelId, box.id));
    const [scarce, plenty, ...rest] = lines.toSorted((a, b) => a.figureId - b.figureId);
    if (!scarce || !plenty) throw new Error('The box needs two figures.');
    const line = (figureId: number) =>
      and(eq(boxModelFigures.boxModelId, box.id), eq(boxModelFigures.figureId, figureId));
    // One unit of a figure that nearly every roll lands on; five of one that almost none does.
    await db.update(boxModelFigures).set({ stock: 1, oddsPpm: 999_999 }).where(line(scarce.figureId));
    await db.update(boxModelFigures).set({ stock: 5, oddsPpm: 1 }).where(line(plenty.figureId));
    for (const other of rest) await db.update(boxModelFigures).set({ stock: 0 }).where(line(other.figureId));
    const [first, second] = [await pendingOrder('first'), await pendingOrder('second')];

    const firstDraw = await openTransaction(db, (tx) => fulfilOrder(tx, first));
    // The second reads the unit as there (the first has not committed), and waits for its row.
    const secondDraw = openTransaction(db, (tx) => fulfilOrder(tx, second));
    await eventually(
      () => lockWaits(db),
      (waits) => waits > 0,
      30_000,
    );
    await firstDraw.commit();
    const secondOpen = await secondDraw;
    // The second drew the other figure and has not committed: the sold-out figure's row is free.
    const locked = await db.transaction(async (tx) =>
      tx
        .execute(
          sql`select stock from box_model_figures where box_model_id = ${box.id} and figure_id = ${scarce.figureId} for update nowait`,
        )
        .then(
          (answer) => rowsOf<{ stock: number }>(answer).map((row) => Number(row.stock)),
          (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
        ),
    );
    expect(locked).toEqual([0]);
    await secondOpen.commit();
    const stock = await db
      .select({ stock: boxModelFigures.stock })
      .from(boxModelFigures)
      .where(line(plenty.figureId));
    expect(stock).toEqual([{ stock: 4 }]);
  }, 60_000);
});
