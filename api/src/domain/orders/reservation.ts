/**
 * Stock reservation. A box's stock is the sum of its figures' stock rows (box_model_figures); which
 * figure an order gets is only known at the draw. So an unpaid order reserves "one box", not a
 * figure: the boxes on sale are the stock minus the boxes held by live orders.
 *
 * - Ordering (create-order.ts) calls arttoy_reserve_box (migration 0004): in one statement it locks
 *   the box's stock rows, counts the boxes held, and inserts the order if one is left, so two buyers
 *   of the last box are served one after the other and the lock is never held across a round trip.
 * - The draw (draws/fulfil.ts) takes one unit of one figure with `stock > 0` checked on the row's
 *   newest version, and tries again if that figure's last unit went in between.
 * Neither changes the count of boxes on sale (a draw turns a held box into a sold one), and every
 * stock change goes through a row lock, so the count is right whoever runs first.
 *
 * Time rule: the buyer must pay before `expiresAt` (ORDER_RESERVATION_MINUTES after ordering);
 * the reservation itself holds CAPTURE_GRACE longer, so a capture that started just before
 * `expiresAt` still finds its box. After that the order is expired: on read (GET /orders/:sn) and by
 * the periodic sweep (sweepExpiredOrders), whichever comes first; an order the sweep has not
 * reached yet no longer counts as reserved anyway (the reservation's count reads the clock).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ifNoOtherInstance, LOCK_KEYS } from '../../db/advisory-lock';
import type { Database, Db } from '../../db/connect';
import { boxModelFigures, orders } from '../../db/schema';

/** How long after expiresAt a started capture may still complete. */
export const CAPTURE_GRACE_SECONDS = 120;

const graceInterval = sql.raw(`interval '${CAPTURE_GRACE_SECONDS} seconds'`);

/** The box's stock rows as they are now, in figure id order. */
export async function stockLines(tx: Db, boxModelId: number) {
  return tx
    .select({ figureId: boxModelFigures.figureId, oddsPpm: boxModelFigures.oddsPpm, stock: boxModelFigures.stock })
    .from(boxModelFigures)
    .where(eq(boxModelFigures.boxModelId, boxModelId))
    .orderBy(asc(boxModelFigures.figureId));
}

/** Marks unpaid orders past their time (and grace) expired; returns how many. `orderIds` narrows it (expiry on read). */
export async function sweepExpiredOrders(db: Db, orderIds?: number[]): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', expiredAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        sql`${orders.expiresAt} + ${graceInterval} <= now()`,
        orderIds ? inArray(orders.id, orderIds) : undefined,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

/**
 * Runs the sweep every `intervalMs`; the returned function stops it. Errors are logged, never
 * thrown. With several instances on one database, one of them sweeps each round (an advisory
 * lock); the update itself only ever moves a pending order, so an order expires once either way.
 */
export function startExpirySweep(database: Database, intervalMs: number, log: { warn(obj: object, msg: string): void }): () => void {
  const timer = setInterval(() => {
    ifNoOtherInstance(database, LOCK_KEYS.expirySweep, () => sweepExpiredOrders(database.db)).catch((error: unknown) =>
      log.warn({ err: error }, 'order expiry sweep failed; retrying on the next tick'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
