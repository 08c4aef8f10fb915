/**
 * Stock reservation. A box's stock is the sum of its figures' stock rows (box_model_figures); which
 * figure an order gets is only known at the draw. So an unpaid order reserves "one box", not a
 * figure: the boxes on sale are the stock minus the boxes held by live orders.
 *
 * - Ordering (create-order.ts) calls arttoy_reserve_box (migrations 0004-0009, 0020): in one statement it
 *   locks the buyer's row and counts their unpaid orders against the caps (order-limits.ts), locks the
 *   box's row, counts the boxes held and then the stock, and inserts the order if one is left, so two
 *   buyers of the last box are served one after the other and the lock is never held across a round trip.
 * - Box pages show the boxes on sale by the same count (catalogue/columns.ts).
 * - The draw (draws/fulfil.ts) takes one unit of one figure with `stock > 0` checked on the row's
 *   newest version, and tries again if that figure's last unit went in between; it holds no lock on
 *   the box, only on the stock row it took.
 * A draw does not change the count of boxes on sale (it turns a held box into a sold one, stock and
 * holds in one commit; ordering counts the holds first, so a draw in between makes the count one low,
 * never high), and every other change to it goes through the box's row (ordering, a lapsed hold taken
 * again by a claim), so the count is right whoever runs first.
 *
 * Time rule: the buyer must pay before `expiresAt` (ORDER_RESERVATION_MINUTES after ordering);
 * the reservation itself holds CAPTURE_GRACE longer, so a capture that started just before
 * `expiresAt` still finds its box. After that the order is expired: on read (GET /orders/:sn) and by
 * the periodic sweep (sweepExpiredOrders), whichever comes first; an order the sweep has not
 * reached yet no longer counts as reserved anyway (the reservation's count reads the clock).
 * A capture under way holds the box longer: the payment service marks it started, committed before
 * the provider is called (arttoy_claim_capture, migration 0007), and the order then holds its box for
 * CAPTURE_HOLD_SECONDS from that moment, so no capture that outlasts the order's time finds its box sold.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ifNoOtherInstance, LOCK_KEYS } from '../../db/advisory-lock';
import type { Database, Db } from '../../db/connect';
import { type CommerceOutcomes, UNCOUNTED } from '../outcomes';
import { boxModelFigures, orders, payments } from '../../db/schema';
import { cancelUnpaidShipRequests } from '../ship-requests';

/** How long after expiresAt a started capture may still complete. */
export const CAPTURE_GRACE_SECONDS = 120;

/**
 * How long an order whose capture has started holds its box, from the start (orders.capture_started_at),
 * whatever its own time says: a provider's answer (PayPal: 10 s per call) and the fulfilment fit in it
 * many times over; a capture still in doubt after it is settled by reconciliation (payments/reconcile.ts).
 */
export const CAPTURE_HOLD_SECONDS = 600;

const graceInterval = sql.raw(`interval '${CAPTURE_GRACE_SECONDS} seconds'`);
const holdInterval = sql.raw(`interval '${CAPTURE_HOLD_SECONDS} seconds'`);

/**
 * True while the order holds its box: within its time plus the grace, or within the hold of a
 * capture under way (the rule arttoy_boxes_held applies in the database, migration 0007).
 */
export const holdsItsBox = sql<boolean>`(now() < ${orders.expiresAt} + ${graceInterval} or coalesce(now() < ${orders.captureStartedAt} + ${holdInterval}, false))`;

/** The box's stock rows as they are now, in figure id order. */
export async function stockLines(tx: Db, boxModelId: number) {
  return tx
    .select({
      figureId: boxModelFigures.figureId,
      oddsPpm: boxModelFigures.oddsPpm,
      stock: boxModelFigures.stock,
    })
    .from(boxModelFigures)
    .where(eq(boxModelFigures.boxModelId, boxModelId))
    .orderBy(asc(boxModelFigures.figureId));
}

/**
 * Marks unpaid orders past their time (and grace) expired; returns how many. `orderIds` narrows it
 * (expiry on read). An order whose capture started is left while its hold lasts, and after it while a
 * payment of it is still in doubt (the provider may have taken the money: reconciliation settles it).
 */
export async function sweepExpiredOrders(
  db: Db,
  orderIds?: number[],
  outcomes: CommerceOutcomes = UNCOUNTED,
): Promise<number> {
  const inDoubt = sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}
    and ${payments.status} in ('created', 'approved') and ${payments.providerOrderId} is not null)`;
  // A ship-out's order expiring cancels its request and gives its items back, in the same transaction.
  const expired = await db.transaction(async (tx) => {
    const rows = await expire(tx, inDoubt, orderIds);
    await cancelUnpaidShipRequests(
      tx,
      rows.flatMap((row) => (row.shipRequestId === null ? [] : [row.shipRequestId])),
    );
    return rows.length;
  });
  outcomes.order('expired', expired);
  return expired;
}

function expire(db: Db, inDoubt: SQL, orderIds: number[] | undefined) {
  return db
    .update(orders)
    .set({ status: 'expired', expiredAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        sql`not ${holdsItsBox}`,
        sql`(${orders.captureStartedAt} is null or not ${inDoubt})`,
        orderIds ? inArray(orders.id, orderIds) : undefined,
      ),
    )
    .returning({ id: orders.id, shipRequestId: orders.shipRequestId });
}

/**
 * Runs the sweep every `intervalMs`; the returned function stops it. Errors are logged, never
 * thrown. With several instances on one database, one of them sweeps each round (an advisory
 * lock); the update itself only ever moves a pending order, so an order expires once either way.
 */
export function startExpirySweep(
  database: Database,
  intervalMs: number,
  log: { warn(obj: object, msg: string): void },
  outcomes: CommerceOutcomes = UNCOUNTED,
): () => void {
  const timer = setInterval(() => {
    ifNoOtherInstance(database, LOCK_KEYS.expirySweep, () =>
      sweepExpiredOrders(database.db, undefined, outcomes),
    ).catch((error: unknown) =>
      log.warn({ err: error }, 'order expiry sweep failed; retrying on the next tick'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
