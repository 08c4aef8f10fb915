/**
 * Field data as counts: a beacon adds its page views and errors to the rows of its minute (one row
 * per app version and kind), and a health read sums an app's rows per version from a moment on.
 * Rows older than the window kept are deleted, at most once a minute, by whichever write comes next:
 * no timer to run or stop, and an idle API keeps what it has until traffic returns.
 */
import { and, gte, lt, sql } from 'drizzle-orm';
import type { AppName } from '@arttoy/shared/contracts';
import type { FieldHealth, FieldReport } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { type FieldCountKind, fieldCounts } from '../../db/schema';

export const MINUTE_MS = 60_000;
/** How long counts are kept by default: a week, enough to compare a version with the one before it. */
export const DEFAULT_FIELD_RETENTION_MS = 7 * 24 * 60 * MINUTE_MS;

/** The retention setting: the option, else FIELD_RETENTION_MS, else a week; refused with its name unless a whole number of ms, at least a minute. */
export function fieldRetentionFrom(option: number | undefined, env: NodeJS.ProcessEnv): number {
  const text = env.FIELD_RETENTION_MS?.trim();
  const value = option ?? (text ? Number(text) : DEFAULT_FIELD_RETENTION_MS);
  if (!Number.isInteger(value) || value < MINUTE_MS) {
    const named = option === undefined ? `FIELD_RETENTION_MS=${text}` : `fieldRetentionMs ${option}`;
    throw new Error(
      `${named} is not a valid field data retention: give a whole number of milliseconds, at least ${MINUTE_MS} (a minute).`,
    );
  }
  return value;
}

export const minuteOf = (at: number): number => Math.floor(at / MINUTE_MS) * MINUTE_MS;

interface CountRow {
  minute: Date;
  app: AppName;
  version: string;
  kind: FieldCountKind;
  count: number;
}

/** A report's counts as rows of its minute: views for every app on the page, errors by app version and kind. */
export function rowsOf(report: FieldReport, at: number): CountRow[] {
  const minute = new Date(minuteOf(at));
  const rows = new Map<string, CountRow>();
  const add = (app: AppName, version: string, kind: FieldCountKind, count: number): void => {
    if (count === 0) return;
    const key = `${app} ${version} ${kind}`;
    const row = rows.get(key);
    if (row) row.count += count;
    else rows.set(key, { minute, app, version, kind, count });
  };
  for (const [app, version] of Object.entries(report.versions) as [AppName, string][])
    add(app, version, 'view', report.views);
  for (const error of report.errors) add(error.app, error.version, error.kind, 1);
  // One order for every writer: two beacons of one minute upsert the same rows without deadlocking.
  return [...rows.entries()].toSorted(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

export interface FieldStore {
  /** Adds a report's counts; resolves to what was counted. */
  record(report: FieldReport, at: number): Promise<{ views: number; errors: number }>;
  /** An app's page views and errors per version, from the minute `since` falls in (or the oldest kept). */
  health(app: AppName, since: number, at: number): Promise<FieldHealth>;
}

export function fieldStore(db: Db, retentionMs: number = DEFAULT_FIELD_RETENTION_MS): FieldStore {
  let prunedAt = 0;
  const prune = async (at: number): Promise<void> => {
    if (at - prunedAt < MINUTE_MS) return;
    prunedAt = at;
    await db.delete(fieldCounts).where(lt(fieldCounts.minute, new Date(minuteOf(at - retentionMs))));
  };
  return {
    async record(report, at) {
      const rows = rowsOf(report, at);
      if (rows.length > 0) {
        await db
          .insert(fieldCounts)
          .values(rows)
          .onConflictDoUpdate({
            target: [fieldCounts.minute, fieldCounts.app, fieldCounts.version, fieldCounts.kind],
            set: { count: sql`${fieldCounts.count} + excluded.count` },
          });
      }
      await prune(at);
      return { views: report.views, errors: report.errors.length };
    },
    async health(app, since, at) {
      const from = Math.max(minuteOf(since), minuteOf(at - retentionMs));
      const rows = await db
        .select({
          version: fieldCounts.version,
          views: sql<number>`coalesce(sum(${fieldCounts.count}) filter (where ${fieldCounts.kind} = 'view'), 0)::int`,
          errors: sql<number>`coalesce(sum(${fieldCounts.count}) filter (where ${fieldCounts.kind} <> 'view'), 0)::int`,
        })
        .from(fieldCounts)
        .where(and(sql`${fieldCounts.app} = ${app}`, gte(fieldCounts.minute, new Date(from))))
        .groupBy(fieldCounts.version)
        .orderBy(fieldCounts.version);
      return {
        app,
        since: from,
        versions: Object.fromEntries(
          rows.map((row) => [row.version, { views: Number(row.views), errors: Number(row.errors) }]),
        ),
      };
    },
  };
}
