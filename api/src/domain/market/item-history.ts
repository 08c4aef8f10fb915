/**
 * Where an item of my locker came from: the draw that pulled it (with what its proof needs; the
 * server seed only once rotated out) and every sale of it since, people shown by public handle only.
 * Only the item's owner reads it (404 otherwise, as for any locker item).
 */
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ItemHistory } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { boxModels, draws, figures, lockerItems, sales, users } from '../../db/schema';
import { figureColumns, joinSeriesAndStyle, toFigure } from '../catalogue/columns';
import type { CatalogueUrls } from '../catalogue/urls';

const sellers = alias(users, 'sellers');
const buyers = alias(users, 'buyers');

/** The history of an item of my locker, or null when it is not mine (or does not exist). */
export async function itemHistory(
  db: Db,
  ownerId: number,
  itemId: number,
  urls: CatalogueUrls,
): Promise<ItemHistory | null> {
  const [item] = await joinSeriesAndStyle(
    db
      .select({ ...figureColumns, drawId: lockerItems.drawId })
      .from(lockerItems)
      .innerJoin(figures, eq(lockerItems.figureId, figures.id))
      .$dynamic(),
  ).where(and(eq(lockerItems.id, itemId), eq(lockerItems.userId, ownerId)));
  if (!item) return null;
  const [pull] =
    item.drawId === null
      ? []
      : await db
          .select({
            drawPublicId: draws.publicId,
            boxName: boxModels.name,
            pulledAt: draws.createdAt,
            handle: users.handle,
            serverSeedHash: draws.serverSeedHash,
            serverSeed: draws.revealedSeed,
            clientSeed: draws.clientSeed,
            nonce: draws.nonce,
            rollPpm: draws.rollPpm,
          })
          .from(draws)
          .innerJoin(boxModels, eq(draws.boxModelId, boxModels.id))
          .innerJoin(users, eq(draws.userId, users.id))
          .where(eq(draws.id, item.drawId));
  const transfers = await db
    .select({
      fromHandle: sellers.handle,
      toHandle: buyers.handle,
      priceMinor: sales.priceMinor,
      currency: sales.currency,
      soldAt: sales.createdAt,
    })
    .from(sales)
    .innerJoin(sellers, eq(sales.sellerId, sellers.id))
    .innerJoin(buyers, eq(sales.buyerId, buyers.id))
    .where(eq(sales.lockerItemId, itemId))
    .orderBy(asc(sales.createdAt), asc(sales.id));
  return {
    lockerItemId: itemId,
    figure: toFigure(item, urls, 'owner'),
    pull: pull ? { ...pull, pulledAt: pull.pulledAt.toISOString() } : null,
    transfers: transfers.map((sale) => ({
      fromHandle: sale.fromHandle,
      toHandle: sale.toHandle,
      price: { amountMinor: sale.priceMinor, currency: sale.currency },
      soldAt: sale.soldAt.toISOString(),
    })),
  };
}
