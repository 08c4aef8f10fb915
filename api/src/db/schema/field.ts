/** Field data: page views and errors that visitors' browsers report, counted per minute per app version. */
import { check, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { APP_NAMES, FIELD_ERROR_KINDS, FIELD_VITALS } from '@arttoy/shared/contracts';
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

/**
 * One minute of one web vital on one route of one app version, as a histogram: a row per bucket
 * (FIELD_VITAL_BUCKETS' index) counts the page loads whose value fell in it. A beacon adds to its
 * minute's rows like field_counts, so versions can be compared per route and per metric (a p75 is
 * estimated from the buckets) while the table grows with minutes × versions × routes, not with
 * visitors. The route is one of the site's route table (checked by the API's schema).
 */
export const fieldVitals = pgTable(
  'field_vitals',
  {
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    app: text('app').notNull(),
    version: text('version').notNull(),
    route: text('route').notNull(),
    metric: text('metric', { enum: FIELD_VITALS }).notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'field_vitals_pk',
      columns: [t.minute, t.app, t.version, t.route, t.metric, t.bucket],
    }),
    check('field_vitals_app', inList(t.app, APP_NAMES)),
    check('field_vitals_metric', inList(t.metric, FIELD_VITALS)),
  ],
);
