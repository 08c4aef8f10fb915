/**
 * The market's reads and the one action of a buyer in the gallery. Market answers change by the
 * second: a figure's market is rendered on the server (crawlers and link previews see collector
 * prices) from an answer a few seconds old at most, and read again on every visit after that.
 */
import { idToken } from '@arttoy/shared/auth';
import {
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
  MAX_PAGE_SIZE,
  type ApiEndpoint,
  type EndpointAnswer,
  type Order,
} from '@arttoy/shared/contracts/api';
import { apiRequest, HttpError, type EndpointArgs } from '@arttoy/shared/http';
import { endpointRead, userRead, type PageRead } from '@arttoy/shared/query';

/** A public market read: from the page's server data when it has it, fresh for MARKET_FRESH_MS. */
const marketRead = <E extends ApiEndpoint & { method: 'GET' }>(
  endpoint: E,
  ...args: EndpointArgs<E>
): PageRead<EndpointAnswer<E>> => ({ ...endpointRead(endpoint, ...args), freshness: 'market' });

/**
 * A figure's open listings (cheapest first) and recent sales: from the page's server data when it
 * has them (a first read of the figure's page), fresh for MARKET_FRESH_MS.
 */
export const figureMarket = (slug: string) => marketRead(endpoints.getFigureMarket, { params: { slug } });

/** The lowest open ask of each figure of a series that has one. */
export const seriesAsks = (slug: string) => marketRead(endpoints.listSeriesAsks, { query: { series: slug } });

/**
 * The listings the signed-in buyer holds with an unpaid order (listing id → order number), so a
 * listing shown as reserved can say it is reserved for them, with the way to pay. Keyed by the
 * user: another account signed in on the same page never sees them.
 */
export const myReservations = (uid: string): PageRead<ReadonlyMap<number, string>> =>
  userRead(uid, 'my-listing-reservations', async (signal) => {
    const token = await idToken();
    if (!token) return new Map();
    const { items } = await apiRequest(endpoints.listOrders, {
      query: { pageSize: MAX_PAGE_SIZE },
      token,
      signal,
    });
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
  return apiRequest(endpoints.orderListing, {
    params: { id: listingId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    token,
  });
}
