/**
 * How the API treats its database's schema as it starts: by default it migrates (npm start); with
 * MIGRATE_ON_START=false (production's default) it refuses a database behind this build, exit 2
 * before listening, and starts with a warning on one ahead of it (a rolled-back release). With
 * NODE_ENV=production the embedded database is refused unless ALLOW_EMBEDDED_DATABASE=true.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildMigrations, readSchemaState } from '../db/migrate';
import { startApiProcess } from '../test/api-process';
import { freePort } from '../test/free-port';
import { lastTwoMigrations, migrateAllButLast, withDatabase } from '../test/older-schema';
import { createEmptyDatabaseUrl } from '../test/test-database';

const API_DIR = path.resolve(__dirname, '../..');

/** Runs `src/server.ts` (npm start -w api) with these settings until it exits; it must not start. */
function runRefusedServer(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
          cwd: API_DIR,
          env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      }),
  );
}

describe('the database schema at start-up', () => {
  const { previous, last } = lastTwoMigrations();
  let url: string;
  let remove: () => Promise<void>;
  // One database through the steps of a release: left by the build before, refused, migrated, ahead.
  beforeAll(async () => {
    ({ url, remove } = await createEmptyDatabaseUrl());
    await withDatabase(url, migrateAllButLast);
  }, 180_000);
  afterAll(() => remove());

  it('MIGRATE_ON_START=false: a database behind the build is refused, exit 2, naming both and the command', async () => {
    const run = await runRefusedServer({ DATABASE_URL: url, MIGRATE_ON_START: 'false' });
    expect(run.code).toBe(2);
    expect(run.output).toContain(`is at migration ${previous}, this build needs migration ${last}`);
    expect(run.output).toContain(`it lacks the migrations ${last}`);
    expect(run.output).toContain('Run npm run db:migrate with the same DATABASE_URL');
    expect(run.output).not.toContain('The API is served at');
    // Nothing was applied.
    expect((await withDatabase(url, (database) => readSchemaState(database))).database).toBe(previous);
  }, 120_000);

  it('by default (npm start) the API migrates as it starts, and says what it applied', async () => {
    const api = await startApiProcess('src/server.ts', { DATABASE_URL: url, LOG_LEVEL: 'info' }, 120_000);
    try {
      expect(api.output()).toContain(`applied ${last}`);
    } finally {
      await api.stop();
    }
    expect(await withDatabase(url, (database) => readSchemaState(database))).toMatchObject({
      database: last,
      missing: [],
      functions: [],
    });
  }, 180_000);

  it('MIGRATE_ON_START=false: a database ahead of the build starts, with a warning', async () => {
    const newer = (buildMigrations().at(-1)?.when ?? 0) + 60_000;
    await withDatabase(url, (database) =>
      database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('a newer release', ${newer})`,
      ),
    );
    try {
      const api = await startApiProcess(
        'src/server.ts',
        { DATABASE_URL: url, MIGRATE_ON_START: 'false' },
        120_000,
      );
      await api.stop();
      expect(api.output()).toContain(
        'is ahead of this build: it has 1 migration(s) this build does not know',
      );
      expect(api.output()).toContain(`this build's last: ${last}`);
    } finally {
      await withDatabase(url, (database) =>
        database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newer}`),
      );
    }
  }, 180_000);

  it("MIGRATE_ON_START=false: SQL functions other than the build's are refused, naming them", async () => {
    await withDatabase(url, (database) =>
      database.db.execute(
        sql`UPDATE arttoy_functions SET checksum = 'another body' WHERE name = 'arttoy_order_box'`,
      ),
    );
    const run = await runRefusedServer({ DATABASE_URL: url, MIGRATE_ON_START: 'false' });
    expect(run.code).toBe(2);
    expect(run.output).toContain(`is at migration ${last}`);
    expect(run.output).toContain("it lacks this build's SQL functions arttoy_order_box");
    expect(run.output).toContain('npm run db:migrate');
  }, 120_000);
});

describe('the embedded database with NODE_ENV=production', () => {
  it('is refused, exit 2, before its directory is created', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-production-embedded-'));
    const dataDir = path.join(root, 'pglite');
    try {
      const run = await runRefusedServer({
        NODE_ENV: 'production',
        DATABASE_URL: `file:${dataDir}`,
        // Its own refusal in production (unsigned tokens); the Auth emulator is the test run's.
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
      });
      expect(run.code).toBe(2);
      expect(run.output).toContain('A setting is wrong; nothing was started:');
      expect(run.output).toContain(
        'NODE_ENV=production with the embedded database (PGlite): it runs inside one process',
      );
      expect(run.output).toContain(
        'Set DATABASE_URL=postgres://… to use PostgreSQL, or ALLOW_EMBEDDED_DATABASE=true',
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
