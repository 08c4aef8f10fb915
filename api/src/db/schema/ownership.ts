/** Draws (provably fair results) and the locker items they put in their owner's locker. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { LOCKER_STATUSES, type ShipAddress } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { boxModels, figures } from './catalogue';
import { createdAt, inList, moment } from './columns';
import { orders } from './commerce';

/**
 * One draw = HMAC-SHA256(serverSeed, `clientSeed:nonce`) mapped onto the box's published odds.
 * The seed itself is revealed when rotated (revealed_seed), so anyone can re-compute the result.
 */
export const draws = pgTable(
  'draws',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    boxModelId: integer('box_model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'restrict' }),
    /** SHA-256 of the server seed, hex, shown to the buyer before the purchase. */
    serverSeedHash: text('server_seed_hash').notNull(),
    /** The server seed, filled in only once it has been rotated out. */
    revealedSeed: text('revealed_seed'),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** The HMAC mapped to [0, 1 000 000): the point on the odds line that picked the figure. */
    rollPpm: integer('roll_ppm').notNull(),
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('draws_server_seed_hash_format', sql`${t.serverSeedHash} ~ '^[0-9a-f]{64}$'`),
    check('draws_nonce_non_negative', sql`${t.nonce} >= 0`),
    check('draws_roll_range', sql`${t.rollPpm} >= 0 AND ${t.rollPpm} < 1000000`),
    unique('draws_seed_client_nonce').on(t.serverSeedHash, t.clientSeed, t.nonce),
    index('draws_order_idx').on(t.orderId),
    index('draws_user_idx').on(t.userId, t.createdAt),
  ],
);

export const lockerItems = pgTable(
  'locker_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    /** The draw that produced the item; one item per draw. */
    drawId: integer('draw_id')
      .unique()
      .references(() => draws.id, { onDelete: 'restrict' }),
    status: text('status', { enum: LOCKER_STATUSES }).notNull().default('in_locker'),
    shipAddress: jsonb('ship_address').$type<ShipAddress>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    shipRequestedAt: moment('ship_requested_at'),
    shippedAt: moment('shipped_at'),
  },
  (t) => [
    check('locker_items_status', inList(t.status, LOCKER_STATUSES)),
    check(
      'locker_items_status_fields',
      sql`CASE ${t.status}
        WHEN 'in_locker' THEN ${t.shipRequestedAt} IS NULL AND ${t.shippedAt} IS NULL
        WHEN 'ship_requested' THEN ${t.shipAddress} IS NOT NULL AND ${t.shipRequestedAt} IS NOT NULL AND ${t.shippedAt} IS NULL
        WHEN 'shipped' THEN ${t.shipAddress} IS NOT NULL AND ${t.shipRequestedAt} IS NOT NULL AND ${t.shippedAt} IS NOT NULL
        ELSE FALSE END`,
    ),
    index('locker_items_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);
