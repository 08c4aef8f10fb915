/**
 * `npm run db:migrate` as a release runs it: a process of its own on a database of its own
 * (PostgreSQL in the PostgreSQL pass, PGlite otherwise), saying what it applied; a clear message
 * and a non-zero exit when it cannot.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFunctionFiles } from './functions/apply';
import { buildMigrations, readSchemaState } from './migrate';
import { freePort } from '../test/free-port';
import { lastTwoMigrations, migrateAllButLast, withDatabase } from '../test/older-schema';
import { createEmptyDatabaseUrl } from '../test/test-database';

const API_DIR = path.resolve(__dirname, '../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run db:migrate`'s script with these settings, until it exits. */
function runMigrate(env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], {
      cwd: API_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run db:migrate', () => {
  it('applies what the database lacks, says so, and then has nothing to apply', async () => {
    const { previous, last } = lastTwoMigrations();
    const { url, remove } = await createEmptyDatabaseUrl();
    try {
      await withDatabase(url, migrateAllButLast);
      expect((await withDatabase(url, (database) => readSchemaState(database))).database).toBe(previous);

      const first = await runMigrate({ DATABASE_URL: url });
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toContain(`applied 1 migration(s): ${last}`);
      expect(first.stdout).toContain('no SQL function to apply');
      expect(first.stdout).toContain(`The database is at migration ${last}, as this build needs.`);
      expect(await withDatabase(url, (database) => readSchemaState(database))).toMatchObject({
        database: last,
        missing: [],
        functions: [],
      });

      const second = await runMigrate({ DATABASE_URL: url });
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('no migration to apply');
      expect(second.stdout).toContain('no SQL function to apply');
    } finally {
      await remove();
    }
  }, 180_000);

  it('refuses the embedded database with NODE_ENV=production unless ALLOW_EMBEDDED_DATABASE=true', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-migrate-cli-'));
    const dataDir = path.join(root, 'pglite');
    try {
      const refused = await runMigrate({ NODE_ENV: 'production', DATABASE_URL: `file:${dataDir}` });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('NODE_ENV=production with the embedded database (PGlite)');
      expect(refused.stderr).toContain('ALLOW_EMBEDDED_DATABASE=true');
      // Refused before anything opened: the directory was never created.
      expect(fs.existsSync(dataDir)).toBe(false);

      const allowed = await runMigrate({
        NODE_ENV: 'production',
        DATABASE_URL: `file:${dataDir}`,
        ALLOW_EMBEDDED_DATABASE: 'true',
      });
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toContain(`Migrating PGlite in ${dataDir}:`);
      expect(allowed.stdout).toContain(`applied ${buildMigrations().length} migration(s): 0000_initial,`);
      expect(allowed.stdout).toContain(`applied ${readFunctionFiles().length} SQL function(s)`);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses a DATABASE_URL it cannot read with exit 2, naming the setting', async () => {
    const run = await runMigrate({ DATABASE_URL: 'mysql://db/arttoy' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL must start with postgres://, postgresql://, file: or memory:');
    expect(run.stdout).toBe('');
  });

  it('exits 1 with a clear message when the database cannot be reached', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/arttoy`;
    const run = await runMigrate({ DATABASE_URL: url });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`npm run db:migrate failed: Could not connect to PostgreSQL at ${url}`);
    expect(run.stderr).toContain('Is the server running, and is DATABASE_URL right?');
  });
});
