/**
 * The ring of tables an item goes round: an order is paid and drawn (draws, with the buyer's server
 * seeds), the draw puts a locker item in its owner's locker, the item is listed, and a listing is
 * bought by an order. The four reference one another, so they live in one module: the tables that
 * hang off them (payments in commerce.ts, sales and the ledger in market.ts) import this one.
 *
 * The order status machine (domain/order-status.ts) is mirrored here as CHECKs, so a bug in any
 * writer cannot store an illegal status or a status without its timestamp.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import {
  type DrawOddsLine,
  LISTING_PRICE_MAX_MINOR,
  LISTING_PRICE_MIN_MINOR,
  LISTING_STATUSES,
  LOCKER_STATUSES,
  ORDER_KINDS,
  ORDER_STATUSES,
  type ShipAddress,
} from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { boxModels, figures } from './catalogue';
import { shipRequests } from './shipping';
import { createdAt, inList, int8Id, int8Identity, minorUnits, moment } from './columns';

export const orders = pgTable(
  'orders',
  {
    id: int8Identity(),
    /** The reference shown to the buyer and support (the payment store's orderSn). */
    orderSn: text('order_sn').notNull().unique(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'box': a mystery box, drawn when paid; 'ship_out': a ship request's fee, sent to the warehouse when paid. */
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('box'),
    /** The box, for a box order (null for a ship-out). */
    boxModelId: integer('box_model_id').references(() => boxModels.id, { onDelete: 'restrict' }),
    /** The ship request whose fee it pays, for a ship-out order (null for a box); one order per request. */
    shipRequestId: int8Id('ship_request_id')
      .unique()
      .references(() => shipRequests.id, { onDelete: 'restrict' }),
    /**
     * The collector's listing it buys, for a listing order (null otherwise). Typed by hand: listings
     * lead back here through locker items and draws, a cycle TypeScript cannot infer.
     */
    listingId: int8Id('listing_id').references((): AnyPgColumn => listings.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Copied from the box model when ordered: a later price change does not alter an order. */
    unitPriceMinor: minorUnits('unit_price_minor').notNull(),
    totalMinor: minorUnits('total_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    /** The client's key for "create this order": a retried request returns the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * The whole POST /api/orders body that created it, as validated (null for orders from before it
     * was kept): a retry with the same key must send the same body, or it is refused.
     */
    request: jsonb('request').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** An unpaid order releases its reserved stock after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: moment('paid_at'),
    fulfilledAt: moment('fulfilled_at'),
    expiredAt: moment('expired_at'),
    cancelledAt: moment('cancelled_at'),
    refundedAt: moment('refunded_at'),
    /**
     * Set, and committed, before a provider is asked to take the money (a capture, or a payment with
     * a saved method); cleared when the provider's answer is recorded. While set the order holds its
     * box for CAPTURE_HOLD_SECONDS from this moment, whatever its own time says (orders/reservation.ts),
     * and it is never swept as expired while a payment of it may still be in doubt.
     */
    captureStartedAt: moment('capture_started_at'),
  },
  (t) => [
    check('orders_status', inList(t.status, ORDER_STATUSES)),
    check('orders_kind', inList(t.kind, ORDER_KINDS)),
    // Each kind has its one target: a box, a ship request or a listing.
    check(
      'orders_kind_target',
      sql`CASE ${t.kind} WHEN 'box' THEN ${t.boxModelId} IS NOT NULL AND ${t.shipRequestId} IS NULL AND ${t.listingId} IS NULL
        WHEN 'ship_out' THEN ${t.shipRequestId} IS NOT NULL AND ${t.boxModelId} IS NULL AND ${t.listingId} IS NULL
        WHEN 'listing' THEN ${t.listingId} IS NOT NULL AND ${t.boxModelId} IS NULL AND ${t.shipRequestId} IS NULL ELSE FALSE END`,
    ),
    check('orders_quantity_range', sql`${t.quantity} BETWEEN 1 AND 10`),
    check(
      'orders_total_is_price_times_quantity',
      sql`${t.totalMinor} = ${t.unitPriceMinor} * ${t.quantity} AND ${t.unitPriceMinor} > 0`,
    ),
    check('orders_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('orders_expires_after_created', sql`${t.expiresAt} > ${t.createdAt}`),
    // Each status carries exactly the timestamps of the path that leads to it.
    check(
      'orders_status_timestamps',
      sql`CASE ${t.status}
        WHEN 'pending_payment' THEN ${t.paidAt} IS NULL AND ${t.fulfilledAt} IS NULL AND ${t.expiredAt} IS NULL AND ${t.cancelledAt} IS NULL AND ${t.refundedAt} IS NULL
        WHEN 'paid' THEN ${t.paidAt} IS NOT NULL AND ${t.fulfilledAt} IS NULL AND ${t.expiredAt} IS NULL AND ${t.cancelledAt} IS NULL AND ${t.refundedAt} IS NULL
        WHEN 'fulfilled' THEN ${t.paidAt} IS NOT NULL AND ${t.fulfilledAt} IS NOT NULL AND ${t.expiredAt} IS NULL AND ${t.cancelledAt} IS NULL AND ${t.refundedAt} IS NULL
        WHEN 'expired' THEN ${t.expiredAt} IS NOT NULL AND ${t.paidAt} IS NULL AND ${t.cancelledAt} IS NULL
        WHEN 'cancelled' THEN ${t.cancelledAt} IS NOT NULL AND ${t.paidAt} IS NULL AND ${t.expiredAt} IS NULL
        WHEN 'refunded' THEN ${t.refundedAt} IS NOT NULL AND ${t.paidAt} IS NOT NULL AND ${t.expiredAt} IS NULL AND ${t.cancelledAt} IS NULL
        ELSE FALSE END`,
    ),
    check(
      'orders_timestamps_in_order',
      sql`(${t.paidAt} IS NULL OR ${t.paidAt} >= ${t.createdAt})
        AND (${t.fulfilledAt} IS NULL OR ${t.fulfilledAt} >= ${t.paidAt})
        AND (${t.refundedAt} IS NULL OR ${t.refundedAt} >= ${t.paidAt})`,
    ),
    unique('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    // The boxes held by live orders are summed per box on every purchase (domain/orders/reservation.ts):
    // without it, that sum would read every order the box ever had.
    index('orders_live_by_box_idx')
      .on(t.boxModelId, t.expiresAt)
      .where(sql`${t.status} IN ('pending_payment', 'paid')`),
    // A listing's live orders are looked for on every order of it (domain/market/listing-orders.ts).
    index('orders_live_by_listing_idx')
      .on(t.listingId)
      .where(sql`${t.status} IN ('pending_payment', 'paid')`),
    // A buyer's unpaid orders are counted on every order they place (the caps of domain/orders/order-limits.ts).
    index('orders_unpaid_by_user_idx')
      .on(t.userId, t.boxModelId)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);

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
    /**
     * What names the draw in public (GET /api/draws/:publicId/proof): 22 characters of base64url
     * from a random UUID (122 random bits), so draws cannot be counted or walked as ids can. Filled
     * by the database on insert.
     */
    publicId: text('public_id')
      .notNull()
      .default(
        sql`translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    check('draws_server_seed_hash_format', sql`${t.serverSeedHash} ~ '^[0-9a-f]{64}$'`),
    check('draws_public_id_format', sql`${t.publicId} ~ '^[A-Za-z0-9_-]{22}$'`),
    unique('draws_public_id_unique').on(t.publicId),
    check('draws_nonce_non_negative', sql`${t.nonce} >= 0`),
    check('draws_roll_range', sql`${t.rollPpm} >= 0 AND ${t.rollPpm} < 1000000`),
    unique('draws_seed_client_nonce').on(t.serverSeedHash, t.clientSeed, t.nonce),
    // Exactly one draw per order, ever: a retried or concurrent fulfilment cannot draw twice.
    unique('draws_one_per_order').on(t.orderId),
    index('draws_user_idx').on(t.userId, t.createdAt),
    // A hidden secret's pulls are counted at each of its draws until it is revealed (arttoy_write_draw).
    index('draws_figure_idx').on(t.figureId),
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

/** A locker item offered at a price: open → sold | withdrawn. At most one open listing per item. */
export const listings = pgTable(
  'listings',
  {
    id: int8Identity(),
    lockerItemId: int8Id('locker_item_id')
      .notNull()
      .references(() => lockerItems.id, { onDelete: 'restrict' }),
    sellerId: int8Id('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The item's figure, kept here so a figure page finds its listings by an index. */
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    priceMinor: minorUnits('price_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set when sold or withdrawn. */
    closedAt: moment('closed_at'),
  },
  (t) => [
    check('listings_status', inList(t.status, LISTING_STATUSES)),
    check(
      'listings_price_range',
      sql`${t.priceMinor} BETWEEN ${sql.raw(String(LISTING_PRICE_MIN_MINOR))} AND ${sql.raw(String(LISTING_PRICE_MAX_MINOR))}`,
    ),
    check('listings_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('listings_closed_at', sql`(${t.status} = 'open') = (${t.closedAt} IS NULL)`),
    uniqueIndex('listings_one_open_per_item')
      .on(t.lockerItemId)
      .where(sql`${t.status} = 'open'`),
    // A figure page's open listings, cheapest first.
    index('listings_open_by_figure_idx')
      .on(t.figureId, t.priceMinor)
      .where(sql`${t.status} = 'open'`),
    index('listings_seller_idx').on(t.sellerId, t.createdAt),
  ],
);
