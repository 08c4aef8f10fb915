/**
 * Everything the site keeps about one visitor, gathered for "Download my data": every table with a
 * row of theirs (db/schema). Left out on purpose: what would let someone else act as them or
 * reach their money (saved methods' vault tokens, payments' provider tokens, approval links and
 * idempotency keys), a server seed not yet revealed (it would let them predict their next draws),
 * and other people's ids in the sales they took part in. No card data is ever kept: the provider
 * holds it.
 */
import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import {
  boxModels,
  chanceControls,
  draws,
  feedEvents,
  figures,
  handleReservations,
  ledgerEntries,
  listings,
  lockerItems,
  orders,
  paymentMethods,
  payments,
  payoutRequests,
  sales,
  savedAddresses,
  serverSeeds,
  shipRequests,
  users,
} from '../../db/schema';

/** The export's version: a reader of the file can tell which fields to expect. */
export const EXPORT_FORMAT_VERSION = 1;

export type VisitorData = Awaited<ReturnType<typeof gatherVisitorData>>;

/** The visitor's data, read in one transaction (`tx`), so the parts agree with each other. */
export async function gatherVisitorData(tx: Db, userId: number, site: string) {
  const [account] = await tx
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      handle: users.handle,
      handleChangedAt: users.handleChangedAt,
      feedVisible: users.feedVisible,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new Error(`No user ${userId} to export.`);

  return {
    format: 'arttoy-visitor-data',
    version: EXPORT_FORMAT_VERSION,
    site,
    exportedAt: new Date().toISOString(),
    account,
    handlesKeptForMe: await tx
      .select({ handle: handleReservations.handle, reservedUntil: handleReservations.reservedUntil })
      .from(handleReservations)
      .where(eq(handleReservations.userId, userId)),
    /** The month of birth confirmed, limits for mystery boxes (with any raise waiting), a break. */
    chanceControls:
      (await tx.select().from(chanceControls).where(eq(chanceControls.userId, userId)))[0] ?? null,
    addresses: await tx
      .select({ id: savedAddresses.id, address: savedAddresses.address, createdAt: savedAddresses.createdAt })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(asc(savedAddresses.id)),
    savedPaymentMethods: await tx
      .select({
        id: paymentMethods.id,
        provider: paymentMethods.provider,
        label: paymentMethods.label,
        createdAt: paymentMethods.createdAt,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(asc(paymentMethods.id)),
    orders: await tx
      .select({
        orderSn: orders.orderSn,
        kind: orders.kind,
        box: boxModels.name,
        listingId: orders.listingId,
        shipRequestId: orders.shipRequestId,
        quantity: orders.quantity,
        unitPriceMinor: orders.unitPriceMinor,
        totalMinor: orders.totalMinor,
        currency: orders.currency,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        fulfilledAt: orders.fulfilledAt,
        expiredAt: orders.expiredAt,
        cancelledAt: orders.cancelledAt,
        refundedAt: orders.refundedAt,
      })
      .from(orders)
      .leftJoin(boxModels, eq(boxModels.id, orders.boxModelId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.id)),
    payments: await tx
      .select({
        id: payments.id,
        orderSn: orders.orderSn,
        provider: payments.provider,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        status: payments.status,
        providerStatus: payments.providerStatus,
        savedMethodUsed: isNotNull(payments.vaultToken),
        createdAt: payments.createdAt,
        capturedAt: payments.capturedAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(payments.id)),
    fairSeeds: (
      await tx.select().from(serverSeeds).where(eq(serverSeeds.userId, userId)).orderBy(asc(serverSeeds.id))
    ).map((seed) => ({
      serverSeedHash: seed.seedHash,
      // The active seed stays secret until rotated: shown, it would tell the next draws.
      serverSeed: seed.revealedAt ? seed.seed : null,
      clientSeed: seed.clientSeed,
      nextNonce: seed.nextNonce,
      createdAt: seed.createdAt,
      revealedAt: seed.revealedAt,
    })),
    draws: await tx
      .select({
        publicId: draws.publicId,
        orderSn: orders.orderSn,
        figure: figures.name,
        serverSeedHash: draws.serverSeedHash,
        revealedServerSeed: draws.revealedSeed,
        clientSeed: draws.clientSeed,
        nonce: draws.nonce,
        rollPpm: draws.rollPpm,
        oddsLines: draws.oddsLines,
        createdAt: draws.createdAt,
      })
      .from(draws)
      .innerJoin(orders, eq(orders.id, draws.orderId))
      .innerJoin(figures, eq(figures.id, draws.figureId))
      .where(eq(draws.userId, userId))
      .orderBy(asc(draws.id)),
    locker: await tx
      .select({
        id: lockerItems.id,
        figure: figures.name,
        status: lockerItems.status,
        shipAddress: lockerItems.shipAddress,
        createdAt: lockerItems.createdAt,
        shipRequestedAt: lockerItems.shipRequestedAt,
        shippedAt: lockerItems.shippedAt,
      })
      .from(lockerItems)
      .innerJoin(figures, eq(figures.id, lockerItems.figureId))
      .where(eq(lockerItems.userId, userId))
      .orderBy(asc(lockerItems.id)),
    listings: await tx
      .select({
        id: listings.id,
        lockerItemId: listings.lockerItemId,
        figure: figures.name,
        priceMinor: listings.priceMinor,
        currency: listings.currency,
        status: listings.status,
        createdAt: listings.createdAt,
        closedAt: listings.closedAt,
      })
      .from(listings)
      .innerJoin(figures, eq(figures.id, listings.figureId))
      .where(eq(listings.sellerId, userId))
      .orderBy(asc(listings.id)),
    // The other side of a sale is another person: only which side the visitor was on.
    sales: (
      await tx
        .select({
          id: sales.id,
          figure: figures.name,
          sellerId: sales.sellerId,
          priceMinor: sales.priceMinor,
          feeMinor: sales.feeMinor,
          currency: sales.currency,
          createdAt: sales.createdAt,
        })
        .from(sales)
        .innerJoin(figures, eq(figures.id, sales.figureId))
        .where(or(eq(sales.sellerId, userId), eq(sales.buyerId, userId)))
        .orderBy(asc(sales.id))
    ).map(({ sellerId, ...sale }) => ({ ...sale, side: sellerId === userId ? 'seller' : 'buyer' })),
    ledger: await tx
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        amountMinor: ledgerEntries.amountMinor,
        currency: ledgerEntries.currency,
        saleId: ledgerEntries.saleId,
        payoutId: ledgerEntries.payoutId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    payouts: await tx
      .select({
        id: payoutRequests.id,
        amountMinor: payoutRequests.amountMinor,
        currency: payoutRequests.currency,
        status: payoutRequests.status,
        destination: payoutRequests.destination,
        createdAt: payoutRequests.createdAt,
      })
      .from(payoutRequests)
      .where(eq(payoutRequests.userId, userId))
      .orderBy(asc(payoutRequests.id)),
    shipOuts: await tx
      .select({
        id: shipRequests.id,
        status: shipRequests.status,
        address: shipRequests.address,
        itemIds: shipRequests.itemIds,
        feeMinor: shipRequests.feeMinor,
        feeCurrency: shipRequests.feeCurrency,
        carrier: shipRequests.carrier,
        trackingNumber: shipRequests.trackingNumber,
        createdAt: shipRequests.createdAt,
        shippedAt: shipRequests.shippedAt,
        cancelledAt: shipRequests.cancelledAt,
      })
      .from(shipRequests)
      .where(eq(shipRequests.userId, userId))
      .orderBy(asc(shipRequests.id)),
    liveRoomEvents: await tx
      .select({ kind: feedEvents.kind, event: feedEvents.payload, createdAt: feedEvents.createdAt })
      .from(feedEvents)
      .where(eq(feedEvents.userId, userId))
      .orderBy(asc(feedEvents.id)),
  };
}
