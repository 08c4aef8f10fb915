/**
 * POST /api/orders: one box reserved for ORDER_RESERVATION_MINUTES, counted and inserted under the
 * box's stock locks in one statement (reservation.ts), so the last box is never sold twice, and
 * refused past the caps on the buyer's unpaid orders, counted in that statement (order-limits.ts). The client's
 * Idempotency-Key makes a retry return the same order; the same key with another body (any field of
 * it) is a 409. The client seed the body asks for is set by that same statement, only if the order
 * is taken: a refused order (unknown box, sold out) leaves the buyer's seed as it was.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ORDER_RESERVATION_MINUTES, type CreateOrderBody, type Order } from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { orders } from '../../db/schema';
import { cancelUnpaidShipRequests } from '../ship-requests';
import { violatesUnique } from '../../db/unique-violation';
import { ApiError, conflict, notFound } from '../../errors';
import { activeSeed } from '../fairness/seeds';
import { newOrderSn } from './order-sn';
import { overUnpaidLimit, type UnpaidOrderLimits } from './order-limits';
import { findNewOrder, findOrderById } from './order-view';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS } from './reservation';

export interface CreateOrderInput {
  userId: number;
  idempotencyKey: string;
  body: { boxModelId: number; quantity: 1; clientSeed?: string | undefined } & CreateOrderBody;
  /** The caps on the buyer's unpaid orders (order-limits.ts). */
  limits: UnpaidOrderLimits;
}

export interface CreatedOrder {
  order: Order;
  /** False when the key had already created this order (a retry). */
  created: boolean;
}

/** Why arttoy_reserve_box took no order (migration 0008). */
type Refusal = 'sold_out' | 'unpaid_per_box' | 'unpaid_per_user';

/** The unique constraint that two concurrent requests with one key run into. */
const KEY_CONSTRAINT = 'orders_user_idempotency_key';

/** The request as it is kept with the order: every field of the validated body, absent ones as null. */
function requestOf(body: CreateOrderInput['body']): Record<string, unknown> {
  return { boxModelId: body.boxModelId, quantity: body.quantity, clientSeed: body.clientSeed ?? null };
}

/** The fields in which `request` differs from the one that created the order (orders from before requests were kept: box and quantity only). */
function differences(kept: Record<string, unknown> | null, request: Record<string, unknown>, order: { boxModelId: number | null; quantity: number }): string[] {
  const first = kept ?? { boxModelId: order.boxModelId, quantity: order.quantity };
  return Object.keys(request).filter((field) => field in first && first[field] !== request[field]);
}

async function replay(db: Db, input: CreateOrderInput): Promise<CreatedOrder | null> {
  const [existing] = await db
    .select({ id: orders.id, kind: orders.kind, boxModelId: orders.boxModelId, quantity: orders.quantity, request: orders.request })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (!existing) return null;
  // A key of a listing's purchase or a ship-out fee: its request has none of a box order's fields to differ in, so the kind decides.
  if (existing.kind !== 'box') {
    throw conflict(
      `Idempotency-Key ${input.idempotencyKey} was already used for another order (not of a box: ${existing.kind === 'listing' ? "a collector's listing" : 'a ship-out fee'}). A retry must repeat the same request; use a new key for a new order.`,
      { reason: 'idempotency_key_reused', differs: ['kind'] },
    );
  }
  const differs = differences(existing.request, requestOf(input.body), existing);
  if (differs.length > 0) {
    throw conflict(
      `Idempotency-Key ${input.idempotencyKey} was already used for another order request (box ${existing.boxModelId}); this body differs in ${differs.join(', ')}. A retry must send the same body; use a new key for a new order.`,
      { reason: 'idempotency_key_reused', differs },
    );
  }
  const order = await findOrderById(db, existing.id);
  if (!order) throw new Error(`Order ${existing.id} vanished.`);
  return { order, created: false };
}

const isKeyConflict = (error: unknown) => violatesUnique(error, KEY_CONSTRAINT);

