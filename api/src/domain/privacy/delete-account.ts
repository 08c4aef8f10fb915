/**
 * "Delete my account": refused while money or items are on their way (account_busy, with what to do
 * first); otherwise, in one transaction under the user's row lock, the personal data are erased or
 * replaced and the Firebase user is deleted (last, so a failure there rolls everything back). What
 * accounting must keep (orders, payments, the ledger, sales) stays, tied to the row that is now a
 * pseudonym (`member-<random>`), and so do payouts' destinations: a payout asked for is owed to
 * that account until paid (there is no payout rail yet to mark one paid). The handle is kept HANDLE_CHANGE_DAYS for the deleted account, as a
 * handle given up is (profile.ts), so nobody takes the name at once; every place that shows a handle
 * reads users.handle, now null, so none shows the old name.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  type AccountBusyItem,
  DELETE_ACCOUNT_PHRASE,
  HANDLE_CHANGE_DAYS,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import {
  chanceControls,
  draws,
  exportJobs,
  handleReservations,
  ledgerEntries,
  listings,
  lockerItems,
  orders,
  paymentMethods,
  payments,
  savedAddresses,
  serverSeeds,
  shipRequests,
  users,
} from '../../db/schema';
import { apiError } from '../../errors';
import { deletedUidMark } from '../users';

/** What an erased client seed and an erased address line read. */
export const ERASED = 'erased';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const count = (value: unknown) => Number(value ?? 0);

/** What keeps the user's account from being deleted now, with what to do first; empty when nothing. */
export async function whatKeepsAccount(tx: Db | Tx, userId: number): Promise<AccountBusyItem[]> {
  const [[orderCounts], [listingCount], [balance], [shipCount]] = await Promise.all([
    tx
      .select({
        unpaid: sql<number>`count(*) filter (where ${orders.status} = 'pending_payment' and (${orders.expiresAt} > now() or ${orders.captureStartedAt} is not null))`,
        paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')`,
      })
      .from(orders)
      .where(eq(orders.userId, userId)),
    tx
      .select({ open: sql<number>`count(*)` })
      .from(listings)
      .where(and(eq(listings.sellerId, userId), eq(listings.status, 'open'))),
    tx
      .select({ minor: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
    tx
      .select({ open: sql<number>`count(*)` })
      .from(shipRequests)
      .where(
        and(eq(shipRequests.userId, userId), inArray(shipRequests.status, ['awaiting_payment', 'requested'])),
      ),
  ]);
  const items: AccountBusyItem[] = [];
  const add = (kind: AccountBusyItem['kind'], n: number, todo: string) => {
    if (n > 0) items.push({ kind, count: n, todo });
  };
  add(
    'unpaid_orders',
    count(orderCounts?.unpaid),
    'Pay for or cancel your unpaid orders (on your orders page).',
  );
  add(
    'orders_in_progress',
    count(orderCounts?.paid),
    'Wait for your paid orders to finish (their draw or delivery); it takes moments.',
  );
  add('open_listings', count(listingCount?.open), 'Withdraw your open listings (on your profile).');
  add('balance', count(balance?.minor), 'Ask for a payout of your balance (on your profile).');
  add(
    'ship_outs',
    count(shipCount?.open),
    'Wait for your ship-outs to be shipped, or cancel the ones not yet shipped (in your locker).',
  );
  return items;
}

/** The erased form of a stored address: the country stays (accounting of shipping and taxes). */
const erasedAddress = (column: typeof shipRequests.address | typeof lockerItems.shipAddress) =>
  sql`jsonb_build_object('name', ${ERASED}::text, 'line1', ${ERASED}::text, 'city', ${ERASED}::text, 'postalCode', ${ERASED}::text, 'country', ${column}->>'country')`;

/**
 * Deletes the user's account (see the module's comment). `confirm` is the second confirmation: the
 * user's handle, or DELETE_ACCOUNT_PHRASE when they have none. `deleteFirebaseUser` runs last,
 * inside the transaction.
 */
export async function deleteAccount(
  db: Db,
  user: { id: number; firebaseUid: string },
  confirm: string,
  deleteFirebaseUser: (uid: string) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ handle: users.handle, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row || row.deletedAt) throw apiError('account_deleted', {});
    const expected = row.handle ?? DELETE_ACCOUNT_PHRASE;
    if (confirm !== expected)
      throw apiError('account_delete_unconfirmed', { expected: row.handle ? 'handle' : 'phrase' });
    const busy = await whatKeepsAccount(tx, user.id);
    if (busy.length > 0) throw apiError('account_busy', { items: busy });

    if (row.handle) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`handle:${row.handle}`}))`);
      const reservedUntil = sql`now() + make_interval(days => ${HANDLE_CHANGE_DAYS}::int)`;
      await tx
        .insert(handleReservations)
        .values({ handle: row.handle, userId: user.id, reservedUntil })
        .onConflictDoUpdate({ target: handleReservations.handle, set: { userId: user.id, reservedUntil } });
    }
    await tx
      .update(users)
      .set({
        firebaseUid: deletedUidMark(user.firebaseUid),
        email: null,
        displayName: null,
        handle: null,
        handleChangedAt: null,
        feedVisible: false,
        deletedAt: sql`now()`,
        pseudonym: `member-${randomBytes(8).toString('hex')}`,
      })
      .where(eq(users.id, user.id));
    await tx.delete(savedAddresses).where(eq(savedAddresses.userId, user.id));
    await tx.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
    await tx.delete(exportJobs).where(eq(exportJobs.userId, user.id));
    // The month of birth, the time zone and the limits: personal, and of no use to accounting.
    await tx.delete(chanceControls).where(eq(chanceControls.userId, user.id));
    await tx.update(serverSeeds).set({ clientSeed: ERASED }).where(eq(serverSeeds.userId, user.id));
    await tx.update(draws).set({ clientSeed: ERASED }).where(eq(draws.userId, user.id));
    await tx
      .update(shipRequests)
      .set({ address: erasedAddress(shipRequests.address) })
      .where(eq(shipRequests.userId, user.id));
    await tx
      .update(lockerItems)
      .set({ shipAddress: erasedAddress(lockerItems.shipAddress) })
      .where(and(eq(lockerItems.userId, user.id), isNotNull(lockerItems.shipAddress)));
    // The order's request body may hold an address; the provider's tokens are no longer needed.
    await tx.update(orders).set({ request: null }).where(eq(orders.userId, user.id));
    await tx
      .update(payments)
      .set({ vaultToken: null, approvalUrl: null })
      .where(
        and(
          inArray(
            payments.orderId,
            tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)),
          ),
          or(isNotNull(payments.vaultToken), isNotNull(payments.approvalUrl)),
        ),
      );
    await deleteFirebaseUser(user.firebaseUid);
  });
}
