/**
 * What a user keeps on their profile: the public handle they chose and their saved payment methods.
 * Rows are found by the verified user's id only; another user's method is "not found".
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { HANDLE_CHANGE_DAYS, type Me, type SavedPaymentMethod } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { paymentMethods, users } from '../db/schema';
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

/**
 * Sets the user's handle (already lower-case and checked); 409 when another user has it, or when
 * it changed less than HANDLE_CHANGE_DAYS ago (checked and written under the user's row lock).
 * Setting the handle it already is changes nothing.
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
      const since = row.changedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      const next = new Date(since + HANDLE_CHANGE_DAYS * 86_400_000);
      if (row.handle !== null && next.getTime() > Date.now()) {
        throw apiError('handle_changed_recently', {
          changedOn: String(row.changedAt?.toISOString().slice(0, 10)),
          nextOn: next.toISOString().slice(0, 10),
          days: HANDLE_CHANGE_DAYS,
          nextChangeAt: next.toISOString(),
        });
      }
      // The first choice is free; a change from one handle to another starts the wait.
      await tx
        .update(users)
        .set({ handle, handleChangedAt: row.handle === null ? null : sql`now()` })
        .where(eq(users.id, userId));
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