export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const clientSeed = input.body.clientSeed ?? null;
  // The reservation sets the client seed on the buyer's active seed, which must exist (it is created on first use).
  if (clientSeed) await activeSeed(db, input.userId);
  let orderId: number;
  try {
    // The box read and reserved in one statement on its own, so the buyer's and the box's locks are
    // released at its end (migrations 0004, 0008). A key used before is not looked for first: its
    // order's insert breaks the key's unique constraint, or the reservation refuses, and either
    // way the key's order is then returned (replay), so a retry costs more and a first order less.
    const reserved = await db.execute(sql`
      select b.id as "boxId", b.name, r.reserved_order_id as "orderId", r.boxes_left as "left", r.refused, r.unpaid
      from box_models b cross join lateral arttoy_reserve_box(b.id, ${input.body.quantity}::int,
        ${CAPTURE_GRACE_SECONDS}::int, ${CAPTURE_HOLD_SECONDS}::int, ${ORDER_RESERVATION_MINUTES}::int, ${newOrderSn()}, ${input.userId}::bigint, b.price_minor,
        b.currency, ${input.idempotencyKey}, ${JSON.stringify(requestOf(input.body))}::jsonb, ${clientSeed}::text,
        ${input.limits.perBox}::int, ${input.limits.perAccount}::int) r
      where b.id = ${input.body.boxModelId}::int and b.active`);
    const [row] = rowsOf<{ boxId: number; name: string; orderId: number | null; left: number | null; refused: Refusal | null; unpaid: number }>(reserved);
    if (!row?.orderId) {
      // A retry, or the same key sent twice at once: the key's order (which may hold the last box or place) is the answer.
      const raced = await replay(db, input);
      if (raced) return raced;
      if (!row) throw notFound(`Box model ${input.body.boxModelId}`, 'GET /api/box-models lists the boxes on sale.');
      const box = { id: Number(row.boxId), name: row.name };
      if (row.refused === 'unpaid_per_box' || row.refused === 'unpaid_per_user') throw overUnpaidLimit(row.refused, input.limits, box, Number(row.unpaid));
      throw new ApiError(409, 'conflict', `${box.name} is sold out: every box left is sold or held by an order awaiting payment. Try again later or choose another box.`, {
        reason: 'sold_out',
        boxModelId: box.id,
        available: Number(row.left),
      });
    }
    orderId = Number(row.orderId);
  } catch (error) {
    // A retry, or the same key sent twice at once: the key's order exists; return it.
    if (isKeyConflict(error)) {
      const raced = await replay(db, input);
      if (raced) return raced;
    }
    throw error;
  }
  const order = await findNewOrder(db, orderId);
  if (!order) throw new Error(`Order ${orderId} vanished after creation.`);
  return { order, created: true };
}

/** Cancels an unpaid order of its owner; its box goes back on sale at once (a ship-out's request is cancelled and its items go back to the locker). */
export async function cancelOrder(db: Db, ownerId: number, orderSn: string): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.userId, ownerId), eq(orders.orderSn, orderSn), eq(orders.status, 'pending_payment'), isNull(orders.captureStartedAt)))
      .returning({ id: orders.id, shipRequestId: orders.shipRequestId });
    if (cancelled?.shipRequestId) await cancelUnpaidShipRequests(tx, [cancelled.shipRequestId]);
    return cancelled;
  });
  const order = await findOrderById(db, row?.id ?? 0);
  if (row && order) return order;
  const [existing] = await db
    .select({ id: orders.id, status: orders.status, captureStartedAt: orders.captureStartedAt })
    .from(orders)
    .where(and(eq(orders.userId, ownerId), eq(orders.orderSn, orderSn)));
  if (!existing) throw notFound(`Order ${orderSn}`, 'GET /api/orders lists your orders.');
  // The provider may be taking the money right now: the payment's outcome decides, not a cancel.
  if (existing.status === 'pending_payment' && existing.captureStartedAt) {
    throw conflict(`Order ${orderSn} has a payment being completed with the provider: it cannot be cancelled now. Check the order again in a minute.`, { status: existing.status });
  }
  throw conflict(`Order ${orderSn} is ${existing.status.replace('_', ' ')}: only an unpaid order can be cancelled.`, { status: existing.status });
}
