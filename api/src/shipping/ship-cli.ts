/** `npm run ship -w api -- …`: see SHIP_USAGE (ship-command.ts). */
import { openDatabase } from '../db/connect';
import { resolveDatabaseTarget } from '../db/database-target';
import { migrateDatabase } from '../db/migrate';
import { runShipCommand, SHIP_USAGE } from './ship-command';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  // No database needed to say how to use it; with no command at all, that is a mistake.
  if (argv.length === 0) console.error(SHIP_USAGE);
  else console.log(SHIP_USAGE);
  process.exitCode = argv.length === 0 ? 2 : 0;
} else {
  try {
    const database = await openDatabase(resolveDatabaseTarget({}));
    try {
      await migrateDatabase(database);
      process.exitCode = await runShipCommand(argv, database.db, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      });
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
