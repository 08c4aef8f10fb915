/**
 * Orders and payments. The order status machine (domain/order-status.ts) is mirrored here as
 * CHECKs, so a bug in any writer cannot store an illegal status or a status without its timestamp.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { boxModels } from './catalogue';
import { createdAt, inList, minorUnits, moment } from './columns';

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The reference shown to the buyer and support (the payment store's orderSn). */
    orderSn: text('order_sn').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    boxModelId: integer('box_model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Copied from the box model when ordered: a later price change does not alter an order. */
    unitPriceMinor: minorUnits('unit_price_minor').notNull(),
    totalMinor: minorUnits('total_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    /** The client's key for "create this order": a retried request returns the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** An unpaid order releases its reserved stock after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: moment('paid_at'),
    fulfilledAt: moment('fulfilled_at'),
    expiredAt: moment('expired_at'),
    cancelledAt: moment('cancelled_at'),
    refundedAt: moment('refunded_at'),
  },
  (t) => [
    check('orders_status', inList(t.status, ORDER_STATUSES)),
    check('orders_quantity_range', sql`${t.quantity} BETWEEN 1 AND 10`),
    check('orders_total_is_price_times_quantity', sql`${t.totalMinor} = ${t.unitPriceMinor} * ${t.quantity} AND ${t.unitPriceMinor} > 0`),
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
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending_payment'`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    capturedAt: moment('captured_at'),
  },
  (t) => [
    check('payments_provider', inList(t.provider, PAYMENT_PROVIDERS)),
    check('payments_status', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payments_captured_at', sql`(${t.status} IN ('captured', 'refunded')) = (${t.capturedAt} IS NOT NULL)`),
    unique('payments_provider_order').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
  ],
);
