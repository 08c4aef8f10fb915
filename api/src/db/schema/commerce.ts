/**
 * Orders and payments. The order status machine (domain/order-status.ts) is mirrored here as
 * CHECKs, so a bug in any writer cannot store an illegal status or a status without its timestamp.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
} from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { boxModels } from './catalogue';
// The data model's own cycle (orders → listings → locker items → draws → orders): every use is a lazy
// `references(() => …)`, read after all tables exist, so the import order cannot matter.
// oxlint-disable-next-line import/no-cycle
import { listings } from './market';
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

export const payments = pgTable(
  'payments',
  {
    id: int8Identity(),
    orderId: int8Id('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for this payment (PayPal's order id); set once the provider answered. */
    providerOrderId: text('provider_order_id'),
    /** Sent to the provider on every call for this payment, so a retried capture cannot charge twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /** The provider's own status string, verbatim (e.g. PayPal's COMPLETED), for support and audits. */
    providerStatus: text('provider_status'),
    approvalUrl: text('approval_url'),
    /** The buyer asked to save the method: the capture stores the provider's vault token. */
    saveMethod: boolean('save_method').notNull().default(false),
    /** Paid with this saved method (no approval step). */
    vaultToken: text('vault_token'),
    /** The provider's capture id, once captured. */
    captureId: text('capture_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    capturedAt: moment('captured_at'),
  },
  (t) => [
    check('payments_provider', inList(t.provider, PAYMENT_PROVIDERS)),
    check('payments_status', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'payments_captured_at',
      sql`(${t.status} IN ('captured', 'refunded')) = (${t.capturedAt} IS NOT NULL)`,
    ),
    unique('payments_provider_order').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    // Captures and the buyer's return find a payment by the provider's token alone: without it,
    // every capture read every payment ever made (the unique key above leads with the provider).
    index('payments_provider_order_id_idx').on(t.providerOrderId),
  ],
);

/** Saved payment methods: a provider's vault token, usable by its owner only. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    vaultToken: text('vault_token').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_methods_provider', inList(t.provider, PAYMENT_PROVIDERS)),
    unique('payment_methods_provider_token').on(t.provider, t.vaultToken),
    index('payment_methods_user_idx').on(t.userId),
  ],
);

/** Provider webhook events already handled: a replayed event id changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: int8Identity(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The provider order the event is about, if any. */
    resourceId: text('resource_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_events_provider', inList(t.provider, PAYMENT_PROVIDERS)),
    unique('webhook_events_provider_event').on(t.provider, t.eventId),
  ],
);

export const SANDBOX_CHECKOUT_STATUSES = ['created', 'approved', 'cancelled', 'completed'] as const;

/**
 * The built-in sandbox provider's own records (what PayPal keeps on its side): a checkout the
 * buyer approves or cancels on the sandbox page, then captured once.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** The token the buyer returns with. */
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: SANDBOX_CHECKOUT_STATUSES }).notNull().default('created'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    saveMethod: boolean('save_method').notNull().default(false),
    vaultToken: text('vault_token'),
    captureId: text('capture_id').unique(),
    /** Set once the capture was refunded (in full; a refund of it again returns the same id). */
    refundId: text('refund_id').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A saved sandbox method is looked up by its token.
    index('sandbox_checkouts_vault_token_idx').on(t.vaultToken),
    check('sandbox_checkouts_status', inList(t.status, SANDBOX_CHECKOUT_STATUSES)),
    check('sandbox_checkouts_amount_positive', sql`${t.amountMinor} > 0`),
    check('sandbox_checkouts_captured', sql`(${t.status} = 'completed') = (${t.captureId} IS NOT NULL)`),
  ],
);
