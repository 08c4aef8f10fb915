/**
 * Helpers for tests of the market: users with ids and handles, a figure pulled or put straight into
 * a locker, listed at a price and bought through the sandbox; and a buyer's order or a finished sale
 * written as their rows (so tests of the listing routes and the market reads do not depend on the
 * buying and settlement code, tested on its own).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  type CaptureResult,
  marketFeeMinor,
  type Order,
  type OrderStatus,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { figureIdsBySlug } from '../seed/seed';
import { listings, lockerItems, orders, sales } from '../db/schema';
import { newOrderSn } from '../domain/orders/order-sn';
import { signInTestUser, type TestUser } from './auth-emulator';
import type { TestApi } from './helper';
import { approveAndCapture, bearer, buyBox, expectStatus, seedBoxId, startPayment } from './purchase';

/** Gives the user a public handle (PUT /api/me/handle). */
/** Where the tests' payouts go: a PayPal account. */
export const PAYOUT_TO = { method: 'paypal', email: 'seller@example.com' } as const;

export async function chooseHandle(api: TestApi, user: TestUser, handle: string): Promise<void> {
  expectStatus(
    await api.app.inject({
      method: 'PUT',
      url: '/api/me/handle',
      headers: bearer(user),
      payload: { handle },
    }),
    200,
  );
}

/** A figure pulled from a box by `seller`: its locker item id and figure id. */
export async function pullFigure(
  api: TestApi,
  seller: TestUser,
  boxSlug = 'night-market-blind-box',
): Promise<{ itemId: number; figureId: number }> {
  const { draw } = await buyBox(api, seller, await seedBoxId(api, boxSlug));
  return { itemId: draw.lockerItemId, figureId: draw.figure.id };
}

/**
 * Lists an item of the seller's locker at `priceMinor`, with the rows POST /api/listings writes (the
 * item marked listed, an open listing): tests of buying do not depend on the listing routes.
 */
export async function listItem(api: TestApi, itemId: number, priceMinor: number): Promise<number> {
  return api.db.transaction(async (tx) => {
    const [item] = await tx
      .update(lockerItems)
      .set({ status: 'listed', updatedAt: sql`now()` })
      .where(eq(lockerItems.id, itemId))
      .returning();
    if (!item) throw new Error(`No locker item ${itemId} to list.`);
    const [listing] = await tx
      .insert(listings)
      .values({
        lockerItemId: item.id,
        sellerId: item.userId,
        figureId: item.figureId,
        priceMinor,
        currency: 'USD',
      })
      .returning({ id: listings.id });
    if (!listing) throw new Error(`Listing item ${itemId} returned no row.`);
    return listing.id;
  });
}

