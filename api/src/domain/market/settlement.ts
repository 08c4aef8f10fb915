/**
 * Settlement of a paid listing order, exactly once, in the transaction that records its captured
 * payment (payments/payment-service.ts → draws/fulfil.ts): the item moves to the buyer's locker,
 * the sale is written (one per listing and one per order, by unique keys), the seller's ledger is
 * credited the price and debited the market's fee, the listing closes as sold, the order is
 * fulfilled and the live room hears of the sale. If the listing can no longer be sold (withdrawn
 * or sold by hand meanwhile, its item gone from the seller's locker), nothing is written and the
 * caller refunds the buyer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { marketFeeMinor } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { ledgerEntries, listings, lockerItems, orders, sales } from '../../db/schema';
import { recordFeedEvent } from '../feed/record';

type OrderRow = typeof orders.$inferSelect;

/** Why a paid listing order could not be settled (the caller refunds); null when it was. */
export async function settleListingOrder(tx: Db, order: OrderRow): Promise<string | null> {
  if (order.listingId === null) throw new Error(`Listing order ${order.orderSn} has no listing.`);
  const [listing] = await tx.select().from(listings).where(eq(listings.id, order.listingId)).for('update');
  if (!listing) throw new Error(`Listing ${order.listingId} of order ${order.orderSn} vanished.`);
  if (listing.status !== 'open') return `listing ${listing.id} is ${listing.status}`;
  const [moved] = await tx
    .update(lockerItems)
    .set({ userId: order.userId, status: 'in_locker', updatedAt: sql`now()` })
    .where(
      and(
        eq(lockerItems.id, listing.lockerItemId),
        eq(lockerItems.userId, listing.sellerId),
        eq(lockerItems.status, 'listed'),
      ),
    )
    .returning({ id: lockerItems.id });
  if (!moved) return `the item of listing ${listing.id} is no longer listed in its seller's locker`;
  const feeMinor = marketFeeMinor(order.totalMinor);
  const [sale] = await tx
    .insert(sales)
    .values({
      listingId: listing.id,
      orderId: order.id,
      lockerItemId: listing.lockerItemId,
      figureId: listing.figureId,
      sellerId: listing.sellerId,
      buyerId: order.userId,
      priceMinor: order.totalMinor,
      feeMinor,
      currency: order.currency,
    })
    .returning({ id: sales.id });
  if (!sale) throw new Error(`Recording the sale of listing ${listing.id} returned no row.`);
  await tx.insert(ledgerEntries).values([
    {
      userId: listing.sellerId,
      kind: 'sale',
      amountMinor: order.totalMinor,
      currency: order.currency,
      saleId: sale.id,
    },
    ...(feeMinor > 0
      ? [
          {
            userId: listing.sellerId,
            kind: 'fee' as const,
            amountMinor: -feeMinor,
            currency: order.currency,
            saleId: sale.id,
          },
        ]
      : []),
  ]);
  await tx
    .update(listings)
    .set({ status: 'sold', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(listings.id, listing.id));
  await tx
    .update(orders)
    .set({
      status: 'fulfilled',
      paidAt: sql`now()`,
      fulfilledAt: sql`now()`,
      captureStartedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id));
  await recordFeedEvent(tx, {
    kind: 'sale',
    userId: order.userId,
    figureId: listing.figureId,
    price: { amountMinor: order.totalMinor, currency: order.currency },
  });
  return null;
}
