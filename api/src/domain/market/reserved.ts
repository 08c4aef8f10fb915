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
import { qualified } from '../catalogue/columns';
import { holdsItsBox } from '../orders/reservation';

/** SQL true for an order (a row of `orders` in scope) that holds its listing: the rule above. */
export const holdsItsListing: SQL<boolean> = sql<boolean>`(${qualified(orders.status)} = 'paid' or (${qualified(orders.status)} = 'pending_payment' and ${holdsItsBox}))`;

/**
 * SQL true while a buyer's order of the listing `listingId` (an SQL expression or a value) is live.
 * Columns are qualified: as a selected field of a single-table select, drizzle would leave them bare,
 * and a bare outer column binds to the subquery's own table.
 */
export function listingReservedSql(listingId: SQL | number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} where ${qualified(orders.listingId)} = ${listingId} and ${qualified(orders.kind)} = 'listing'
    and ${holdsItsListing})`;
}

/** listingReservedSql of the `listings` row in the query's scope. */
export const listingReserved: SQL<boolean> = listingReservedSql(qualified(listings.id));
