/**
 * POST /api/orders: one box reserved for ORDER_RESERVATION_MINUTES, counted and inserted under the
 * box's stock locks in one statement (reservation.ts), so the last box is never sold twice. The client's
 * Idempotency-Key makes a retry return the same order; the same key with another body is a 409.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_RESERVATION_MINUTES, type CreateOrderBody, type Order } from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { boxModels, orders } from '../../db/schema';
import { ApiError, conflict, notFound } from '../../errors';
import { setClientSeed } from '../fairness/seeds';
import { newOrderSn } from './order-sn';
import { findNewOrder, findOrderById } from './order-view';
import { CAPTURE_GRACE_SECONDS } from './reservation';

export interface CreateOrderInput {
  userId: number;
  idempotencyKey: string;
  body: { boxModelId: number; quantity: 1; clientSeed?: string | undefined } & CreateOrderBody;
}

export interface CreatedOrder {
  order: Order;
  /** False when the key had already created this order (a retry). */
  created: boolean;
}

/** The unique constraint that two concurrent requests with one key run into. */
const KEY_CONSTRAINT = 'orders_user_idempotency_key';

async function replay(db: Db, input: CreateOrderInput): Promise<CreatedOrder | null> {
  const [existing] = await db
    .select({ id: orders.id, boxModelId: orders.boxModelId, quantity: orders.quantity })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (!existing) return null;
  if (existing.boxModelId !== input.body.boxModelId || existing.quantity !== input.body.quantity) {
    throw conflict(
      `Idempotency-Key ${input.idempotencyKey} was already used for another order (box ${existing.boxModelId}). Use a new key for a new order.`,
    );
  }
  const order = await findOrderById(db, existing.id);
  if (!order) throw new Error(`Order ${existing.id} vanished.`);
  return { order, created: false };
}

function isKeyConflict(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === KEY_CONSTRAINT || String((cause as Error).message).includes(KEY_CONSTRAINT))) return true;
  }
  return false;
}

export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const replayed = await replay(db, input);
  if (replayed) return replayed;
  if (input.body.clientSeed) await setClientSeed(db, input.userId, input.body.clientSeed);
  let orderId: number;
  try {
    const [box] = await db.select().from(boxModels).where(and(eq(boxModels.id, input.body.boxModelId), eq(boxModels.active, true)));
    if (!box) throw notFound(`Box model ${input.body.boxModelId}`, 'GET /api/box-models lists the boxes on sale.');
    // One statement on its own, so the box's stock locks are released at its end (migration 0004).
    const reserved = await db.execute(sql`
      select reserved_order_id as "orderId", boxes_left as "left" from arttoy_reserve_box(${box.id}::int, ${input.body.quantity}::int,
        ${CAPTURE_GRACE_SECONDS}::int, ${ORDER_RESERVATION_MINUTES}::int, ${newOrderSn()}, ${input.userId}::int, ${box.priceMinor}::bigint,
        ${box.currency}, ${input.idempotencyKey})`);
    const [row] = rowsOf<{ orderId: number | null; left: number }>(reserved);
    if (!row) throw new Error(`Reserving box ${box.id} answered no row.`);
    if (row.orderId === null) {
      throw new ApiError(409, 'conflict', `${box.name} is sold out: every box left is sold or held by an order awaiting payment. Try again later or choose another box.`, {
        reason: 'sold_out',
        boxModelId: box.id,
        available: Number(row.left),
      });
    }
    orderId = Number(row.orderId);
  } catch (error) {
    // The same key sent twice at once: the other request created the order; return it.
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

/** Cancels an unpaid order of its owner; its box goes back on sale at once. */
export async function cancelOrder(db: Db, ownerId: number, orderSn: string): Promise<Order> {
  const [row] = await db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.userId, ownerId), eq(orders.orderSn, orderSn), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  const order = await findOrderById(db, row?.id ?? 0);
  if (row && order) return order;
  const [existing] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(and(eq(orders.userId, ownerId), eq(orders.orderSn, orderSn)));
  if (!existing) throw notFound(`Order ${orderSn}`, 'GET /api/orders lists your orders.');
  throw conflict(`Order ${orderSn} is ${existing.status.replace('_', ' ')}: only an unpaid order can be cancelled.`, { status: existing.status });
}
