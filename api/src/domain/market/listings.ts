/**
 * A seller's listings: created from an item of their locker, repriced, withdrawn, and read back.
 * Every query filters by the seller's id from the verified token, so another user's listing or item
 * is "not found", never "forbidden" (no existence leak). Buying a listing is listing-orders.ts.
 *
 * Locks: on create, the item's row (two listings of one item: the second finds it listed), then the
 * seller's user row (their open listings are counted one listing at a time); on reprice and withdraw,
 * the listing's row (a buyer's order is created under the same lock, so a listing is never changed
 * under an order that has just taken it).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  type LockerItem,
  MARKET_CURRENCY,
  MAX_OPEN_LISTINGS,
  marketFeeMinor,
  type MyListing,
} from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { figures, listings, lockerItems, users } from '../../db/schema';
import { violatesUnique } from '../../db/unique-violation';
import { apiError } from '../../errors';
import { figureColumns, joinSeriesAndStyle, toFigure } from '../catalogue/columns';
import type { CatalogueUrls } from '../catalogue/urls';
import { listingReserved, listingReservedSql } from './reserved';

/** Where the seller sees and manages their listings, for hints in refusals. */
const MY_LISTINGS = 'GET /api/me/listings';

function selectMyListings(db: Db, sellerId: number, listingId?: number) {
  return joinSeriesAndStyle(
    db
      .select({
        ...figureColumns,
        listingId: listings.id,
        status: listings.status,
        lockerItemId: listings.lockerItemId,
        priceMinor: listings.priceMinor,
        currency: listings.currency,
        reserved: listingReserved,
        createdAt: listings.createdAt,
        updatedAt: listings.updatedAt,
        closedAt: listings.closedAt,
      })
      .from(listings)
      .innerJoin(figures, eq(listings.figureId, figures.id))
      .$dynamic(),
  ).where(
    and(eq(listings.sellerId, sellerId), listingId === undefined ? undefined : eq(listings.id, listingId)),
  );
}

type MyListingRow = Awaited<ReturnType<typeof selectMyListings>>[number];

function toMyListing(row: MyListingRow, urls: CatalogueUrls): MyListing {
  const fee = marketFeeMinor(row.priceMinor);
  return {
    id: row.listingId,
    status: row.status,
    lockerItemId: row.lockerItemId,
    figure: toFigure(row, urls, 'owner'),
    series: { slug: row.seriesSlug, name: row.seriesName },
    price: { amountMinor: row.priceMinor, currency: row.currency },
    fee: { amountMinor: fee, currency: row.currency },
    proceeds: { amountMinor: row.priceMinor - fee, currency: row.currency },
    // A closed listing holds nothing, whatever its orders' rows say.
    reserved: row.status === 'open' && Boolean(row.reserved),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** All my listings, every status, newest first. */
/** How many listings GET /api/me/listings shows: every open one (MAX_OPEN_LISTINGS at most), then the latest closed. */
export const MY_LISTINGS_SHOWN = 100;

export async function listMyListings(db: Db, sellerId: number, urls: CatalogueUrls): Promise<MyListing[]> {
  const rows = await selectMyListings(db, sellerId)
    .orderBy(sql`(${listings.status} = 'open') desc`, desc(listings.createdAt), desc(listings.id))
    .limit(MY_LISTINGS_SHOWN);
  return rows.map((row) => toMyListing(row, urls));
}

async function readMyListing(
  db: Db,
  sellerId: number,
  listingId: number,
  urls: CatalogueUrls,
): Promise<MyListing> {
  const [row] = await selectMyListings(db, sellerId, listingId);
  if (!row)
    throw new Error(`Listing ${listingId} of seller ${sellerId} vanished inside its own transaction.`);
  return toMyListing(row, urls);
}

/** Why an item of my locker cannot be listed, by its status (in_locker can). */
function notListable(
  item: { id: number; status: LockerItem['status']; shipRequestId: number | null },
  openListingId: number | null,
) {
  const reasons: Record<Exclude<LockerItem['status'], 'in_locker'>, string> = {
    listed: `is already listed${openListingId === null ? '' : ` (listing ${openListingId})`}: change its price or withdraw it instead (${MY_LISTINGS} lists your listings).`,
    ship_requested: `is being shipped to you (ship request ${item.shipRequestId ?? '?'}): cancel the ship request first to sell it.`,
    shipped: 'has shipped and is no longer in your locker, so it cannot be sold here.',
  };
  const status = item.status as Exclude<LockerItem['status'], 'in_locker'>;
  return apiError('locker_item_not_listable', { itemId: item.id, why: reasons[status], status });
}

const itemNotFound = (itemId: number) =>
  apiError('locker_item_not_found', {
    itemIds: [itemId],
    hint: 'GET /api/locker lists the items in your locker.',
  });

/**
 * Lists an item of my locker at a price: the item becomes 'listed' in the same transaction. Refused
 * (409) without a handle, for an item not in the locker, or past MAX_OPEN_LISTINGS open listings.
 */
export async function createListing(
  db: Db,
  sellerId: number,
  input: { lockerItemId: number; priceMinor: number },
  urls: CatalogueUrls,
): Promise<MyListing> {
  try {
    return await db.transaction(async (tx) => {
      const [item] = await tx
        .select({
          id: lockerItems.id,
          status: lockerItems.status,
          figureId: lockerItems.figureId,
          shipRequestId: lockerItems.shipRequestId,
        })
        .from(lockerItems)
        .where(and(eq(lockerItems.id, input.lockerItemId), eq(lockerItems.userId, sellerId)))
        .for('update');
      if (!item) throw itemNotFound(input.lockerItemId);
      if (item.status !== 'in_locker') {
        const [open] = await tx
          .select({ id: listings.id })
          .from(listings)
          .where(and(eq(listings.lockerItemId, item.id), eq(listings.status, 'open')));
        throw notListable(item, open?.id ?? null);
      }
      // The seller's row, locked: two listings of two items at once are counted one after the other.
      const [seller] = await tx
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, sellerId))
        .for('update');
      if (!seller?.handle) {
        throw apiError('handle_required', {});
      }
      const [open] = await tx
        .select({ n: count() })
        .from(listings)
        .where(and(eq(listings.sellerId, sellerId), eq(listings.status, 'open')));
      if ((open?.n ?? 0) >= MAX_OPEN_LISTINGS) {
        throw apiError('too_many_listings', { max: MAX_OPEN_LISTINGS, myListings: MY_LISTINGS });
      }
      const [listing] = await tx
        .insert(listings)
        .values({
          lockerItemId: item.id,
          sellerId,
          figureId: item.figureId,
          priceMinor: input.priceMinor,
          currency: MARKET_CURRENCY,
        })
        .returning({ id: listings.id });
      await tx
        .update(lockerItems)
        .set({ status: 'listed', updatedAt: sql`now()` })
        .where(eq(lockerItems.id, item.id));
      return readMyListing(tx, sellerId, listing!.id, urls);
    });
  } catch (error) {
    // The item's lock makes this unreachable from this function; the index still guards any other writer.
    if (violatesUnique(error, 'listings_one_open_per_item')) {
      throw apiError('locker_item_listed', { itemId: input.lockerItemId, myListings: MY_LISTINGS });
    }
    throw error;
  }
}

