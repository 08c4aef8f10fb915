/**
 * POST /api/listings/:id/orders: a buyer's order for a collector's listing. The listing's row is
 * locked while the order is decided, so of any number of buyers at once exactly one gets an order
 * and the rest are refused before they pay: the listing is then reserved for that order's time, as a
 * box is (an unpaid order holds until its time and the grace run out, or while its capture is under
 * way: reservation.ts). The buyer's unpaid orders of every kind count against the account's cap,
 * counted under the buyer's row lock. A retry with the same Idempotency-Key returns the same order,
 * and so does a second Buy with a key of its own while the buyer's order awaits payment within its
 * time (the buyer's open hold is resumed, never doubled: decided under the listing's lock).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_RESERVATION_MINUTES, type Order, PAYMENT_RETURN_PATH } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { listings, orders, users } from '../../db/schema';
import { replayKeyRace } from '../orders/idempotency-key';
import { type ApiError, apiError } from '../../errors';
import { newOrderSn } from '../orders/order-sn';
import type { UnpaidOrderLimits } from '../orders/order-limits';
import { findNewOrder, findOrderById } from '../orders/order-view';
import { holdsItsBox } from '../orders/reservation';
import { holdsItsListing } from './reserved';

export interface ListingOrderInput {
  userId: number;
  listingId: number;
  idempotencyKey: string;
  limits: UnpaidOrderLimits;
}

export interface CreatedListingOrder {
  order: Order;
  /** False when the key had already created this order (a retry). */
  created: boolean;
}

const LISTINGS_HINT = 'GET /api/market/figures/<figure slug> lists the open listings of a figure.';

/**
 * How many orders of one listing one buyer may leave unpaid (cancelled, expired, or past their time)
 * within HOLD_WINDOW_MINUTES. An order holds the listing against every other buyer and its seller
 * (who cannot reprice or withdraw it), so without this one account held a listing for ever by
 * cancelling and ordering it again; two leave room for a buyer's mistake.
 */
export const UNPAID_HOLDS_PER_BUYER = 2;
export const HOLD_WINDOW_MINUTES = 60;

async function replay(db: Db, input: ListingOrderInput): Promise<CreatedListingOrder | null> {
  const [existing] = await db
    .select({ id: orders.id, listingId: orders.listingId })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (!existing) return null;
  if (existing.listingId !== input.listingId) {
    throw apiError('listing_key_reused', { key: input.idempotencyKey, listingId: existing.listingId });
  }
  const order = await findOrderById(db, existing.id);
  if (!order) throw new Error(`Order ${existing.id} vanished.`);
  return { order, created: false };
}

/** The buyer's 409 when their unpaid orders of every kind are at the account's cap. */
function overLimit(unpaid: number, limits: UnpaidOrderLimits): ApiError {
  return apiError('unpaid_order_limit', {
    scope: 'account',
    limit: limits.perAccount,
    unpaidOrders: unpaid,
    reservationMinutes: ORDER_RESERVATION_MINUTES,
  });
}

/**
 * Refuses a buyer's order of the listing when UNPAID_HOLDS_PER_BUYER of theirs went unpaid within the
 * window (under the listing's lock, after the holder check: none of theirs holds it now).
 */
async function refuseRenewedHold(tx: Db, listingId: number, buyerId: number): Promise<void> {
  const window = sql.raw(`interval '${HOLD_WINDOW_MINUTES} minutes'`);
  const lapsed = await tx
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.listingId, listingId),
        eq(orders.userId, buyerId),
        inArray(orders.status, ['pending_payment', 'cancelled', 'expired']),
        sql`${orders.createdAt} > now() - ${window}`,
      ),
    )
    .orderBy(asc(orders.createdAt));
  if (lapsed.length < UNPAID_HOLDS_PER_BUYER) return;
  const again = new Date(
    lapsed[lapsed.length - UNPAID_HOLDS_PER_BUYER]!.createdAt.getTime() + HOLD_WINDOW_MINUTES * 60_000,
  );
  throw apiError('listing_hold_limit', {
    listingId,
    lapsed: lapsed.length,
    windowMinutes: HOLD_WINDOW_MINUTES,
    limit: UNPAID_HOLDS_PER_BUYER,
    retryAfter: again.toISOString(),
  });
}

