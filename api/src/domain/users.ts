/** Users exist by their Firebase uid: the first verified request creates the row. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

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

/** Creates or refreshes the user of a verified token, in one statement (safe under concurrent first requests). */
export async function upsertUser(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ firebaseUid: identity.uid, email: identity.email, displayName: identity.displayName })
    .onConflictDoUpdate({
      target: users.firebaseUid,
      set: { email: sql`excluded.email`, displayName: sql`coalesce(excluded.display_name, ${users.displayName})`, lastSeenAt: sql`now()` },
    })
    .returning({ id: users.id, firebaseUid: users.firebaseUid, email: users.email, displayName: users.displayName, createdAt: users.createdAt });
  if (!row) throw new Error(`Upserting user ${identity.uid} returned no row.`);
  return row;
}
