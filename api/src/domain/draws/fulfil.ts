/**
 * Fulfilment: a captured order becomes paid, then fulfilled, with exactly one draw (unique per
 * order) and one locker item (unique per draw), all in the caller's transaction. The draw maps
 * HMAC-SHA256(serverSeed, `clientSeed:nonce`) onto the box's published odds over the figures in
 * stock (shared/fair: out-of-stock figures are left out, the rest renormalised), takes the nonce
 * from the buyer's active seed and increments it under that row's lock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { drawFigure } from '@arttoy/shared/fair';
import type { Db } from '../../db/connect';
import { boxModelFigures, draws, lockerItems, orders, serverSeeds } from '../../db/schema';
import { activeSeed } from '../fairness/seeds';
import { canMoveOrder } from '../order-status';
import { lockStock } from '../orders/reservation';

type OrderRow = typeof orders.$inferSelect;

function move(order: OrderRow, to: OrderRow['status']): void {
  if (!canMoveOrder(order.status, to)) throw new Error(`Order ${order.orderSn} cannot move from ${order.status} to ${to}.`);
}

/** Order (locked by the caller, pending_payment) → paid → fulfilled. Returns the draw's id. */
export async function fulfilOrder(tx: Db, order: OrderRow): Promise<number> {
  move(order, 'paid');
  await tx.update(orders).set({ status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, order.id));

  const inStock = (await lockStock(tx, order.boxModelId)).filter((line) => line.stock > 0);
  // The reservation guarantees a box for a paid order; an empty box here is a bug, not a sale.
  if (inStock.length === 0) throw new Error(`Box ${order.boxModelId} has no stock left for paid order ${order.orderSn}.`);
  const lines = inStock.map(({ figureId, oddsPpm }) => ({ figureId, oddsPpm }));

  const seed = await activeSeed(tx, order.userId, { lock: true });
  const result = drawFigure({ serverSeed: seed.seed, clientSeed: seed.clientSeed, nonce: seed.nextNonce, lines });
  await tx.update(serverSeeds).set({ nextNonce: sql`${serverSeeds.nextNonce} + 1` }).where(eq(serverSeeds.id, seed.id));
  await tx
    .update(boxModelFigures)
    .set({ stock: sql`${boxModelFigures.stock} - 1` })
    .where(and(eq(boxModelFigures.boxModelId, order.boxModelId), eq(boxModelFigures.figureId, result.figureId)));

  const [draw] = await tx
    .insert(draws)
    .values({
      orderId: order.id,
      userId: order.userId,
      boxModelId: order.boxModelId,
      serverSeedId: seed.id,
      serverSeedHash: seed.seedHash,
      clientSeed: seed.clientSeed,
      nonce: seed.nextNonce,
      rollPpm: result.rollPpm,
      figureId: result.figureId,
      oddsLines: lines,
    })
    .returning({ id: draws.id });
  if (!draw) throw new Error(`Inserting the draw of order ${order.orderSn} returned no row.`);
  await tx.insert(lockerItems).values({ userId: order.userId, figureId: result.figureId, drawId: draw.id });

  move({ ...order, status: 'paid' }, 'fulfilled');
  await tx.update(orders).set({ status: 'fulfilled', fulfilledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  return draw.id;
}
