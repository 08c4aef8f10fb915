/**
 * The market between collectors: the sales that settle listings (the listings themselves are in
 * item-cycle.ts), the sellers' ledger (every change of a balance is a row; the balance is their sum),
 * payout requests, and the live room's feed of pulls and sales.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  FEED_EVENT_KINDS,
  type FeedPayload,
  LEDGER_ENTRY_KINDS,
  PAYOUT_STATUSES,
  type PayoutDestination,
} from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { figures } from './catalogue';
import { listings, lockerItems, orders } from './item-cycle';
import { createdAt, inList, int8Id, int8Identity, minorUnits } from './columns';

/** A listing bought: one per listing and one per order, written in the transaction that records the payment. */
export const sales = pgTable(
  'sales',
  {
    id: int8Identity(),
    listingId: int8Id('listing_id')
      .notNull()
      .unique()
      .references(() => listings.id, { onDelete: 'restrict' }),
    orderId: int8Id('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    lockerItemId: int8Id('locker_item_id')
      .notNull()
      .references(() => lockerItems.id, { onDelete: 'restrict' }),
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    sellerId: int8Id('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyerId: int8Id('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    priceMinor: minorUnits('price_minor').notNull(),
    feeMinor: minorUnits('fee_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('sales_not_to_self', sql`${t.sellerId} <> ${t.buyerId}`),
    check('sales_fee_within_price', sql`${t.feeMinor} >= 0 AND ${t.feeMinor} < ${t.priceMinor}`),
    index('sales_by_figure_idx').on(t.figureId, t.createdAt),
    index('sales_by_item_idx').on(t.lockerItemId, t.createdAt),
  ],
);

/** A payout the seller asked for: recorded as owed (there is no payout rail), debited from the ledger. */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    /** Where the money goes (a PayPal e-mail, or a bank account's holder and IBAN); null for requests made before it was asked. */
    destination: jsonb('destination').$type<PayoutDestination>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payout_requests_status', inList(t.status, PAYOUT_STATUSES)),
    check('payout_requests_amount_positive', sql`${t.amountMinor} > 0`),
    index('payout_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every change of a seller's balance; the balance is the sum of their rows (never stored apart). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    /** Signed: a sale credits, its fee and a payout debit. */
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    saleId: int8Id('sale_id').references(() => sales.id, { onDelete: 'restrict' }),
    payoutId: int8Id('payout_id')
      .unique()
      .references(() => payoutRequests.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_kind', inList(t.kind, LEDGER_ENTRY_KINDS)),
    check(
      'ledger_entries_kind_fields',
      sql`CASE ${t.kind}
        WHEN 'sale' THEN ${t.amountMinor} > 0 AND ${t.saleId} IS NOT NULL AND ${t.payoutId} IS NULL
        WHEN 'fee' THEN ${t.amountMinor} < 0 AND ${t.saleId} IS NOT NULL AND ${t.payoutId} IS NULL
        WHEN 'payout' THEN ${t.amountMinor} < 0 AND ${t.payoutId} IS NOT NULL AND ${t.saleId} IS NULL
        ELSE FALSE END`,
    ),
    // One credit and one fee per sale, whatever retries.
    uniqueIndex('ledger_entries_one_per_sale_kind')
      .on(t.saleId, t.kind)
      .where(sql`${t.saleId} IS NOT NULL`),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The live room's events (pulls and market sales), written in the transaction that made them, so an
 * event exists exactly when its pull or sale does. The id is the server-sent event id a reconnecting
 * client resumes after.
 */
export const feedEvents = pgTable(
  'feed_events',
  {
    id: int8Identity(),
    kind: text('kind', { enum: FEED_EVENT_KINDS }).notNull(),
    /** The event as clients receive it, apart from the handle (decided when read, by the user's setting now). */
    payload: jsonb('payload').$type<FeedPayload>().notNull(),
    /** Whose handle the event may show, if they let it (users.feed_visible). */
    userId: int8Id('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('feed_events_kind', inList(t.kind, FEED_EVENT_KINDS)),
    index('feed_events_created_idx').on(t.createdAt),
  ],
);
