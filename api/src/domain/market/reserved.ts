/**
 * When a listing is reserved: a buyer's order of it is live. One rule for every reader and writer
 * (the seller's view, the public listings, repricing and withdrawing, buying), so a listing is never
 * shown free where it is held, nor held where it is shown free.
 *
 * Live means paid (settlement closes the listing in the capture's transaction, so this is brief), or
 * pending payment while it still holds its target by the box orders' own time rule (holdsItsBox:
 * within its time plus grace, or within the hold of a capture under way). An unpaid order past that
 * holds nothing, even before the expiry sweep marks it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { listings, orders } from '../../db/schema';
import { holdsItsBox } from '../orders/reservation';

/** SQL true while a buyer's order of the listing `listingId` (a column or a value) is live. */
export function listingReservedSql(listingId: SQL | typeof listings.id | number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} where ${orders.listingId} = ${listingId} and ${orders.kind} = 'listing'
    and (${orders.status} = 'paid' or (${orders.status} = 'pending_payment' and ${holdsItsBox})))`;
}

/** listingReservedSql of the `listings` row in the query's scope. */
export const listingReserved: SQL<boolean> = listingReservedSql(listings.id);
