/**
 * The market's reads and the one action of a buyer in the gallery. Market answers change by the
 * second, so they are read in the browser after the page shows (never from the server's page data,
 * which would be stale by the time it is read) and again on every visit.
 */
import { idToken } from '@arttoy/shared/auth';
import {
  figureMarketSchema,
  IDEMPOTENCY_KEY_HEADER,
  MAX_PAGE_SIZE,
  orderPageSchema,
  orderSchema,
  seriesAsksSchema,
  type Order,
} from '@arttoy/shared/contracts/api';
import { apiJson, HttpError } from '@arttoy/shared/http';
import { userRead, type PageRead } from '@arttoy/shared/query';
import type * as z from 'zod';

/** A market read: live (read again on every visit), and never from the page's server data. */
const read = <S extends z.ZodType>(path: string, schema: S): PageRead<z.infer<S>> => ({
  key: path,
  load: (signal) => apiJson(path, schema, { signal }),
  freshness: 'live',
});

/** A figure's open listings (cheapest first) and recent sales. */
export const figureMarket = (slug: string) =>
  read(`/market/figures/${encodeURIComponent(slug)}`, figureMarketSchema);

/** The lowest open ask of each figure of a series that has one. */
export const seriesAsks = (slug: string) =>
  read(`/market/asks?series=${encodeURIComponent(slug)}`, seriesAsksSchema);

/**
 * The listings the signed-in buyer holds with an unpaid order (listing id → order number), so a
 * listing shown as reserved can say it is reserved for them, with the way to pay. Keyed by the
 * user: another account signed in on the same page never sees them.
 */
export const myReservations = (uid: string): PageRead<ReadonlyMap<number, string>> =>
  userRead(uid, 'my-listing-reservations', async (signal) => {
    const token = await idToken();
    if (!token) return new Map();
    const { items } = await apiJson(`/orders?pageSize=${MAX_PAGE_SIZE}`, orderPageSchema, { token, signal });
    const holding = items.filter(
      (order) =>
        order.kind === 'listing' &&
        order.status === 'pending_payment' &&
        Date.parse(order.expiresAt) > Date.now(),
    );
    return new Map(
      holding.flatMap((order) => (order.listing ? [[order.listing.listingId, order.orderSn] as const] : [])),
    );
  });

/**
 * Orders an open listing for the signed-in buyer. `key` is one click's Idempotency-Key, the same on
 * every retry of that click: a retry after a lost answer gets the same order back, never a second.
 */
export async function buyListing(listingId: number, key: string): Promise<Order> {
  const token = await idToken();
  if (!token)
    throw new HttpError(
      'Your session has ended. Log in again to buy this figure.',
      401,
      '',
      'unauthenticated',
    );
  return apiJson(`/listings/${listingId}/orders`, orderSchema, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    token,
  });
}
