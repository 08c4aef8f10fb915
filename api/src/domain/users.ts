/**
 * Users exist by their Firebase uid: the first verified request creates the row. Later requests
 * read it, and write only when the provider's e-mail or name changed or the last-seen time is over
 * an hour old: a signed-in request is not a write (each write takes a row lock, WAL and, with
 * INSERT … ON CONFLICT, a sequence number even when the row exists). A row read is kept in this
 * process for a minute (ids never change; a changed e-mail or name shows within that minute).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { users } from '../db/schema';
import { apiError } from '../errors';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface UserRow {
  id: number;
  firebaseUid: string;
  email: string | null;
  displayName: string | null;
  createdAt: Date;
}

/** How often the last-seen time is written for an active user. */
const LAST_SEEN_EVERY_MS = 60 * 60_000;
/** How long a user row read is kept in this process, and how many at most. */
const KEEP_MS = 60_000;
const KEEP_AT_MOST = 10_000;

const rowColumns = {
  id: users.id,
  firebaseUid: users.firebaseUid,
  email: users.email,
  displayName: users.displayName,
  createdAt: users.createdAt,
};

const kept = new WeakMap<Db, Map<string, { row: UserRow; until: number }>>();

/** What the row should say: the token's e-mail, its name when it has one (providers may omit it). */
const wanted = (row: UserRow, identity: VerifiedIdentity) => ({
  email: identity.email,
  displayName: identity.displayName ?? row.displayName,
});

/**
 * What a deleted account's firebase_uid becomes: the uid's SHA-256, so a token of the old uid is
 * recognised and refused while the uid itself is no longer kept.
 */
export const deletedUidMark = (uid: string): string =>
  `deleted:${createHash('sha256').update(uid).digest('hex')}`;

/** Drops the row kept in this process for this uid (its account was just deleted). */
export function forgetUser(db: Db, uid: string): void {
  kept.get(db)?.delete(uid);
}

/**
 * The user of a verified token, created on first sight; safe under concurrent first requests. A
 * token of a deleted account is refused (401 account_deleted), never given a new empty account.
 */
export async function userOf(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  let rows = kept.get(db);
  if (!rows) kept.set(db, (rows = new Map()));
  const hit = rows.get(identity.uid);
  const now = Date.now();
  if (
    hit &&
    hit.until > now &&
    hit.row.email === identity.email &&
    (identity.displayName === null || hit.row.displayName === identity.displayName)
  ) {
    return hit.row;
  }
  const row = await readOrCreate(db, identity);
  rows.delete(identity.uid);
  if (rows.size >= KEEP_AT_MOST) rows.delete(rows.keys().next().value as string);
  rows.set(identity.uid, { row, until: now + KEEP_MS });
  return row;
}

async function readOrCreate(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const byUid = preparedFor(db, 'user_by_uid', (name) =>
    db
      .select({ ...rowColumns, lastSeenAt: users.lastSeenAt })
      .from(users)
      .where(eq(users.firebaseUid, sql.placeholder('uid')))
      .prepare(name),
  );
  const [found] = await byUid.execute({ uid: identity.uid });
  if (found) {
    const { lastSeenAt, ...row } = found;
    const next = wanted(row, identity);
    const stale = Date.now() - lastSeenAt.getTime() > LAST_SEEN_EVERY_MS;
    if (!stale && next.email === row.email && next.displayName === row.displayName) return row;
    const [updated] = await db
      .update(users)
      .set({ ...next, lastSeenAt: sql`now()` })
      .where(eq(users.id, row.id))
      .returning(rowColumns);
    return updated ?? row;
  }
  const [deleted] = await byUid.execute({ uid: deletedUidMark(identity.uid) });
  if (deleted) throw apiError('account_deleted', {});
  const [created] = await db
    .insert(users)
    .values({ firebaseUid: identity.uid, email: identity.email, displayName: identity.displayName })
    .onConflictDoNothing({ target: users.firebaseUid })
    .returning(rowColumns);
  if (created) return created;
  // Another request created it between our read and our insert.
  const [raced] = await byUid.execute({ uid: identity.uid });
  if (!raced) throw new Error(`User ${identity.uid} was neither found nor created.`);
  const { lastSeenAt: _seen, ...row } = raced;
  return row;
}
