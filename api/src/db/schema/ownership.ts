/** Draws (provably fair results) and the locker items they put in their owner's locker. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type DrawOddsLine, LOCKER_STATUSES, type ShipAddress } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { boxModels, figures } from './catalogue';
import { createdAt, inList, int8Id, int8Identity, moment } from './columns';
// The data model's own cycle (orders → listings → locker items → draws → orders): every use is a lazy
// `references(() => …)`, read after all tables exist, so the import order cannot matter.
// oxlint-disable-next-line import/no-cycle
import { orders } from './commerce';
import { shipRequests } from './shipping';

/**
 * A user's provably fair seeds. The active row's server seed is secret (only its SHA-256 is shown)
 * until rotated: rotation sets revealed_at and starts a new active row. The nonce counts the
 * draws made with the seed; a draw takes it and increments it in one locked UPDATE.
 */
export const serverSeeds = pgTable(
  'server_seeds',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 32 random bytes, hex. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull().unique(),
    /** The buyer's client seed, carried over to the next server seed on rotation. */
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: createdAt(),
    revealedAt: moment('revealed_at'),
  },
  (t) => [
    check('server_seeds_seed_format', sql`${t.seed} ~ '^[0-9a-f]{64}$' AND ${t.seedHash} ~ '^[0-9a-f]{64}$'`),
    check('server_seeds_client_seed_length', sql`char_length(${t.clientSeed}) BETWEEN 1 AND 64`),
    check('server_seeds_nonce_non_negative', sql`${t.nextNonce} >= 0`),
    // One active (unrevealed) seed per user.
    uniqueIndex('server_seeds_one_active')
      .on(t.userId)
      .where(sql`${t.revealedAt} IS NULL`),
  ],
);

/**
 * One draw = HMAC-SHA256(serverSeed, `clientSeed:nonce`) mapped onto the box's published odds.
 * The seed itself is revealed when rotated (revealed_seed), so anyone can re-compute the result.
 */
export const draws = pgTable(
  'draws',
  {
    id: int8Identity(),
    orderId: int8Id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    boxModelId: integer('box_model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'restrict' }),
    serverSeedId: int8Id('server_seed_id')
      .notNull()
      .references(() => serverSeeds.id, { onDelete: 'restrict' }),
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
    /** The odds lines the roll was mapped onto (figures in stock, line-up order): the proof needs them. */
    oddsLines: jsonb('odds_lines').$type<DrawOddsLine[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('draws_server_seed_hash_format', sql`${t.serverSeedHash} ~ '^[0-9a-f]{64}$'`),
    check('draws_nonce_non_negative', sql`${t.nonce} >= 0`),
    check('draws_roll_range', sql`${t.rollPpm} >= 0 AND ${t.rollPpm} < 1000000`),
    unique('draws_seed_client_nonce').on(t.serverSeedHash, t.clientSeed, t.nonce),
    // Exactly one draw per order, ever: a retried or concurrent fulfilment cannot draw twice.
    unique('draws_one_per_order').on(t.orderId),
    index('draws_user_idx').on(t.userId, t.createdAt),
  ],
);

export const lockerItems = pgTable(
  'locker_items',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    /** The draw that produced the item; one item per draw. */
    drawId: int8Id('draw_id')
      .unique()
      .references(() => draws.id, { onDelete: 'restrict' }),
    status: text('status', { enum: LOCKER_STATUSES }).notNull().default('in_locker'),
    /** The ship request holding the item (ship_requested, shipped); null in the locker. */
    shipRequestId: int8Id('ship_request_id').references(() => shipRequests.id, { onDelete: 'restrict' }),
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
        WHEN 'in_locker' THEN ${t.shipRequestedAt} IS NULL AND ${t.shippedAt} IS NULL AND ${t.shipRequestId} IS NULL
        WHEN 'listed' THEN ${t.shipRequestedAt} IS NULL AND ${t.shippedAt} IS NULL AND ${t.shipRequestId} IS NULL
        WHEN 'ship_requested' THEN ${t.shipAddress} IS NOT NULL AND ${t.shipRequestedAt} IS NOT NULL AND ${t.shippedAt} IS NULL
        WHEN 'shipped' THEN ${t.shipAddress} IS NOT NULL AND ${t.shipRequestedAt} IS NOT NULL AND ${t.shippedAt} IS NOT NULL
        ELSE FALSE END`,
    ),
    index('locker_items_user_idx').on(t.userId, t.createdAt, t.id),
    index('locker_items_ship_request_idx').on(t.shipRequestId),
  ],
);
