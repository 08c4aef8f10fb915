/** People: a user row per Firebase uid, created on first authenticated request. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShipOutAddress } from '@arttoy/shared/contracts/api';
import { createdAt, int8Id, int8Identity } from './columns';

export const users = pgTable(
  'users',
  {
    id: int8Identity(),
    /** The Firebase Auth uid, taken from a verified ID token only, never from the request body. */
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email'),
    displayName: text('display_name'),
    /**
     * The public name the user chose on their profile: stored lower-case, so the unique constraint
     * makes handles unique whatever case they were typed in; null until chosen.
     */
    handle: text('handle').unique(),
    /** When the handle was last chosen (the first choice too): changes are HANDLE_CHANGE_DAYS apart at least. */
    handleChangedAt: timestamp('handle_changed_at', { withTimezone: true, mode: 'date' }),
    /** Whether the live room may show the handle beside the user's pulls and purchases; hidden until chosen. */
    feedVisible: boolean('feed_visible').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set when the account was deleted (domain/privacy/delete-account.ts): the row stays, as the
     * pseudonym its orders and ledger keep, with its personal data erased and firebase_uid replaced
     * by `deleted:<SHA-256 of the uid>`, so the old uid's tokens are refused without keeping the uid.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** What accounting calls a deleted account by (`member-<random>`); null while the account lives. */
    pseudonym: text('pseudonym').unique(),
  },
  (t) => [
    check('users_firebase_uid_length', sql`char_length(${t.firebaseUid}) BETWEEN 1 AND 128`),
    check('users_handle_format', sql`${t.handle} ~ '^[a-z0-9_]{3,20}$'`),
    check(
      'users_deleted_erased',
      sql`${t.deletedAt} IS NULL OR (${t.email} IS NULL AND ${t.displayName} IS NULL AND ${t.handle} IS NULL AND ${t.pseudonym} IS NOT NULL)`,
    ),
  ],
);

/**
 * Handles given up, each kept for its last owner until `reserved_until` (HANDLE_CHANGE_DAYS after
 * the change): only they may take it back meanwhile. Written and read under a transaction-scoped
 * advisory lock per handle (domain/profile.ts), so a release and a claim of one handle never cross.
 */
export const handleReservations = pgTable(
  'handle_reservations',
  {
    handle: text('handle').primaryKey(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservedUntil: timestamp('reserved_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('handle_reservations_user_idx').on(t.userId)],
);

/** A user's address book: addresses the ship-out form offers (at most MAX_SAVED_ADDRESSES, counted under the user's row lock). */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<ShipOutAddress>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_addresses_user_idx').on(t.userId, t.createdAt)],
);
