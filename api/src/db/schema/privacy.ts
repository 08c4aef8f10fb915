/** A visitor's data: the exports of it they asked for (domain/privacy/export-jobs.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EXPORT_JOB_STATUSES } from '@arttoy/shared/contracts/api';
import { users } from './accounts';
import { inList, int8Id, int8Identity, moment } from './columns';

/**
 * One "Download my data": requested → ready (made by a worker of any API instance, which takes the
 * row with FOR UPDATE SKIP LOCKED and makes it in that transaction, so no two make one) → expired.
 * The files are kept here, not in a data directory: every instance serves the link, and the
 * database is the one store they share. Both are cleared when the link expires.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: int8Identity(),
    userId: int8Id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull().default('requested'),
    /** SHA-256 (hex) of the download link's token: the token itself is given to its owner once. */
    tokenHash: text('token_hash').notNull().unique(),
    /** How many times a worker made it (1 once ready; more would mean two workers made one job). */
    runs: integer('runs').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readyAt: moment('ready_at'),
    /** The link works until then (DATA_EXPORT_LINK_MINUTES after ready). */
    expiresAt: moment('expires_at'),
    jsonBody: text('json_body'),
    htmlBody: text('html_body'),
    /** Each file is given once: set when downloaded. */
    jsonTakenAt: moment('json_taken_at'),
    htmlTakenAt: moment('html_taken_at'),
  },
  (t) => [
    check('export_jobs_status', inList(t.status, EXPORT_JOB_STATUSES)),
    check(
      'export_jobs_ready_fields',
      sql`(${t.status} = 'requested') = (${t.readyAt} IS NULL) AND (${t.readyAt} IS NULL) = (${t.expiresAt} IS NULL)`,
    ),
    index('export_jobs_user_idx').on(t.userId, t.requestedAt),
    index('export_jobs_requested_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);
