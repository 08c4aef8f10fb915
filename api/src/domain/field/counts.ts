/**
 * Field data as counts: a beacon adds its page views and errors to the rows of its minute (one row
 * per app version and kind) and its web vitals to the minute's histograms (one row per app version,
 * route, metric and bucket); a health read sums an app's rows per version from a moment on, with a
 * p75 and a share of good page loads per vital estimated from the buckets.
 * Rows older than the window kept are deleted, at most once a minute, by whichever write comes next:
 * no timer to run or stop, and an idle API keeps what it has until traffic returns.
 */
import { and, gte, lt, sql } from 'drizzle-orm';
import {
  type AppName,
  FIELD_VITAL_BUCKETS,
  FIELD_VITAL_GOOD,
  FIELD_VITALS,
  type FieldVitalName,
  fieldVitalBucket,
  MAX_FIELD_CLS,
  MAX_FIELD_VITAL_MS,
} from '@arttoy/shared/contracts';
import type { FieldHealth, FieldReport, VitalHealth } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { type FieldCountKind, fieldCounts, fieldVitals } from '../../db/schema';

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

interface VitalRow {
  minute: Date;
  app: AppName;
  version: string;
  route: string;
  metric: FieldVitalName;
  bucket: number;
  count: number;
}

/** A report's vitals as histogram rows of its minute: each vital counts for every app on the page. */
export function vitalRowsOf(report: FieldReport, at: number): VitalRow[] {
  const minute = new Date(minuteOf(at));
  const rows: VitalRow[] = [];
  for (const [app, version] of Object.entries(report.versions) as [AppName, string][])
    for (const vital of report.vitals ?? [])
      rows.push({
        minute,
        app,
        version,
        route: report.route,
        metric: vital.name,
        bucket: fieldVitalBucket(vital.name, vital.value),
        count: 1,
      });
  // The schema allows one vital per metric, so no two rows share a key; one order for every writer.
  return rows.toSorted((a, b) =>
    `${a.app} ${a.version} ${a.metric}` < `${b.app} ${b.version} ${b.metric}` ? -1 : 1,
  );
}

/**
 * A vital's count, p75 and share of good page loads from its histogram (count per bucket index).
 * The p75 is interpolated linearly within the bucket it falls in; the last bucket (past the last
 * bound) ends at the largest value the API accepts.
 */
export function vitalHealthOf(metric: FieldVitalName, buckets: ReadonlyMap<number, number>): VitalHealth {
  const bounds = FIELD_VITAL_BUCKETS[metric];
  const count = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  if (count === 0) return { count: 0, p75: 0, good: 0 };
  const rank = 0.75 * count;
  let below = 0;
  let p75 = 0;
  for (let index = 0; index <= bounds.length; index += 1) {
    const inBucket = buckets.get(index) ?? 0;
    if (inBucket > 0 && below + inBucket >= rank) {
      const lower = index === 0 ? 0 : bounds[index - 1]!;
      const upper = bounds[index] ?? (metric === 'CLS' ? MAX_FIELD_CLS : MAX_FIELD_VITAL_MS);
      p75 = lower + ((upper - lower) * (rank - below)) / inBucket;
      break;
    }
    below += inBucket;
  }
  let good = 0;
  for (const [index, n] of buckets) if ((bounds[index] ?? Infinity) <= FIELD_VITAL_GOOD[metric]) good += n;
  const digits = metric === 'CLS' ? 1000 : 1;
  return { count, p75: Math.round(p75 * digits) / digits, good: good / count };
}

export interface FieldStore {
  /** Adds a report's counts; resolves to what was counted. */
  record(report: FieldReport, at: number): Promise<{ views: number; errors: number; vitals: number }>;
  /** An app's page views, errors and vitals (over all its routes) per version, from the minute `since` falls in (or the oldest kept). */
  health(app: AppName, since: number, at: number): Promise<FieldHealth>;
}

export function fieldStore(db: Db, retentionMs: number = DEFAULT_FIELD_RETENTION_MS): FieldStore {
  let prunedAt = 0;
  const prune = async (at: number): Promise<void> => {
    if (at - prunedAt < MINUTE_MS) return;
    prunedAt = at;
    const oldest = new Date(minuteOf(at - retentionMs));
    await db.delete(fieldCounts).where(lt(fieldCounts.minute, oldest));
    await db.delete(fieldVitals).where(lt(fieldVitals.minute, oldest));
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
      const vitalRows = vitalRowsOf(report, at);
      if (vitalRows.length > 0) {
        await db
          .insert(fieldVitals)
          .values(vitalRows)
          .onConflictDoUpdate({
            target: [
              fieldVitals.minute,
              fieldVitals.app,
              fieldVitals.version,
              fieldVitals.route,
              fieldVitals.metric,
              fieldVitals.bucket,
            ],
            set: { count: sql`${fieldVitals.count} + excluded.count` },
          });
      }
      await prune(at);
      return { views: report.views, errors: report.errors.length, vitals: report.vitals?.length ?? 0 };
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
      const histograms = await db
        .select({
          version: fieldVitals.version,
          metric: fieldVitals.metric,
          bucket: fieldVitals.bucket,
          count: sql<number>`sum(${fieldVitals.count})::int`,
        })
        .from(fieldVitals)
        .where(and(sql`${fieldVitals.app} = ${app}`, gte(fieldVitals.minute, new Date(from))))
        .groupBy(fieldVitals.version, fieldVitals.metric, fieldVitals.bucket);
      const byVersion = new Map<string, Map<FieldVitalName, Map<number, number>>>();
      for (const row of histograms) {
        const metrics = byVersion.get(row.version) ?? new Map<FieldVitalName, Map<number, number>>();
        byVersion.set(row.version, metrics);
        const buckets = metrics.get(row.metric) ?? new Map<number, number>();
        metrics.set(row.metric, buckets);
        buckets.set(Number(row.bucket), Number(row.count));
      }
      const versions: FieldHealth['versions'] = {};
      for (const row of rows)
        versions[row.version] = { views: Number(row.views), errors: Number(row.errors) };
      for (const [version, metrics] of byVersion) {
        const health = (versions[version] ??= { views: 0, errors: 0 });
        health.vitals = Object.fromEntries(
          FIELD_VITALS.filter((metric) => metrics.has(metric)).map((metric) => [
            metric,
            vitalHealthOf(metric, metrics.get(metric)!),
          ]),
        );
      }
      return { app, since: from, versions };
    },
  };
}
