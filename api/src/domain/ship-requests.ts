/**
 * Ship-out of locker items. A request is made with its fee's ship-out order (paid like a box:
 * POST /api/orders/:orderSn/payments) and waits for it: awaiting_payment → requested (paid; the
 * warehouse's) → shipped, or → cancelled until shipped (by its owner while unpaid, or when its order
 * expires or is cancelled unpaid). The items follow: in_locker → ship_requested (held from the
 * moment of the request) → shipped, or back to in_locker on cancel. Every query is narrowed to the
 * owner, so another user's request or item is "not found". Locks go order first, then request.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type MarkShippedBody,
  markShippedBodySchema,
  ORDER_RESERVATION_MINUTES,
  quoteShipOut,
  type ShipOutAddress,
  type ShipRequest,
  type ShipRequestStatus,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { lockerItems, orders, shipRequests } from '../db/schema';
import { apiError } from '../errors';
import { newOrderSn } from './orders/order-sn';

type ShipRequestRow = typeof shipRequests.$inferSelect;

const LOCKER_HINT = 'GET /api/locker lists your items.';
const REQUESTS_HINT = 'GET /api/locker/ship-requests lists your ship requests.';

function toShipRequest(row: ShipRequestRow, orderSn: string | null): ShipRequest {
  return {
    id: row.id,
    status: row.status,
    address: row.address,
    itemIds: row.itemIds,
    fee:
      row.feeMinor === null || row.feeCurrency === null
        ? null
        : { amountMinor: row.feeMinor, currency: row.feeCurrency },
    orderSn,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export async function createShipRequest(
  db: Db,
  ownerId: number,
  itemIds: number[],
  address: ShipOutAddress,
): Promise<ShipRequest> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select({ id: lockerItems.id, status: lockerItems.status })
      .from(lockerItems)
      .where(and(eq(lockerItems.userId, ownerId), inArray(lockerItems.id, itemIds)))
      .for('update');
    const missing = itemIds.filter((id) => !items.some((item) => item.id === id));
    if (missing.length > 0) throw apiError('locker_item_not_found', { itemIds: missing, hint: LOCKER_HINT });
    const busy = items.filter((item) => item.status !== 'in_locker');
    if (busy.length > 0) {
      throw apiError('ship_items_unavailable', { items: busy, itemIds: busy.map((item) => item.id) });
    }
    // The fee is the table's, for this destination and count: what the form quoted, never what a client says.
    const { fee } = quoteShipOut(address.country, itemIds.length);
    const [request] = await tx
      .insert(shipRequests)
      .values({
        userId: ownerId,
        status: 'awaiting_payment',
        address,
        itemIds,
        feeMinor: fee.amountMinor,
        feeCurrency: fee.currency,
      })
      .returning();
    if (!request) throw new Error('Inserting the ship request returned no row.');
    // Its fee is paid like a box: an order of its own, for the time a box is held, and swept the same way when unpaid.
    const [order] = await tx
      .insert(orders)
      .values({
        orderSn: newOrderSn(),
        userId: ownerId,
        kind: 'ship_out',
        shipRequestId: request.id,
        quantity: 1,
        unitPriceMinor: fee.amountMinor,
        totalMinor: fee.amountMinor,
        currency: fee.currency,
        idempotencyKey: `ship-request-${request.id}`,
        expiresAt: sql`now() + make_interval(mins => ${ORDER_RESERVATION_MINUTES})`,
      })
      .returning({ orderSn: orders.orderSn });
    if (!order) throw new Error('Inserting the ship-out order returned no row.');
    await tx
      .update(lockerItems)
      .set({
        status: 'ship_requested',
        shipRequestId: request.id,
        shipAddress: address,
        shipRequestedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(inArray(lockerItems.id, itemIds));
    return toShipRequest(request, order.orderSn);
  });
}

/** Requests with the reference of the order that pays their fee. */
function selectRequests(db: Db, where: SQL | undefined) {
  return db
    .select({ request: shipRequests, orderSn: orders.orderSn })
    .from(shipRequests)
    .leftJoin(orders, eq(orders.shipRequestId, shipRequests.id))
    .where(where);
}

export async function listShipRequests(db: Db, ownerId: number): Promise<ShipRequest[]> {
  const rows = await selectRequests(db, eq(shipRequests.userId, ownerId)).orderBy(
    desc(shipRequests.createdAt),
    desc(shipRequests.id),
  );
  return rows.map((row) => toShipRequest(row.request, row.orderSn));
}

/** The request's fee order, locked (locks go order first, then request); null for a request made before fees were charged. */
async function lockFeeOrder(tx: Db, requestId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.shipRequestId, requestId)).for('update');
  return order ?? null;
}

/** Cancels these requests if still awaiting payment, and gives their items back to the locker (their orders expired or were cancelled unpaid). */
export async function cancelUnpaidShipRequests(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cancelled = await tx
    .update(shipRequests)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(shipRequests.id, ids), eq(shipRequests.status, 'awaiting_payment')))
    .returning({ id: shipRequests.id });
  if (cancelled.length === 0) return;
  await returnItems(
    tx,
    cancelled.map((row) => row.id),
  );
}

