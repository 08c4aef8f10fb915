/** Field data: page views and errors that visitors' browsers report, counted per minute per app version. */
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { APP_NAMES, FIELD_ERROR_KINDS } from '@arttoy/shared/contracts';
import { inList } from './columns';

/** What a row counts: page views, or errors of one kind. */
export const FIELD_COUNT_KINDS = ['view', ...FIELD_ERROR_KINDS] as const;
export type FieldCountKind = (typeof FIELD_COUNT_KINDS)[number];

/**
 * One minute of one app version's field data: a beacon adds to its minute's rows (an upsert), so
 * the table grows with minutes × versions live, not with visitors. Rows older than the window kept
 * are deleted (domain/field/counts.ts).
 */
export const fieldCounts = pgTable(
  'field_counts',
  {
    /** The start of the minute counted. */
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    app: text('app').notNull(),
    version: text('version').notNull(),
    kind: text('kind', { enum: FIELD_COUNT_KINDS }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // The minute first: the health read and the clean-up both ask for minutes from a moment on.
    primaryKey({ name: 'field_counts_pk', columns: [t.minute, t.app, t.version, t.kind] }),
    check('field_counts_app', inList(t.app, APP_NAMES)),
    check('field_counts_kind', inList(t.kind, FIELD_COUNT_KINDS)),
  ],
);
