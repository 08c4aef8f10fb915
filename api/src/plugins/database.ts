/** Opens, migrates and (for the embedded database) seeds the database when the API starts. */
import type { FastifyBaseLogger } from 'fastify';
import { type Database, openDatabase } from '../db/connect';
import { type DatabaseTargetOptions, resolveDatabaseTarget } from '../db/database-target';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../seed/seed';
import { STARTUP } from '../logging/log-format';

export type SeedPolicy = 'if-empty' | 'never';

export interface DatabaseStartOptions extends DatabaseTargetOptions {
  poolSize?: number | undefined;
  seed?: SeedPolicy | undefined;
}

export async function startDatabase(
  options: DatabaseStartOptions,
  log: FastifyBaseLogger,
): Promise<Database> {
  const target = resolveDatabaseTarget(options);
  const started = Date.now();
  const database = await openDatabase(target, {
    poolSize: options.poolSize,
    onPoolError: (error) =>
      log.warn({ err: error }, 'idle PostgreSQL connection failed; the pool reconnects'),
  });
  try {
    await migrateDatabase(database);
    // The embedded database is a developer's or a demo's: it starts with the catalogue. A
    // PostgreSQL database is production's, seeded only on request (npm run seed -w api).
    const seedPolicy = options.seed ?? (database.engine === 'pglite' ? 'if-empty' : 'never');
    const seeded = seedPolicy === 'if-empty' ? await seedIfEmpty(database.db) : null;
    const ms = Date.now() - started;
    log.info(
      { ...STARTUP, database: database.description, seeded, ms },
      `Database: ${database.description}, ready in ${ms} ms${seeded ? ', seeded with the catalogue' : ''}.`,
    );
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