/**
 * Locks my open listing for a change: 404 for a listing that is not mine, 409 when it is closed or
 * a buyer's order holds it (listingReservedSql).
 */
async function lockChangeable(tx: Db, sellerId: number, listingId: number, change: string) {
  const [listing] = await tx
    .select({ id: listings.id, status: listings.status, lockerItemId: listings.lockerItemId })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, sellerId)))
    .for('update');
  if (!listing) throw apiError('listing_not_found', { listingId, hint: `${MY_LISTINGS} lists yours.` });
  if (listing.status !== 'open')
    throw apiError('listing_not_open', { listingId, change, status: listing.status });
  // A statement of its own, after the lock: in the locking one, an order committed while it waited
  // would not be seen (its snapshot is older than the wait).
  const [held] = rowsOf<{ reserved: boolean }>(
    await tx.execute(sql`select ${listingReservedSql(listingId)} as reserved`),
  );
  if (held?.reserved) {
    throw apiError('listing_held', { listingId, change, status: listing.status });
  }
  return listing;
}

/** A new price for my open listing that no buyer's order holds. */
export async function repriceListing(
  db: Db,
  sellerId: number,
  listingId: number,
  priceMinor: number,
  urls: CatalogueUrls,
): Promise<MyListing> {
  return db.transaction(async (tx) => {
    await lockChangeable(tx, sellerId, listingId, 'repriced');
    await tx
      .update(listings)
      .set({ priceMinor, updatedAt: sql`now()` })
      .where(eq(listings.id, listingId));
    return readMyListing(tx, sellerId, listingId, urls);
  });
}

/** Withdraws my open listing that no buyer's order holds: it closes, and its item is back in my locker. */
export async function withdrawListing(
  db: Db,
  sellerId: number,
  listingId: number,
  urls: CatalogueUrls,
): Promise<MyListing> {
  return db.transaction(async (tx) => {
    const listing = await lockChangeable(tx, sellerId, listingId, 'withdrawn');
    await tx
      .update(listings)
      .set({ status: 'withdrawn', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(listings.id, listingId));
    await tx
      .update(lockerItems)
      .set({ status: 'in_locker', updatedAt: sql`now()` })
      .where(and(eq(lockerItems.id, listing.lockerItemId), eq(lockerItems.status, 'listed')));
    return readMyListing(tx, sellerId, listingId, urls);
  });
}