function returnItems(tx: Db, requestIds: number[]) {
  return tx
    .update(lockerItems)
    .set({
      status: 'in_locker',
      shipRequestId: null,
      shipAddress: null,
      shipRequestedAt: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(lockerItems.shipRequestId, requestIds));
}

/** Its fee is paid (fulfilment, in the capture's transaction): awaiting_payment → requested, for the warehouse. False when it is not awaiting payment. */
export async function sendShipRequest(tx: Db, id: number): Promise<boolean> {
  const sent = await tx
    .update(shipRequests)
    .set({ status: 'requested', updatedAt: sql`now()` })
    .where(and(eq(shipRequests.id, id), eq(shipRequests.status, 'awaiting_payment')))
    .returning({ id: shipRequests.id });
  return sent.length > 0;
}

async function lockRequest(tx: Db, ownerId: number | null, id: number): Promise<ShipRequestRow> {
  const [request] = await tx
    .select()
    .from(shipRequests)
    .where(and(eq(shipRequests.id, id), ownerId === null ? undefined : eq(shipRequests.userId, ownerId)))
    .for('update');
  if (!request) throw apiError('ship_request_not_found', { requestId: id, hint: REQUESTS_HINT });
  return request;
}

/** Refunds a paid ship-out order's fee in the caller's transaction (payments/ship-out-refund.ts); returns the refund's id. */
export type RefundFee = (tx: Db, order: typeof orders.$inferSelect) => Promise<string>;

/**
 * Cancels a request that has not shipped; its items go back to the locker. Its unpaid order is
 * cancelled; a paid one's fee is refunded in full through `refundFee` (without it, a paid request is
 * refused). Cancelling twice is a no-op. One whose payment the provider is completing right now is refused.
 */
export async function cancelShipRequest(
  db: Db,
  ownerId: number,
  id: number,
  refundFee?: RefundFee,
): Promise<ShipRequest> {
  return db.transaction(async (tx) => {
    const order = await lockFeeOrder(tx, id);
    const request = await lockRequest(tx, ownerId, id);
    const orderSn = order?.orderSn ?? null;
    if (request.status === 'cancelled') return toShipRequest(request, orderSn);
    if (request.status === 'shipped')
      throw apiError('ship_request_shipped', { requestId: id, status: request.status });
    const paid = order?.status === 'fulfilled' && request.status === 'requested';
    if (order && paid && refundFee) await refundFee(tx, order);
    else if (order && order.status !== 'pending_payment') {
      throw apiError('ship_request_fee_paid', {
        requestId: id,
        orderSn: order.orderSn,
        status: request.status,
        orderStatus: order.status,
      });
    }
    if (order?.captureStartedAt) {
      throw apiError('ship_request_fee_paying', {
        requestId: id,
        orderSn: order.orderSn,
        status: request.status,
      });
    }
    if (order && !paid)
      await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
    const [cancelled] = await tx
      .update(shipRequests)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(shipRequests.id, id))
      .returning();
    await returnItems(tx, [id]);
    return toShipRequest(cancelled ?? request, orderSn);
  });
}

/**
 * The warehouse sent the parcel (operators: `npm run ship -w api -- mark-shipped`): request and
 * items → shipped, with the carrier and tracking number the locker then shows. Marking it again
 * with the same tracking is a no-op; anything else but a requested request is a conflict.
 */
export async function markShipped(db: Db, id: number, tracking: MarkShippedBody): Promise<ShipRequest> {
  const parsed = markShippedBodySchema.safeParse(tracking);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      reason: issue.message,
    }));
    throw apiError('ship_mark_invalid', { requestId: id, issues });
  }
  const { trackingNumber, carrier } = parsed.data;
  return db.transaction(async (tx) => {
    const order = await lockFeeOrder(tx, id);
    const request = await lockRequest(tx, null, id);
    const orderSn = order?.orderSn ?? null;
    if (
      request.status === 'shipped' &&
      request.trackingNumber === trackingNumber &&
      request.carrier === carrier
    )
      return toShipRequest(request, orderSn);
    if (request.status !== 'requested')
      throw apiError('ship_mark_not_requested', {
        requestId: id,
        tracking: request.trackingNumber ? ` (${request.carrier} ${request.trackingNumber})` : '',
        status: request.status,
      });
    const [shipped] = await tx
      .update(shipRequests)
      .set({ status: 'shipped', carrier, trackingNumber, shippedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(shipRequests.id, id))
      .returning();
    await tx
      .update(lockerItems)
      .set({ status: 'shipped', shippedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(lockerItems.shipRequestId, id));
    return toShipRequest(shipped ?? request, orderSn);
  });
}

/** Every user's requests in one status, oldest first: what the warehouse has to pack (operators). */
export async function shipRequestsIn(db: Db, status: ShipRequestStatus, limit = 100): Promise<ShipRequest[]> {
  const rows = await selectRequests(db, eq(shipRequests.status, status))
    .orderBy(shipRequests.createdAt, shipRequests.id)
    .limit(limit);
  return rows.map((row) => toShipRequest(row.request, row.orderSn));
}
