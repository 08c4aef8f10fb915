/**
 * Opens the database when the API starts, then migrates it (MIGRATE_ON_START, default on; off with
 * NODE_ENV=production, where `npm run db:migrate` runs once per release) or checks it is not behind
 * this build, and seeds the embedded database. With NODE_ENV=production the embedded database is
 * refused unless ALLOW_EMBEDDED_DATABASE=true: it is one process's, with no replica.
 */
import type { FastifyBaseLogger } from 'fastify';
import { apiEnvironment, type Environment } from '../config';
import { type Database, openDatabase } from '../db/connect';
import { type DatabaseTargetOptions, resolveDatabaseTarget } from '../db/database-target';
import { migrateDatabaseReport, readSchemaState, type SchemaState } from '../db/migrate';
import { seedIfEmpty } from '../seed/seed';
import { STARTUP } from '../logging/log-format';

export type SeedPolicy = 'if-empty' | 'never';

export interface DatabaseStartOptions extends DatabaseTargetOptions {
  poolSize?: number | undefined;
  seed?: SeedPolicy | undefined;
  /** Apply the migrations as the API starts; false: refuse a database behind the build. Default MIGRATE_ON_START. */
  migrateOnStart?: boolean | undefined;
}

/** A start refused for what the operator must change (a setting, a step not run): servers exit 2 with its message. */
export class DatabaseStartRefused extends Error {
  override name = 'DatabaseStartRefused';
}

/** `true` or `false` (also 1 or 0); unset: undefined. Throws naming the setting. */
export function booleanFrom(name: string, value: string | undefined): boolean | undefined {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`${name} must be true or false; got "${value}".`);
}

/** MIGRATE_ON_START, else on, except with NODE_ENV=production (a release runs npm run db:migrate once). */
export function migrateOnStartFrom(
  option: boolean | undefined,
  env: Environment = apiEnvironment(),
): boolean {
  return option ?? booleanFrom('MIGRATE_ON_START', env.MIGRATE_ON_START) ?? env.NODE_ENV !== 'production';
}

/** Why the embedded database may not start (NODE_ENV=production without ALLOW_EMBEDDED_DATABASE=true), or null. */
export function embeddedDatabaseRefusal(
  engine: 'pglite' | 'postgres',
  nodeEnv: string | undefined,
  allowEmbedded: boolean | undefined,
): string | null {
  if (engine !== 'pglite' || nodeEnv !== 'production' || allowEmbedded === true) return null;
  return (
    'NODE_ENV=production with the embedded database (PGlite): it runs inside one process, so there can be no ' +
    'second instance, no replica and no rolling restart. Set DATABASE_URL=postgres://… to use PostgreSQL, ' +
    'or ALLOW_EMBEDDED_DATABASE=true to run it anyway.'
  );
}

export async function startDatabase(
  options: DatabaseStartOptions,
  log: FastifyBaseLogger,
  env: Environment = apiEnvironment(),
): Promise<Database> {
  const target = resolveDatabaseTarget(options, env);
  const refusal = embeddedDatabaseRefusal(
    target.engine,
    env.NODE_ENV,
    booleanFrom('ALLOW_EMBEDDED_DATABASE', env.ALLOW_EMBEDDED_DATABASE),
  );
  if (refusal) throw new DatabaseStartRefused(refusal);
  const migrate = migrateOnStartFrom(options.migrateOnStart, env);
  const started = Date.now();
  const database = await openDatabase(target, {
    poolSize: options.poolSize,
    onPoolError: (error) =>
      log.warn({ err: error }, 'idle PostgreSQL connection failed; the pool reconnects'),
  });
  try {
    let applied: string[] = [];
    if (migrate) {
      const report = await migrateDatabaseReport(database);
      applied = [...report.migrations, ...report.functions];
      if (report.after.unknown > 0) log.warn(aheadMessage(report.after, database.description));
    } else {
      const state = await readSchemaState(database);
      if (state.unknown > 0) log.warn(aheadMessage(state, database.description));
      else if (state.missing.length > 0 || state.functions.length > 0)
        throw new DatabaseStartRefused(behindMessage(state, database.description));
    }
    // The embedded database is a developer's or a demo's: it starts with the catalogue. A
    // PostgreSQL database is production's, seeded only on request (npm run seed -w api).
    const seedPolicy = options.seed ?? (database.engine === 'pglite' ? 'if-empty' : 'never');
    const seeded = seedPolicy === 'if-empty' ? await seedIfEmpty(database.db) : null;
    const ms = Date.now() - started;
    log.info(
      { ...STARTUP, database: database.description, migrated: migrate ? applied : null, seeded, ms },
      `Database: ${database.description}, ready in ${ms} ms` +
        (migrate ? `, ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'nothing to migrate'}` : '') +
        (seeded ? ', seeded with the catalogue' : '') +
        '.',
    );
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** The refusal of a database behind the build: where it is, what the build needs, the command that fixes it. */
export function behindMessage(state: SchemaState, description: string): string {
  const at = state.database === null ? 'has no migrations applied' : `is at migration ${state.database}`;
  const lacks = [
    state.missing.length > 0 ? `the migrations ${state.missing.join(', ')}` : '',
    state.functions.length > 0 ? `this build's SQL functions ${state.functions.join(', ')}` : '',
  ].filter(Boolean);
  return (
    `The database (${description}) is behind this build: it ${at}, this build needs migration ${state.build}, ` +
    `and it lacks ${lacks.join(' and ')}. Run npm run db:migrate with the same DATABASE_URL, then start again ` +
    '(MIGRATE_ON_START is off: this instance does not migrate as it starts).'
  );
}

function aheadMessage(state: SchemaState, description: string): string {
  return (
    `The database (${description}) is ahead of this build: it has ${state.unknown} migration(s) this build does not know ` +
    `(its last: ${state.database ?? 'none'}; this build's last: ${state.build}). Starting anyway, as a rolled-back ` +
    "release does: safe while each release's migrations keep what the release before it uses."
  );
}
