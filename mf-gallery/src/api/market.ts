/**
 * The market's reads, the one action of a buyer and a seller's two on their own listing in the
 * gallery. Market answers change by the second: a figure's market is rendered on the server
 * (crawlers and link previews see collector prices) from an answer a few seconds old at most, and
 * read again on every visit after that.
 */
import { idToken } from '@arttoy/shared/auth';
import {
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
  MAX_PAGE_SIZE,
  type ApiEndpoint,
  type EndpointAnswer,
  type MyListing,
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

/** The ID token of the signed-in visitor, or a 401 in plain words when the session has ended. */
async function tokenOr401(what: string): Promise<string> {
  const token = await idToken();
  if (!token)
    throw new HttpError(`Your session has ended. Log in again to ${what}.`, 401, '', 'unauthenticated');
  return token;
}

/**
 * The signed-in visitor's own open listings (listing id → listing), so a figure's listings show
 * theirs as theirs, to reprice or withdraw, never to buy. Keyed by the user.
 */
export const myOpenListings = (uid: string): PageRead<ReadonlyMap<number, MyListing>> =>
  userRead(uid, 'my-open-listings', async (signal) => {
    const token = await idToken();
    if (!token) return new Map();
    const { items } = await apiRequest(endpoints.listMyListings, { token, signal });
    return new Map(
      items.filter((listing) => listing.status === 'open').map((listing) => [listing.id, listing]),
    );
  });

/** A new price for the seller's own open listing. */
export const repriceMyListing = async (id: number, priceMinor: number) =>
  apiRequest(endpoints.repriceListing, {
    params: { id },
    body: { priceMinor },
    token: await tokenOr401('change its price'),
  });

/** Takes the seller's own open listing off the market: the figure goes back to their locker. */
export const withdrawMyListing = async (id: number) =>
  apiRequest(endpoints.withdrawListing, { params: { id }, token: await tokenOr401('withdraw it') });

/**
 * Orders an open listing for the signed-in buyer. `key` is one click's Idempotency-Key, the same on
 * every retry of that click: a retry after a lost answer gets the same order back, never a second.
 */
export async function buyListing(listingId: number, key: string): Promise<Order> {
  return apiRequest(endpoints.orderListing, {
    params: { id: listingId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    token: await tokenOr401('buy this figure'),
  });
}
