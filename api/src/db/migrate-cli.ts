/**
 * `npm run db:migrate`: applies the migrations and SQL functions this build has to the database
 * DATABASE_URL names (default: the embedded one in .data/pglite, as the API's), prints what it
 * applied, and exits 0. Run once per release, before the new instances start (they do not migrate
 * with NODE_ENV=production; MIGRATE_ON_START). Exit 2: a setting is wrong; exit 1: the database could
 * not be opened or migrated. Finds its migrations at MIGRATIONS_FOLDER (migrate.ts).
 */
import { apiEnvironment } from '../config';
import { checkSettings, migrateSettingsSchema } from '../settings';
import { openDatabase } from './connect';
import { describeTarget, resolveDatabaseTarget } from './database-target';
import { migrateDatabaseReport } from './migrate';

const env = apiEnvironment();
try {
  checkSettings(migrateSettingsSchema, env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const target = resolveDatabaseTarget({}, env);
try {
  const database = await openDatabase(target);
  try {
    const { migrations, functions, after } = await migrateDatabaseReport(database);
    console.log(`Migrating ${describeTarget(target)}:`);
    console.log(
      migrations.length > 0
        ? `  applied ${migrations.length} migration(s): ${migrations.join(', ')}`
        : '  no migration to apply',
    );
    console.log(
      functions.length > 0
        ? `  applied ${functions.length} SQL function(s): ${functions.join(', ')}`
        : '  no SQL function to apply',
    );
    console.log(
      after.unknown > 0
        ? `The database is ahead of this build: its last migration is ${after.database ?? 'unknown'}, this build's is ${after.build}.`
        : `The database is at migration ${after.build}, as this build needs.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`npm run db:migrate failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
