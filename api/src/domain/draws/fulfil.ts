/**
 * Fulfilment: a captured order becomes paid, then fulfilled, with exactly one draw (unique per
 * order) and one locker item (unique per draw), all in the caller's transaction. The draw maps
 * HMAC-SHA256(serverSeed, `clientSeed:nonce`) onto the box's published odds over the figures in
 * stock (shared/fair: out-of-stock figures are left out, the rest renormalised), takes the nonce
 * from the buyer's active seed and increments it under that row's lock.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SECRET_REVEAL_PULLS } from '@arttoy/shared/contracts/api';
import { drawFigure } from '@arttoy/shared/fair';
import { columnName as column } from '../../db/column-name';
import { type Db, rowsOf } from '../../db/connect';
import { boxModelFigures, orders, serverSeeds } from '../../db/schema';
import { settleListingOrder } from '../market/settlement';
import { sendShipRequest } from '../ship-requests';
import { activeSeed, type ServerSeedRow } from '../fairness/seeds';
import { canMoveOrder } from '../order-status';
import { stockLines } from '../orders/reservation';

type OrderRow = typeof orders.$inferSelect;

function move(order: OrderRow, to: OrderRow['status']): void {
  if (!canMoveOrder(order.status, to))
    throw new Error(`Order ${order.orderSn} cannot move from ${order.status} to ${to}.`);
}

/**
 * A paid order whose box has nothing left to draw from (stock taken away by hand, or every figure
 * drawn sold out again and again). The payment service refunds the buyer; it is never a 500.
 */
export class UnfulfillableOrderError extends Error {
  override name = 'UnfulfillableOrderError';
}

export interface StockLine {
  figureId: number;
  oddsPpm: number;
  stock: number;
}

/** What a draw needs: the buyer's active seed, locked, and the box's stock lines by figure (read after that lock). */
export interface DrawInputs {
  seed: ServerSeedRow;
  lines: StockLine[];
}

/**
 * The buyer's active seed, locked, and the box's stock lines (by figure), in one statement when the
 * seed exists (nearly always: it is made on first use). The lines are read with the statement's
 * snapshot, which may predate a wait for the seed's lock: the draw takes its unit only if one is
 * left, and reads the stock again if not.
 */
async function seedAndStock(tx: Db, userId: number, boxModelId: number): Promise<DrawInputs> {
  const [found] = await tx
    .select({
      seed: serverSeeds,
      lines: sql<
        StockLine[]
      >`(select coalesce(json_agg(json_build_object('figureId', f.${column(boxModelFigures.figureId)}, 'oddsPpm', f.${column(boxModelFigures.oddsPpm)},
        'stock', f.${column(boxModelFigures.stock)}) order by f.${column(boxModelFigures.figureId)}), '[]'::json)
        from ${boxModelFigures} f where f.${column(boxModelFigures.boxModelId)} = ${boxModelId})`,
    })
    .from(serverSeeds)
    .where(and(eq(serverSeeds.userId, userId), isNull(serverSeeds.revealedAt)))
    .for('update')
    // Named: each pooled connection parses and plans it once (payments/payment-service.ts says why).
    .prepare('seed_and_stock')
    .execute();
  if (found) return found;
  return { seed: await activeSeed(tx, userId, { lock: true }), lines: await stockLines(tx, boxModelId) };
}

/** How often a draw is tried again when its figure sold out between reading the stock and taking one. */
const DRAW_ATTEMPTS = 20;

/**
 * Order (locked by the caller, pending_payment) → paid → fulfilled: a box order draws (returns the
 * draw's id) and tells the live room of the pull; a ship-out order sends its ship request to the
 * warehouse, and a listing order settles the sale (market/settlement.ts); both return null.
 *
 * Every purchase of a box meets the same stock rows, so none is locked while the API works: the
 * buyer's seed is locked (it is theirs alone), the stock is read, the figure drawn, and one
 * statement (arttoy_write_draw, migration 0018) takes the figure from stock only if one is left
 * (`stock > 0`, re-checked by PostgreSQL on the row's newest version), moves the nonce on, writes the
 * draw and the locker item, marks the order fulfilled and records the live room's pull. If another
 * purchase took that figure's last unit in between, nothing was written: the stock is read again and
 * the same roll (same nonce) is mapped onto it. The draw records the lines it was mapped onto, so it
 * stays verifiable. `drawInputs`: the seed and stock when the caller read them already (locked the
 * same way, payment-service.ts's capture).
 */
export async function fulfilOrder(tx: Db, order: OrderRow, drawInputs?: DrawInputs): Promise<number | null> {
  move(order, 'paid');
  move({ ...order, status: 'paid' }, 'fulfilled');
  if (order.kind === 'ship_out') {
    // Its request was cancelled meanwhile (by hand; the buyer and the sweep cannot while a capture is under way): the caller refunds.
    if (!(await sendShipRequest(tx, order.shipRequestId ?? 0)))
      throw new UnfulfillableOrderError(
        `Ship-out order ${order.orderSn} has no ship request awaiting payment.`,
      );
    await tx
      .update(orders)
      .set({
        status: 'fulfilled',
        paidAt: sql`now()`,
        fulfilledAt: sql`now()`,
        captureStartedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    return null;
  }
  if (order.kind === 'listing') {
    const unsettled = await settleListingOrder(tx, order);
    if (unsettled)
      throw new UnfulfillableOrderError(`Listing order ${order.orderSn} cannot be settled: ${unsettled}.`);
    return null;
  }
  const boxModelId = order.boxModelId;
  if (boxModelId === null) throw new Error(`Box order ${order.orderSn} has no box.`);
  const { seed, lines: firstLines } = drawInputs ?? (await seedAndStock(tx, order.userId, boxModelId));
  for (let attempt = 1; attempt <= DRAW_ATTEMPTS; attempt += 1) {
    const inStock = (attempt === 1 ? firstLines : await stockLines(tx, boxModelId)).filter(
      (line) => line.stock > 0,
    );
    // The reservation holds a box for an order being paid, so this is rare (stock lowered by hand), but the money is taken: the caller refunds.
    if (inStock.length === 0)
      throw new UnfulfillableOrderError(
        `Box ${boxModelId} has no stock left for paid order ${order.orderSn}.`,
      );
    const lines = inStock.map(({ figureId, oddsPpm }) => ({ figureId, oddsPpm }));
    const result = drawFigure({
      serverSeed: seed.seed,
      clientSeed: seed.clientSeed,
      nonce: seed.nextNonce,
      lines,
    });
    // The writes and the live room's pull in one call (migration 0018); no row written when the unit went meanwhile.
    const written =
      await tx.execute(sql`select arttoy_write_draw(${order.id}::bigint, ${order.userId}::bigint, ${boxModelId}::int, ${seed.id}::bigint,
      ${seed.seedHash}, ${seed.clientSeed}, ${seed.nextNonce}::int, ${result.rollPpm}::int, ${result.figureId}::int, ${JSON.stringify(lines)}::jsonb, ${SECRET_REVEAL_PULLS}::int) as "drawId"`);
    const drawId = rowsOf<{ drawId: number | null }>(written)[0]?.drawId;
    if (drawId) return Number(drawId);
  }
  throw new UnfulfillableOrderError(
    `Order ${order.orderSn}: every figure drawn sold out before it could be taken, ${DRAW_ATTEMPTS} times.`,
  );
}
