/**
 * Payments of orders (the orders themselves are in item-cycle.ts), saved payment methods, the
 * providers' webhook events and the sandbox's checkouts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { orders } from './item-cycle';
import { createdAt, inList, int8Id, int8Identity, minorUnits, moment } from './columns';

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
