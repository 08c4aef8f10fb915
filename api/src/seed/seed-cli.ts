/**
 * `npm run seed -w api`: loads the seed catalogue into the database DATABASE_URL names (default:
 * the embedded one in .data/pglite), migrating it first. Safe to run again: it upserts by slug.
 */
import { openDatabase } from '../db/connect';
import { describeTarget, resolveDatabaseTarget } from '../db/database-target';
import { migrateDatabase } from '../db/migrate';
import { seedCatalogue } from './seed';

const target = resolveDatabaseTarget({});
try {
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    const result = await seedCatalogue(database.db);
    console.log(
      `Seeded ${describeTarget(target)}: ${result.styles} styles, ${result.series} series, ${result.figures} figures, ${result.boxModels} box models.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
