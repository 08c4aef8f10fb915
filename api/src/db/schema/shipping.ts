/** Ship requests: locker items going home, and the state of their parcel. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SHIP_REQUEST_STATUSES, type ShipOutAddress } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { createdAt, inList, int8Id, int8Identity, moment } from './columns';

/**
 * A ship-out of one or more locker items: awaiting_payment (its fee's ship-out order unpaid) →
 * requested (paid) → shipped, or awaiting_payment | requested → cancelled.
 */
export const shipRequests = pgTable(
  'ship_requests',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SHIP_REQUEST_STATUSES }).notNull().default('requested'),
    address: jsonb('address').$type<ShipOutAddress>().notNull(),
    /** The items shipped together; kept after a cancel, when the items no longer point here. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    /** The fee quoted when requested (the shared fee table); null on requests made before fees. */
    feeMinor: integer('fee_minor'),
    feeCurrency: text('fee_currency'),
    /** Set when shipped (requests shipped before tracking have none). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    shippedAt: moment('shipped_at'),
    cancelledAt: moment('cancelled_at'),
  },
  (t) => [
    check('ship_requests_status', inList(t.status, SHIP_REQUEST_STATUSES)),
    // Both or neither (a NULL check passes, hence the equality of the IS NULLs).
    check(
      'ship_requests_fee',
      sql`(${t.feeMinor} IS NULL) = (${t.feeCurrency} IS NULL) AND (${t.feeMinor} IS NULL OR (${t.feeMinor} >= 0 AND ${t.feeCurrency} ~ '^[A-Z]{3}$'))`,
    ),
    // Tracking comes with its carrier, and only once shipped.
    check(
      'ship_requests_tracking',
      sql`(${t.carrier} IS NULL) = (${t.trackingNumber} IS NULL) AND (${t.trackingNumber} IS NULL OR ${t.status} = 'shipped')`,
    ),
    check(
      'ship_requests_status_fields',
      sql`CASE ${t.status}
        WHEN 'awaiting_payment' THEN ${t.shippedAt} IS NULL AND ${t.cancelledAt} IS NULL
        WHEN 'requested' THEN ${t.shippedAt} IS NULL AND ${t.cancelledAt} IS NULL
        WHEN 'shipped' THEN ${t.shippedAt} IS NOT NULL AND ${t.cancelledAt} IS NULL
        WHEN 'cancelled' THEN ${t.cancelledAt} IS NOT NULL AND ${t.shippedAt} IS NULL
        ELSE FALSE END`,
    ),
    index('ship_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
