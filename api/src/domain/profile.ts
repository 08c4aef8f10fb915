/**
 * What a user keeps on their profile: the public handle they chose and their saved payment methods.
 * Rows are found by the verified user's id only; another user's method is "not found".
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { HANDLE_CHANGE_DAYS, type Me, type SavedPaymentMethod } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { handleReservations, paymentMethods, users } from '../db/schema';
import { violatesUnique } from '../db/unique-violation';
import { apiError } from '../errors';
import type { UserRow } from './users';

/** GET /api/me's answer: the user as the provider names them, and the handle they chose. */
export const toMe = (user: UserRow, handle: string | null): Me => ({
  id: user.id,
  uid: user.firebaseUid,
  email: user.email,
  displayName: user.displayName,
  handle,
  createdAt: user.createdAt.toISOString(),
});

/** The user's handle, read from the row (the per-process user cache of domain/users.ts does not hold it). */
export async function handleOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ handle: users.handle }).from(users).where(eq(users.id, userId));
  return row?.handle ?? null;
}

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Sets the user's handle (already lower-case and checked); 409 when another user has it, when its
 * last owner gave it up less than HANDLE_CHANGE_DAYS ago (it is kept for them), or when the user's
 * own handle was chosen less than HANDLE_CHANGE_DAYS ago (taking back a handle kept for them needs
 * no wait). The handle given up is kept for the user as long. Checked and written under the user's row lock and a transaction-scoped advisory lock on
 * each handle involved (in one order, so two changes never wait for each other): a release and a
 * claim of one handle are decided one after the other. Setting the handle it already is changes
 * nothing.
 */
export async function setHandle(db: Db, userId: number, handle: string): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ handle: users.handle, changedAt: users.handleChangedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row || row.handle === handle) return;
      for (const name of [handle, row.handle].filter((held) => held !== null).toSorted()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`handle:${name}`}))`);
      }
      const [kept] = await tx
        .select({ userId: handleReservations.userId, until: handleReservations.reservedUntil })
        .from(handleReservations)
        .where(and(eq(handleReservations.handle, handle), gt(handleReservations.reservedUntil, sql`now()`)));
      if (kept && kept.userId !== userId) {
        throw apiError('handle_reserved', {
          handle,
          until: day(kept.until),
          reservedUntil: kept.until.toISOString(),
        });
      }
      // Taking back one's own handle given up is no new name, so it need not wait.
      if (!kept && row.handle !== null && row.changedAt) {
        const next = new Date(row.changedAt.getTime() + HANDLE_CHANGE_DAYS * DAY_MS);
        if (next.getTime() > Date.now()) {
          throw apiError('handle_changed_recently', {
            changedOn: day(row.changedAt),
            nextOn: day(next),
            days: HANDLE_CHANGE_DAYS,
            nextChangeAt: next.toISOString(),
          });
        }
      }
      // Every choice starts the wait, the first too: a handle cannot be swapped right after it was chosen.
      await tx
        .update(users)
        .set({ handle, handleChangedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx.delete(handleReservations).where(eq(handleReservations.handle, handle));
      if (row.handle !== null) {
        const reservedUntil = sql`now() + make_interval(days => ${HANDLE_CHANGE_DAYS}::int)`;
        await tx
          .insert(handleReservations)
          .values({ handle: row.handle, userId, reservedUntil })
          .onConflictDoUpdate({ target: handleReservations.handle, set: { userId, reservedUntil } });
      }
    });
  } catch (error) {
    if (violatesUnique(error, 'users_handle_unique')) throw apiError('handle_taken', { handle });
    throw error;
  }
  return handle;
}

/** The user's saved payment methods, newest first. */
export async function savedMethodsOf(db: Db, userId: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    vaultToken: row.vaultToken,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Removes one of the user's saved methods; false when they have none with this id. */
export async function removeSavedMethod(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  return removed.length > 0;
}
