/**
 * POST /api/orders: one box reserved for ORDER_RESERVATION_MINUTES, counted and inserted under the
 * box's stock locks in one statement (reservation.ts), so the last box is never sold twice, and
 * refused past the caps on the buyer's unpaid orders, counted in that statement (order-limits.ts). The client's
 * Idempotency-Key makes a retry return the same order; the same key with another body (any field of
 * it) is a 409. The client seed the body asks for is set by that same statement, only if the order
 * is taken: a refused order (unknown box, sold out) leaves the buyer's seed as it was.
 * A buyer holds one box of a model at a time: while an order of theirs for it awaits payment within
 * its time, ordering that box again (a second click, back from the pay page) answers that order
 * (200, `created: false`) instead of holding a second box, and changes nothing of it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  blankOrderFields,
  ORDER_RESERVATION_MINUTES,
  type CreateOrderBody,
  type Order,
} from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { orders } from '../../db/schema';
import { cancelUnpaidShipRequests } from '../ship-requests';
import { replayKeyRace } from './idempotency-key';
import { apiError } from '../../errors';
import { type ChanceRefusal, chanceRefusal, isChanceRefusal } from '../chance/controls';
import type { ChanceRules } from '../chance/rules';
import { activeSeed } from '../fairness/seeds';
import { newOrderSn } from './order-sn';
import { overUnpaidLimit, type UnpaidOrderLimits } from './order-limits';
import { findOrderById } from './order-view';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS } from './reservation';

export interface CreateOrderInput {
  userId: number;
  idempotencyKey: string;
  body: { boxModelId: number; quantity: 1; clientSeed?: string | undefined } & CreateOrderBody;
  /** The caps on the buyer's unpaid orders (order-limits.ts). */
  limits: UnpaidOrderLimits;
  /** The site's rules for chance purchases (domain/chance/rules.ts): the minimum age. */
  chance: ChanceRules;
}

export interface CreatedOrder {
  order: Order;
  /** False when the key had already created this order (a retry). */
  created: boolean;
}

/** Why arttoy_reserve_box took no new order: refused, or the buyer's open hold on the box resumed. */
type Refusal = 'sold_out' | 'unpaid_per_box' | 'unpaid_per_user' | 'resumed' | ChanceRefusal;

/** What arttoy_order_chance_box answers: the box, and the order it took or why not (a refusal by the account's rules: the box's price). */
interface ReservedRow {
  boxId: number;
  boxSlug: string;
  boxName: string;
  orderId: number | null;
  left: number | null;
  refused: Refusal | null;
  unpaid: number;
  unitPriceMinor: number;
  totalMinor: number;
  currency: string;
  createdAt: string | Date;
  expiresAt: string | Date;
}

/** The order a reservation took, as GET /api/orders/:orderSn shows it (order-view.ts): unpaid, no payment, no draw yet. */
function newBoxOrder(row: ReservedRow, orderSn: string, quantity: 1): Order {
  return {
    id: Number(row.orderId),
    orderSn,
    status: 'pending_payment',
    kind: 'box',
    boxModel: { id: Number(row.boxId), slug: row.boxSlug, name: row.boxName },
    shipOut: null,
    listing: null,
    quantity,
    unitPrice: { amountMinor: Number(row.unitPriceMinor), currency: row.currency },
    total: { amountMinor: Number(row.totalMinor), currency: row.currency },
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    ...blankOrderFields(),
  };
}

/** The request as it is kept with the order: every field of the validated body, absent ones as null. */
function requestOf(body: CreateOrderInput['body']): Record<string, unknown> {
  return { boxModelId: body.boxModelId, quantity: body.quantity, clientSeed: body.clientSeed ?? null };
}

/** The fields in which `request` differs from the one that created the order (orders from before requests were kept: box and quantity only). */
function differences(
  kept: Record<string, unknown> | null,
  request: Record<string, unknown>,
  order: { boxModelId: number | null; quantity: number },
): string[] {
  const first = kept ?? { boxModelId: order.boxModelId, quantity: order.quantity };
  return Object.keys(request).filter((field) => field in first && first[field] !== request[field]);
}

async function replay(db: Db, input: CreateOrderInput): Promise<CreatedOrder | null> {
  const [existing] = await db
    .select({
      id: orders.id,
      kind: orders.kind,
      boxModelId: orders.boxModelId,
      quantity: orders.quantity,
      request: orders.request,
    })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (!existing) return null;
  // A key of a listing's purchase or a ship-out fee: its request has none of a box order's fields to differ in, so the kind decides.
  if (existing.kind !== 'box') {
    throw apiError('order_key_reused_by_other_kind', {
      key: input.idempotencyKey,
      kind: existing.kind === 'listing' ? 'listing' : 'ship_out',
      differs: ['kind'],
    });
  }
  const differs = differences(existing.request, requestOf(input.body), existing);
  if (differs.length > 0) {
    throw apiError('order_key_reused', {
      key: input.idempotencyKey,
      boxModelId: existing.boxModelId,
      differs,
    });
  }
  const order = await findOrderById(db, existing.id);
  if (!order) throw new Error(`Order ${existing.id} vanished.`);
  return { order, created: false };
}

