/**
 * A database of its own for each test file, migrated and seeded, removed afterwards:
 * - PGlite (default): a copy of the template data directory globalSetup prepared (a fresh
 *   PGlite initdb is several times slower than reopening a copy);
 * - PostgreSQL (DATABASE_URL=postgres://…): a new database `arttoy_test_<pid>_<random>` on that
 *   server, dropped at the end; databases left by a crashed run are dropped by the next globalSetup.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Database, openDatabase } from '../db/connect';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../seed/seed';

export const TEMPLATE_DIR_ENV = 'ARTTOY_TEST_PGLITE_TEMPLATE';
const TEST_DATABASE_PREFIX = 'arttoy_test_';

export interface TestDatabase {
  database: Database;
  /** The DATABASE_URL form of it (`file:…` or `postgres://…`). */
  url: string;
  dispose(): Promise<void>;
}

/** The PostgreSQL server of this run, or null for PGlite. */
export function postgresUrl(): string | null {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : null;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { url, remove } = postgresUrl()
    ? await createPostgresDatabase(postgresUrl() as string)
    : copyTemplate();
  const database = await openDatabase(
    url.startsWith('file:') ? { engine: 'pglite', dataDir: url.slice(5) } : { engine: 'postgres', url },
  );
  try {
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
  } catch (error) {
    await database.close();
    await remove();
    throw error;
  }
  return {
    database,
    url,
    async dispose() {
      await database.close();
      await remove();
    },
  };
}

/**
 * A fresh database for a server process to open, without opening it here: on PGlite a copy of the
 * migrated and seeded template, on PostgreSQL an empty database (the server migrates it).
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; remove: () => Promise<void> }> {
  const server = postgresUrl();
  return server ? createPostgresDatabase(server) : copyTemplate();
}

/** A fresh, empty place for a database, without opening it (for tests of the API's own start-up). */
export async function createEmptyDatabaseUrl(): Promise<{ url: string; remove: () => Promise<void> }> {
  const server = postgresUrl();
  if (server) return createPostgresDatabase(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-api-empty-'));
  return {
    url: `file:${path.join(dir, 'pglite')}`,
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function copyTemplate(): { url: string; remove: () => Promise<void> } {
  const template = process.env[TEMPLATE_DIR_ENV];
  if (!template)
    throw new Error(
      `${TEMPLATE_DIR_ENV} is not set: run the API tests through jest (its globalSetup prepares the template).`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-api-test-'));
  fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
  return {
    url: `file:${path.join(dir, 'pglite')}`,
    remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; remove: () => Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const remove = async () => {
    await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  return { url: url.toString(), remove };
}

/** Drops test databases whose creating process is gone (a run that crashed before cleaning up). */
export async function dropStaleTestDatabases(serverUrl: string): Promise<string[]> {
  return withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    const stale = rows
      .map((row) => row.datname)
      .filter((name) => !isAlive(Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0])));
    for (const name of stale) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return stale;
  });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function withAdmin<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
