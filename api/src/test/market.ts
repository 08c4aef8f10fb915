/** Helpers for tests of the market: a seller with a pulled figure listed at a price, and buying it through the sandbox. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CaptureResult, Order } from '@arttoy/shared/contracts/api';
import { listings, lockerItems } from '../db/schema';
import type { TestUser } from './auth-emulator';
import type { TestApi } from './helper';
import { approveAndCapture, bearer, buyBox, expectStatus, seedBoxId, startPayment } from './purchase';

/** Gives the user a public handle (PUT /api/me/handle). */
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
