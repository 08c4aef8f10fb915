/** People: a user row per Firebase uid, created on first authenticated request. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The Firebase Auth uid, taken from a verified ID token only, never from the request body. */
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email'),
    displayName: text('display_name'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('users_firebase_uid_length', sql`char_length(${t.firebaseUid}) BETWEEN 1 AND 128`)],
);
