/**
 * The locker: what a user owns. Every query takes the owner's id from the verified token and
 * filters by it, so another user's item is "not found", never "forbidden" (no existence leak).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LockerItem } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { figures, listings, lockerItems, sales } from '../db/schema';
import { figureColumns, joinSeriesAndStyle, toFigure } from './catalogue/columns';
import type { CatalogueUrls } from './catalogue/urls';

/** When the owner got the item: their latest purchase of it from a collector, else its pull. */
const acquiredAt =
  sql<Date>`coalesce((select max(${sales.createdAt}) from ${sales} where ${sales.lockerItemId} = ${lockerItems.id} and ${sales.buyerId} = ${lockerItems.userId}), ${lockerItems.createdAt})`.mapWith(
    lockerItems.createdAt,
  );

function selectLocker(db: Db, ownerId: number, itemId?: number) {
  return joinSeriesAndStyle(
    db
      .select({
        ...figureColumns,
        itemId: lockerItems.id,
        status: lockerItems.status,
        acquiredAt,
        shipRequestedAt: lockerItems.shipRequestedAt,
        shippedAt: lockerItems.shippedAt,
        drawId: lockerItems.drawId,
        shipRequestId: lockerItems.shipRequestId,
        listingId: listings.id,
      })
      .from(lockerItems)
      .innerJoin(figures, eq(lockerItems.figureId, figures.id))
      .$dynamic(),
  )
    .leftJoin(listings, and(eq(listings.lockerItemId, lockerItems.id), eq(listings.status, 'open')))
    .where(
      and(eq(lockerItems.userId, ownerId), itemId === undefined ? undefined : eq(lockerItems.id, itemId)),
    );
}

type LockerRow = Awaited<ReturnType<typeof selectLocker>>[number];

function toLockerItem(row: LockerRow, urls: CatalogueUrls): LockerItem {
  return {
    id: row.itemId,
    status: row.status,
    figure: toFigure(row, urls, 'owner'),
    series: { slug: row.seriesSlug, name: row.seriesName },
    acquiredAt: row.acquiredAt.toISOString(),
    shipRequestedAt: row.shipRequestedAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    drawId: row.drawId,
    shipRequestId: row.shipRequestId,
    listingId: row.listingId,
  };
}

/** Newest first. */
export async function listLocker(db: Db, ownerId: number, urls: CatalogueUrls): Promise<LockerItem[]> {
  const rows = await selectLocker(db, ownerId).orderBy(desc(acquiredAt), desc(lockerItems.id));
  return rows.map((row) => toLockerItem(row, urls));
}

export async function getLockerItem(
  db: Db,
  ownerId: number,
  itemId: number,
  urls: CatalogueUrls,
): Promise<LockerItem | null> {
  const [row] = await selectLocker(db, ownerId, itemId);
  return row ? toLockerItem(row, urls) : null;
}
