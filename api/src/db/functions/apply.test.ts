/**
 * The function files are the functions' one source: the bodies in the database are the files', the
 * migrations' last definitions and the files make the same database, and a changed file is applied
 * once. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase, rowsOf } from '../connect';
import { migrateDatabase } from '../migrate';
import { createEmptyDatabaseUrl } from '../../test/test-database';
import { bodyOf, changedCopy, fileBody } from '../../test/function-files';
import { applyFunctions, type FunctionFile, readFunctionFiles } from './apply';

jest.setTimeout(60_000);

/** Each function's whole definition as the database prints it, by name. */
async function definitions(db: Db): Promise<Record<string, string[]>> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1, 2`),
  );
  const byName: Record<string, string[]> = {};
  for (const { name, def } of rows) (byName[name] ??= []).push(def);
  return byName;
}

describe('SQL function files', () => {
  let database: Database;
  let remove: () => Promise<void>;
  let scratch: string;

  beforeAll(async () => {
    const empty = await createEmptyDatabaseUrl();
    remove = empty.remove;
    database = await openDatabase(
      empty.url.startsWith('file:')
        ? { engine: 'pglite', dataDir: empty.url.slice('file:'.length) }
        : { engine: 'postgres', url: empty.url },
    );
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-functions-'));
  });

  afterAll(async () => {
    await database?.close();
    await remove?.();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('the migrations and then the files leave every function as the migrations defined it', async () => {
    const none = path.join(scratch, 'none');
    fs.mkdirSync(none);
    await migrateDatabase(database, none);
    const fromMigrations = await definitions(database.db);

    const files = readFunctionFiles();
    expect(files.map((file) => file.name).toSorted()).toEqual(
      Object.keys(fromMigrations)
        .filter((name) => name.startsWith('arttoy_'))
        .toSorted(),
    );
    expect(await applyFunctions(database.db)).toEqual(files.map((file) => file.name));
    expect(await definitions(database.db)).toEqual(fromMigrations);
    for (const file of files) expect(await bodyOf(database.db, file.name)).toEqual([fileBody(file.text)]);

    expect(await applyFunctions(database.db)).toEqual([]);
    await migrateDatabase(database);
    expect(await definitions(database.db)).toEqual(fromMigrations);
  });

  it('applies a changed file once, and only that file', async () => {
    const changed = path.join(scratch, 'changed');
    const { files, changed: text } = changedCopy(changed);
    const target = files.find((file) => file.name === 'arttoy_boxes_held') as FunctionFile;

    await migrateDatabase(database);
    expect(await applyFunctions(database.db, changed)).toEqual(['arttoy_boxes_held']);
    expect(await bodyOf(database.db, 'arttoy_boxes_held')).toEqual([fileBody(text)]);
    expect(await applyFunctions(database.db, changed)).toEqual([]);

    expect(await applyFunctions(database.db)).toEqual(['arttoy_boxes_held']);
    expect(await bodyOf(database.db, 'arttoy_boxes_held')).toEqual([fileBody(target.text)]);
  });
});
