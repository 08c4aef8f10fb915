/**
 * `npm run bench -w api`: the API under load on both engines, each served by
 * `bench/unlimited-server.ts` in its own process while autocannon loads it from this one:
 * - a catalogue read (a gallery page of figures: two joins, a count and 12 rows);
 * - the purchase path (bench/purchase.ts): order → sandbox payment → approve → capture and draw.
 * Loopback only; bounded by BENCH_DURATION per level. Starts its own Auth emulator for the buyers.
 *
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (levels, default 1,10,50), BENCH_PATH (the read,
 * default below), BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test; a database of
 * its own is created there and dropped afterwards), BENCH_JSON (a file to write the results to, for
 * `npm run bench` at the root).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/db/connect';
import { migrateDatabase } from '../src/db/migrate';
import { seedCatalogue } from '../src/db/seed/seed';
import { startAuthEmulator } from '../src/test/auth-emulator';
import { benchBuyers, loadPurchases, stockBenchBox } from './purchase';

const API_DIR = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const READ_PATH = process.env.BENCH_PATH ?? '/api/figures?series=moonlit-forest&pageSize=12';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!Number.isFinite(DURATION) || DURATION <= 0) throw new Error(`BENCH_DURATION must be a number of seconds, got "${process.env.BENCH_DURATION}".`);
if (CONNECTION_LEVELS.some((level) => !Number.isInteger(level) || level < 1)) {
  throw new Error(`BENCH_CONNECTIONS must be whole numbers ≥ 1 separated by commas, got "${process.env.BENCH_CONNECTIONS}".`);
}

interface Result {
  scenario: string;
  engine: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/unlimited-server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited (code ${child.exitCode}) before answering on ${base}.`);
    if (Date.now() > deadline) throw new Error(`The API did not answer on ${base} within 120 s.`);
    const healthy = await fetch(`${base}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function summarise(scenario: string, engine: string, connections: number, result: autocannon.Result, unexpected = 0): Result {
  return {
    scenario,
    engine,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: unexpected,
    errors: result.errors + result.timeouts,
  };
}

async function load(engine: string, base: string, boxModelId: number, buyers: Awaited<ReturnType<typeof benchBuyers>>): Promise<Result[]> {
  const results: Result[] = [];
  const url = `${base}${READ_PATH}`;
  for (const connections of CONNECTION_LEVELS) {
    // Warm-up: JIT, the database's caches, the connection pool.
    await autocannon({ url, connections, duration: 1 });
    const read = await autocannon({ url, connections, duration: DURATION });
    results.push(summarise(`GET ${READ_PATH}`, engine, connections, read, read.non2xx));
  }
  for (const connections of CONNECTION_LEVELS) {
    const run = await loadPurchases(base, boxModelId, buyers, connections, DURATION);
    // The sandbox page answers 303 by design; anything else outside 2xx/3xx is a failure.
    const unexpected = run['4xx'] + run['5xx'];
    results.push(summarise('purchase path (4 requests)', engine, connections, run, unexpected));
  }
  return results;
}

/** Migrates, seeds and stocks a database, then serves and loads it. */
async function bench(engine: string, databaseUrl: string, prepare: () => Promise<Database>, buyers: Awaited<ReturnType<typeof benchBuyers>>): Promise<Result[]> {
  const database = await prepare();
  let boxModelId: number;
  try {
    await migrateDatabase(database);
    await seedCatalogue(database.db);
    boxModelId = await stockBenchBox(database.db);
  } finally {
    await database.close();
  }
  const { base, child } = await startServer(databaseUrl);
  try {
    return await load(engine, base, boxModelId, buyers);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function benchPglite(buyers: Awaited<ReturnType<typeof benchBuyers>>): Promise<Result[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-bench-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    return await bench('PGlite', `file:${dataDir}`, () => openDatabase({ engine: 'pglite', dataDir }), buyers);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(buyers: Awaited<ReturnType<typeof benchBuyers>>): Promise<Result[]> {
  const name = `arttoy_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await bench('PostgreSQL', url.toString(), () => openDatabase({ engine: 'postgres', url: url.toString() }), buyers);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const emulator = await startAuthEmulator(path.resolve(API_DIR, '..'));
const results: Result[] = [];
try {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const buyers = await benchBuyers(Math.max(...CONNECTION_LEVELS));
  results.push(...(await benchPglite(buyers)));
  try {
    results.push(...(await benchPostgres(buyers)));
  } catch (error) {
    console.error(`PostgreSQL skipped: ${(error as Error).message} (set BENCH_POSTGRES_URL).`);
  }
} finally {
  await emulator.stop();
}

if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results));
console.log(`\n${DURATION} s per level, ${os.cpus().length} CPUs`);
console.table(results.map((r) => ({ scenario: r.scenario, engine: r.engine, connections: r.connections, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50, 'p99 ms': r.p99, failed: r.non2xx, errors: r.errors })));
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