export function orderListing(
  api: TestApi,
  buyer: TestUser | undefined,
  listingId: number,
  key: string = randomUUID(),
) {
  return api.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/orders`,
    headers: { ...bearer(buyer), 'idempotency-key': key },
  });
}

/** Orders the listing, pays it on the sandbox page and captures: the capture's answer (200, or the 409 of a refund). */
export async function buyListing(
  api: TestApi,
  buyer: TestUser,
  listingId: number,
): Promise<{ order: Order; result: CaptureResult }> {
  const order = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
  const started = await startPayment(api, buyer, order.orderSn);
  return { order, result: await approveAndCapture(api, buyer, started.payment.token ?? '') };
}

export interface Member {
  user: TestUser;
  id: number;
}

/** A signed-in user with their row's id, and the public handle given (none when null). */
export async function member(api: TestApi, label: string, handle: string | null): Promise<Member> {
  const user = await signInTestUser(label);
  const { id } = expectStatus(
    await api.app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) }),
    200,
  ).json<{ id: number }>();
  if (handle) await chooseHandle(api, user, handle);
  return { user, id };
}

/** Items in the user's locker (in_locker, no draw), one per figure slug, in that order. */
export async function giveItems(api: TestApi, userId: number, figureSlugs: string[]): Promise<number[]> {
  const ids = await figureIdsBySlug(api.db, figureSlugs);
  const rows = await api.db
    .insert(lockerItems)
    .values(figureSlugs.map((slug) => ({ userId, figureId: ids.get(slug) ?? 0 })))
    .returning({ id: lockerItems.id });
  return rows.map((row) => row.id);
}

/**
 * A buyer's order of the listing, as buying writes it (in `db`, a transaction or not): unpaid within its time ('pending_payment'),
 * unpaid and past its time and grace ('expired_hold': still pending, holding nothing), or 'paid'.
 */
export async function orderOf(
  db: Db,
  buyerId: number,
  listingId: number,
  state: Extract<OrderStatus, 'pending_payment' | 'paid'> | 'expired_hold',
): Promise<number> {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!listing) throw new Error(`No listing ${listingId}.`);
  const past = state === 'expired_hold';
  const [row] = await db
    .insert(orders)
    .values({
      orderSn: newOrderSn(),
      userId: buyerId,
      kind: 'listing',
      listingId,
      quantity: 1,
      unitPriceMinor: listing.priceMinor,
      totalMinor: listing.priceMinor,
      currency: listing.currency,
      idempotencyKey: randomUUID(),
      status: past ? 'pending_payment' : state,
      createdAt: past ? sql`now() - interval '1 hour'` : sql`now()`,
      expiresAt: past ? sql`now() - interval '30 minutes'` : sql`now() + interval '15 minutes'`,
      paidAt: state === 'paid' ? sql`now()` : null,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/**
 * A finished sale of the item from its owner to `buyerId` at `priceMinor`, `daysAgo` days ago, as
 * settlement writes it: a sold listing, the buyer's fulfilled order, the sale, and the item in the
 * buyer's locker.
 */
export async function recordSale(
  api: TestApi,
  itemId: number,
  buyerId: number,
  priceMinor: number,
  daysAgo = 0,
): Promise<void> {
  const at = sql`now() - make_interval(days => ${daysAgo})`;
  await api.db.transaction(async (tx) => {
    const [item] = await tx.select().from(lockerItems).where(eq(lockerItems.id, itemId));
    if (!item) throw new Error(`No locker item ${itemId}.`);
    const [listing] = await tx
      .insert(listings)
      .values({
        lockerItemId: itemId,
        sellerId: item.userId,
        figureId: item.figureId,
        priceMinor,
        currency: 'USD',
        status: 'sold',
        createdAt: at,
        updatedAt: at,
        closedAt: at,
      })
      .returning({ id: listings.id });
    const [order] = await tx
      .insert(orders)
      .values({
        orderSn: newOrderSn(),
        userId: buyerId,
        kind: 'listing',
        listingId: listing!.id,
        quantity: 1,
        unitPriceMinor: priceMinor,
        totalMinor: priceMinor,
        currency: 'USD',
        idempotencyKey: randomUUID(),
        status: 'fulfilled',
        createdAt: at,
        expiresAt: sql`${at} + interval '15 minutes'`,
        paidAt: at,
        fulfilledAt: at,
      })
      .returning({ id: orders.id });
    await tx.insert(sales).values({
      listingId: listing!.id,
      orderId: order!.id,
      lockerItemId: itemId,
      figureId: item.figureId,
      sellerId: item.userId,
      buyerId,
      priceMinor,
      feeMinor: marketFeeMinor(priceMinor),
      currency: 'USD',
      createdAt: at,
    });
    await tx
      .update(lockerItems)
      .set({ userId: buyerId, status: 'in_locker', updatedAt: sql`now()` })
      .where(eq(lockerItems.id, itemId));
  });
}

/** The items' statuses by id. */
export async function statusesOf(api: TestApi, itemIds: number[]): Promise<Map<number, string>> {
  const rows = await api.db
    .select({ id: lockerItems.id, status: lockerItems.status })
    .from(lockerItems)
    .where(inArray(lockerItems.id, itemIds));
  return new Map(rows.map((row) => [row.id, row.status]));
}
