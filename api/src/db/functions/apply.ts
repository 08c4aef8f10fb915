/**
 * The SQL functions of the database, one file each in this folder (`<name>.sql`, one CREATE OR
 * REPLACE FUNCTION statement): the current source of every function, whatever the migrations that
 * created it or changed it said before. Applied after the migrations, each file whose checksum
 * differs from the one recorded in arttoy_functions (or that has none recorded), in a transaction of
 * its own with its new checksum. CREATE OR REPLACE swaps the body atomically: a call under way
 * finishes with the body it started with. The caller serialises concurrent runs (migrate.ts holds
 * the migration advisory lock on PostgreSQL; PGlite has one process).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../connect';
import { projectPath } from '../../project-files';

export const FUNCTIONS_FOLDER = projectPath('api/src/db/functions');

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  text: string;
  checksum: string;
}

/** The `.sql` files of a folder, in the order of their names. */
export function readFunctionFiles(folder: string = FUNCTIONS_FOLDER): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .toSorted()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      return {
        name: file.slice(0, -'.sql'.length),
        text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
}

/** Applies the files that changed since they were last applied; resolves to the names applied. */
export async function applyFunctions(db: Db, folder: string = FUNCTIONS_FOLDER): Promise<string[]> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS arttoy_functions (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const recorded = new Map(
    rowsOf<{ name: string; checksum: string }>(
      await db.execute(sql`SELECT name, checksum FROM arttoy_functions`),
    ).map((row) => [row.name, row.checksum]),
  );
  const applied: string[] = [];
  for (const file of readFunctionFiles(folder)) {
    if (recorded.get(file.name) === file.checksum) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(file.text));
      await tx.execute(sql`INSERT INTO arttoy_functions (name, checksum)
        VALUES (${file.name}, ${file.checksum})
        ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`);
    });
    applied.push(file.name);
  }
  return applied;
}