/** The buyer's open hold on the box: a retry of the key that made it is checked as one (replay). */
async function resume(db: Db, input: CreateOrderInput, orderId: number): Promise<CreatedOrder> {
  const replayed = await replay(db, input);
  if (replayed) return replayed;
  const order = await findOrderById(db, orderId);
  if (!order) throw new Error(`Order ${orderId} vanished.`);
  return { order, created: false };
}

export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const clientSeed = input.body.clientSeed ?? null;
  const orderSn = newOrderSn();
  // The reservation sets the client seed on the buyer's active seed, which must exist (it is created on first use).
  if (clientSeed) await activeSeed(db, input.userId);
  try {
    // One statement on its own (migration 0017), so the buyer's and the box's locks are released at
    // its end (migrations 0004, 0008); the account's rules (age, break, limits) are decided in it
    // under the buyer's lock (arttoy_order_chance_box). A key used before is not looked for first: its order's insert
    // breaks the key's unique constraint, or the reservation refuses, and either way the key's order
    // is then returned (replay): a retry costs more, and a first order, nearly every one, less.
    const reserved = await db.execute(sql`
      select box_id as "boxId", box_slug as "boxSlug", box_name as "boxName", reserved_order_id as "orderId", boxes_left as "left", refused, unpaid,
        unit_price_minor as "unitPriceMinor", total_minor as "totalMinor", currency, created_at as "createdAt", expires_at as "expiresAt"
      from arttoy_order_chance_box(${input.chance.assumeOfAge ? null : input.chance.minAgeBoxes}::int, ${input.body.boxModelId}::int, ${input.body.quantity}::int, ${CAPTURE_GRACE_SECONDS}::int, ${CAPTURE_HOLD_SECONDS}::int,
        ${ORDER_RESERVATION_MINUTES}::int, ${orderSn}, ${input.userId}::bigint, ${input.idempotencyKey}, ${JSON.stringify(requestOf(input.body))}::jsonb,
        ${clientSeed}::text, ${input.limits.perBox}::int, ${input.limits.perAccount}::int)`);
    const [row] = rowsOf<ReservedRow>(reserved);
    if (row?.orderId && row.refused === 'resumed') return await resume(db, input, Number(row.orderId));
    if (!row?.orderId) {
      // A retry, or the same key sent twice at once: the key's order (which may hold the last box or place) is the answer.
      const raced = await replay(db, input);
      if (raced) return raced;
      if (!row)
        throw apiError('box_model_not_found', {
          boxModelId: input.body.boxModelId,
          hint: 'GET /api/box-models lists the boxes on sale.',
        });
      if (isChanceRefusal(row.refused))
        throw await chanceRefusal(db, input.userId, row.refused, input.chance, {
          priceMinor: Number(row.totalMinor),
          currency: row.currency,
        });
      const box = { id: Number(row.boxId), name: row.boxName };
      if (row.refused === 'unpaid_per_box' || row.refused === 'unpaid_per_user')
        throw overUnpaidLimit(row.refused, input.limits, box, Number(row.unpaid));
      throw apiError('box_sold_out', { boxName: box.name, boxModelId: box.id, available: Number(row.left) });
    }
    return { order: newBoxOrder(row, orderSn, input.body.quantity), created: true };
  } catch (error) {
    // A retry, or the same key sent twice at once: the key's order exists; return it.
    return replayKeyRace(error, () => replay(db, input));
  }
}

/** Cancels an unpaid order of its owner; its box goes back on sale at once (a ship-out's request is cancelled and its items go back to the locker). */
export async function cancelOrder(db: Db, ownerId: number, orderSn: string): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.userId, ownerId),
          eq(orders.orderSn, orderSn),
          eq(orders.status, 'pending_payment'),
          isNull(orders.captureStartedAt),
        ),
      )
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
  if (!existing) throw apiError('order_not_found', { orderSn, hint: 'GET /api/orders lists your orders.' });
  // The provider may be taking the money right now: the payment's outcome decides, not a cancel.
  if (existing.status === 'pending_payment' && existing.captureStartedAt) {
    throw apiError('order_capture_in_progress', { orderSn, status: existing.status });
  }
  throw apiError('order_not_cancellable', { orderSn, status: existing.status });
}
