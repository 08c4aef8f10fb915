/**
 * The market's reads and the one action of a buyer in the gallery. Market answers change by the
 * second, so they are read in the browser after the page shows (never from the server's page data,
 * which would be stale by the time it is read) and again on every visit.
 */
import { idToken } from '@arttoy/shared/auth';
import { figureMarketSchema, IDEMPOTENCY_KEY_HEADER, MAX_PAGE_SIZE, orderPageSchema, orderSchema, seriesAsksSchema, type Order } from '@arttoy/shared/contracts/api';
import { apiJson, HttpError } from '@arttoy/shared/http';
import type * as z from 'zod';
import { useQuery } from './query';

interface MarketRead<T> {
  key: string;
  load: () => Promise<T>;
}

const read = <S extends z.ZodType>(path: string, schema: S): MarketRead<z.infer<S>> => ({ key: path, load: () => apiJson(path, schema) });

/** A figure's open listings (cheapest first) and recent sales. */
export const figureMarket = (slug: string) => read(`/market/figures/${encodeURIComponent(slug)}`, figureMarketSchema);

/** The lowest open ask of each figure of a series that has one. */
export const seriesAsks = (slug: string) => read(`/market/asks?series=${encodeURIComponent(slug)}`, seriesAsksSchema);

/**
 * The listings the signed-in buyer holds with an unpaid order (listing id → order number), so a
 * listing shown as reserved can say it is reserved for them, with the way to pay. Keyed by the
 * user: another account signed in on the same page never sees them.
 */
export const myReservations = (uid: string): MarketRead<ReadonlyMap<number, string>> => ({
  key: `my-listing-reservations:${uid}`,
  load: async () => {
    const token = await idToken();
    if (!token) return new Map();
    const { items } = await apiJson(`/orders?pageSize=${MAX_PAGE_SIZE}`, orderPageSchema, { token });
    const holding = items.filter((order) => order.kind === 'listing' && order.status === 'pending_payment' && Date.parse(order.expiresAt) > Date.now());
    return new Map(holding.flatMap((order) => (order.listing ? [[order.listing.listingId, order.orderSn] as const] : [])));
  },
});

/** Reads a market resource: nothing from the server's render, and never an answer older than this visit. */
export function useMarketRead<T>({ key, load }: MarketRead<T>) {
  return useQuery(key, load, undefined, 0);
}

/**
 * Orders an open listing for the signed-in buyer. `key` is one click's Idempotency-Key, the same on
 * every retry of that click: a retry after a lost answer gets the same order back, never a second.
 */
export async function buyListing(listingId: number, key: string): Promise<Order> {
  const token = await idToken();
  if (!token) throw new HttpError('Your session has ended. Log in again to buy this figure.', 401, '', 'unauthenticated');
  return apiJson(`/listings/${listingId}/orders`, orderSchema, { method: 'POST', headers: { [IDEMPOTENCY_KEY_HEADER]: key }, token });
}
