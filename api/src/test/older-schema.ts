/**
 * A database as an older build left it: every migration of this build but the last, and the SQL
 * functions, so that a start or `npm run db:migrate` has exactly the last one to apply.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWithPg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migrateWithPglite } from 'drizzle-orm/pglite/migrator';
import { type Database, openDatabase } from '../db/connect';
import { resolveDatabaseTarget } from '../db/database-target';
import { applyFunctions } from '../db/functions/apply';
import { buildMigrations, MIGRATIONS_FOLDER } from '../db/migrate';

/** The build's last migration and the one before it. */
export function lastTwoMigrations(): { previous: string; last: string } {
  const tags = buildMigrations().map((entry) => entry.tag);
  return { previous: tags.at(-2) as string, last: tags.at(-1) as string };
}

/** Applies this build's migrations but the last (from a copy of the folder whose journal lacks it), then the functions. */
export async function migrateAllButLast(database: Database): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-older-migrations-'));
  try {
    fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const config = { migrationsFolder: folder };
    if (database.engine === 'pglite')
      await migrateWithPglite(database.db as unknown as PgliteDatabase<Record<string, unknown>>, config);
    else await migrateWithPg(database.db as unknown as NodePgDatabase<Record<string, unknown>>, config);
    await applyFunctions(database.db);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Opens the database a DATABASE_URL names for `work`, and closes it (a PGlite directory is one process's at a time). */
export async function withDatabase<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(resolveDatabaseTarget({ databaseUrl: url }));
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
