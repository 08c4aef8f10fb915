/**
 * Ship-out of locker items. requested → shipped, or requested → cancelled (until shipped); the
 * items follow: in_locker → ship_requested → shipped, or back to in_locker on cancel. Every query
 * is narrowed to the owner, so another user's request or item is "not found".
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ShipOutAddress, ShipRequest } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { lockerItems, shipRequests } from '../db/schema';
import { conflict, notFound } from '../errors';

type ShipRequestRow = typeof shipRequests.$inferSelect;

const LOCKER_HINT = 'GET /api/locker lists your items.';
const REQUESTS_HINT = 'GET /api/locker/ship-requests lists your ship requests.';

function toShipRequest(row: ShipRequestRow): ShipRequest {
  return {
    id: row.id,
    status: row.status,
    address: row.address,
    itemIds: row.itemIds,
    createdAt: row.createdAt.toISOString(),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export async function createShipRequest(db: Db, ownerId: number, itemIds: number[], address: ShipOutAddress): Promise<ShipRequest> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select({ id: lockerItems.id, status: lockerItems.status })
      .from(lockerItems)
      .where(and(eq(lockerItems.userId, ownerId), inArray(lockerItems.id, itemIds)))
      .for('update');
    const missing = itemIds.filter((id) => !items.some((item) => item.id === id));
    if (missing.length > 0) throw notFound(`Locker item${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, LOCKER_HINT);
    const busy = items.filter((item) => item.status !== 'in_locker');
    if (busy.length > 0) {
      throw conflict(
        `Item${busy.length > 1 ? 's' : ''} ${busy.map((item) => `${item.id} (${item.status.replace('_', ' ')})`).join(', ')} cannot be shipped: only items in your locker can. Cancel the earlier ship request first, or leave ${busy.length > 1 ? 'them' : 'it'} out.`,
        { itemIds: busy.map((item) => item.id) },
      );
    }
    const [request] = await tx.insert(shipRequests).values({ userId: ownerId, address, itemIds }).returning();
    if (!request) throw new Error('Inserting the ship request returned no row.');
    await tx
      .update(lockerItems)
      .set({ status: 'ship_requested', shipRequestId: request.id, shipAddress: address, shipRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(inArray(lockerItems.id, itemIds));
    return toShipRequest(request);
  });
}

export async function listShipRequests(db: Db, ownerId: number): Promise<ShipRequest[]> {
  const rows = await db.select().from(shipRequests).where(eq(shipRequests.userId, ownerId)).orderBy(desc(shipRequests.createdAt), desc(shipRequests.id));
  return rows.map(toShipRequest);
}

async function lockRequest(tx: Db, ownerId: number | null, id: number): Promise<ShipRequestRow> {
  const [request] = await tx
    .select()
    .from(shipRequests)
    .where(and(eq(shipRequests.id, id), ownerId === null ? undefined : eq(shipRequests.userId, ownerId)))
    .for('update');
  if (!request) throw notFound(`Ship request ${id}`, REQUESTS_HINT);
  return request;
}

/** Cancels a request that has not shipped; its items go back to the locker. Cancelling twice is a no-op. */
export async function cancelShipRequest(db: Db, ownerId: number, id: number): Promise<ShipRequest> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, ownerId, id);
    if (request.status === 'cancelled') return toShipRequest(request);
    if (request.status === 'shipped') throw conflict(`Ship request ${id} has already shipped and can no longer be cancelled.`, { status: request.status });
    const [cancelled] = await tx
      .update(shipRequests)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(shipRequests.id, id))
      .returning();
    await tx
      .update(lockerItems)
      .set({ status: 'in_locker', shipRequestId: null, shipAddress: null, shipRequestedAt: null, updatedAt: sql`now()` })
      .where(eq(lockerItems.shipRequestId, id));
    return toShipRequest(cancelled ?? request);
  });
}

/** The warehouse sent the parcel (operators; no public route): request and items → shipped. */
export async function markShipped(db: Db, id: number): Promise<ShipRequest> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, null, id);
    if (request.status !== 'requested') throw conflict(`Ship request ${id} is ${request.status}; only a requested one can ship.`);
    const [shipped] = await tx.update(shipRequests).set({ status: 'shipped', shippedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(shipRequests.id, id)).returning();
    await tx.update(lockerItems).set({ status: 'shipped', shippedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(lockerItems.shipRequestId, id));
    return toShipRequest(shipped ?? request);
  });
}
