/**
 * The signed-in user's address book: addresses the ship-out form offers. Rows are found by the
 * verified user's id only (another user's address is "not found"); the cap is counted under a
 * lock on the user's row, so two saves at once cannot pass it together.
 */
import { and, desc, eq } from 'drizzle-orm';
import { MAX_SAVED_ADDRESSES, type SavedAddress, type ShipOutAddress } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { savedAddresses, users } from '../db/schema';
import { apiError } from '../errors';

type SavedAddressRow = typeof savedAddresses.$inferSelect;

const toSavedAddress = (row: SavedAddressRow): SavedAddress => ({
  id: row.id,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
});

/** The same place, whatever the case and spacing it was typed in (the optional parts empty or absent alike). */
function sameAddress(a: ShipOutAddress, b: ShipOutAddress): boolean {
  const fields: (keyof ShipOutAddress)[] = [
    'name',
    'line1',
    'line2',
    'city',
    'region',
    'postalCode',
    'country',
    'phone',
  ];
  const norm = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return fields.every((field) => norm(a[field]) === norm(b[field]));
}

/** The user's addresses, newest first. */
export async function addressesOf(db: Db, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.createdAt), desc(savedAddresses.id));
  return rows.map(toSavedAddress);
}

/**
 * Saves an address (already checked with shipOutAddressSchema). An address the book holds already
 * is answered as it is (`created: false`); past MAX_SAVED_ADDRESSES it is a 409 that says what to do.
 */
export async function saveAddress(
  db: Db,
  userId: number,
  address: ShipOutAddress,
): Promise<{ saved: SavedAddress; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await tx.select().from(savedAddresses).where(eq(savedAddresses.userId, userId));
    const same = existing.find((row) => sameAddress(row.address, address));
    if (same) return { saved: toSavedAddress(same), created: false };
    if (existing.length >= MAX_SAVED_ADDRESSES) {
      throw apiError('address_book_full', { max: MAX_SAVED_ADDRESSES });
    }
    const [row] = await tx.insert(savedAddresses).values({ userId, address }).returning();
    if (!row) throw new Error('Inserting the address returned no row.');
    return { saved: toSavedAddress(row), created: true };
  });
}

/** Removes one of the user's addresses; false when they have none with this id. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  return removed.length > 0;
}
