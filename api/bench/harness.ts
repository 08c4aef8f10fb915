/**
 * What the API benchmarks share: a database of their own (migrated, seeded, a box stocked), servers
 * started in processes of their own and stopped again, and the read they load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/db/connect';
import { migrateDatabase } from '../src/db/migrate';
import { seedCatalogue } from '../src/seed/seed';
import { stockBenchBox } from './purchase';
import { freePort } from '../src/test/free-port';

export const API_DIR = path.resolve(import.meta.dirname, '..');
export const READ_PATH = process.env.BENCH_PATH ?? '/api/figures?series=moonlit-forest&pageSize=12';
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Served {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The API's tracing preload, as `npm start -w api` runs it (tracing starts only with an OTLP endpoint in `env`). */
export const TRACING_PRELOAD = ['--import', './src/observability/tracing-preload.ts'];

/**
 * Starts `script` (relative to api/) with tsx on a free port and waits for /api/health.
 * `nodeArgs` go before the script (e.g. --cpu-prof, or TRACING_PRELOAD: tsx is loaded first);
 * `env` adds to this process's environment.
 */
export async function serve(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, script], {
    cwd: API_DIR,
    env: { ...process.env, API_PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${script} exited (code ${child.exitCode}) before answering on ${base}.`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not answer on ${base} within 120 s.`);
    }
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { base, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface BenchDatabase {
  engine: 'PostgreSQL' | 'PGlite';
  /** DATABASE_URL for the servers. */
  url: string;
  /** The stocked box the purchase path buys. */
  boxModelId: number;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function prepare(open: () => Promise<Database>): Promise<number> {
  const database = await open();
  try {
    await migrateDatabase(database);
    await seedCatalogue(database.db);
    return await stockBenchBox(database.db);
  } finally {
    await database.close();
  }
}

/** A new PostgreSQL database beside POSTGRES_URL's, migrated, seeded and stocked; drop() removes it. */
export async function postgresBenchDatabase(): Promise<BenchDatabase> {
  const name = `arttoy_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ engine: 'postgres', url: url.toString() });
  const drop = async () => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
  try {
    return { engine: 'PostgreSQL', url: url.toString(), boxModelId: await prepare(open), open, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** An embedded database in a temporary folder, migrated, seeded and stocked; drop() removes it. */
export async function pgliteBenchDatabase(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-bench-'));
  const dataDir = path.join(dir, 'pglite');
  const open = () => openDatabase({ engine: 'pglite', dataDir });
  const drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  return { engine: 'PGlite', url: `file:${dataDir}`, boxModelId: await prepare(open), open, drop };
}