/** Decides and inserts the order under the listing's and the buyer's row locks; returns its id, or the buyer's open hold's. */
async function reserveListing(tx: Db, input: ListingOrderInput): Promise<{ id: number; created: boolean }> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (!listing) throw apiError('listing_not_found', { listingId: input.listingId, hint: LISTINGS_HINT });
  if (listing.status !== 'open') {
    throw apiError(listing.status === 'sold' ? 'listing_sold' : 'listing_withdrawn', {
      listingId: listing.id,
      hint: LISTINGS_HINT,
    });
  }
  if (listing.sellerId === input.userId) {
    throw apiError('listing_own', { listingId: listing.id });
  }
  const [holder] = await tx
    .select({
      userId: orders.userId,
      orderSn: orders.orderSn,
      status: orders.status,
      expiresAt: orders.expiresAt,
      id: orders.id,
      open: sql<boolean>`${orders.status} = 'pending_payment' and ${orders.expiresAt} > now() and ${orders.captureStartedAt} is null`,
    })
    .from(orders)
    .where(and(eq(orders.listingId, listing.id), holdsItsListing))
    .limit(1);
  // The buyer's own order awaiting payment (a second click makes a new key): resumed.
  if (holder?.userId === input.userId && holder.open) return { id: holder.id, created: false };
  // Theirs, but paid, being captured or past its time: nothing to resume, and not another buyer's.
  if (holder?.userId === input.userId) {
    throw apiError('listing_ordered_by_you', {
      listingId: listing.id,
      paid: holder.status === 'paid',
      payPath: PAYMENT_RETURN_PATH,
      orderSn: holder.orderSn,
      reservedUntil: holder.expiresAt.toISOString(),
    });
  }
  if (holder) {
    throw apiError('listing_reserved', {
      listingId: listing.id,
      reservedUntil: holder.expiresAt.toISOString(),
    });
  }
  await refuseRenewedHold(tx, listing.id, input.userId);
  // The buyer's row, locked: two orders of theirs at once are counted one after the other.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
  const [unpaid] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.status, 'pending_payment'), holdsItsBox));
  if ((unpaid?.n ?? 0) >= input.limits.perAccount) throw overLimit(unpaid?.n ?? 0, input.limits);
  const minutes = sql.raw(`interval '${ORDER_RESERVATION_MINUTES} minutes'`);
  const [order] = await tx
    .insert(orders)
    .values({
      orderSn: newOrderSn(),
      userId: input.userId,
      kind: 'listing',
      listingId: listing.id,
      quantity: 1,
      unitPriceMinor: listing.priceMinor,
      totalMinor: listing.priceMinor,
      currency: listing.currency,
      idempotencyKey: input.idempotencyKey,
      request: { listingId: listing.id },
      expiresAt: sql`now() + ${minutes}`,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error(`Ordering listing ${listing.id} returned no row.`);
  return { id: order.id, created: true };
}

export async function createListingOrder(db: Db, input: ListingOrderInput): Promise<CreatedListingOrder> {
  const replayed = await replay(db, input);
  if (replayed) return replayed;
  let reserved: { id: number; created: boolean };
  try {
    reserved = await db.transaction((tx) => reserveListing(tx, input));
  } catch (error) {
    // The same key sent twice at once: the other request created the order; return it.
    return replayKeyRace(error, () => replay(db, input));
  }
  const order = reserved.created ? await findNewOrder(db, reserved.id) : await findOrderById(db, reserved.id);
  if (!order) throw new Error(`Order ${reserved.id} vanished after creation.`);
  return { order, created: reserved.created };
}
