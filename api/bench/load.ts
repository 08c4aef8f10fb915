/**
 * `npm run bench -w api`: requests/s and p99 latency of a catalogue read (a gallery page of
 * figures: two joins, a count and 12 rows) on both engines, each served by `src/server.ts` in its
 * own process while autocannon loads it from this one. Loopback only; bounded by BENCH_DURATION.
 *
 * BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10; a list such as 1,10,50 runs each
 * level), BENCH_PATH (default below), BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/test; a database of its own is created there and dropped
 * afterwards), BENCH_JSON (a file to write the results to, for `npm run bench` at the root).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { openDatabase } from '../src/db/connect';
import { migrateDatabase } from '../src/db/migrate';
import { seedCatalogue } from '../src/db/seed/seed';

const API_DIR = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number);
if (CONNECTION_LEVELS.some((level) => !Number.isInteger(level) || level < 1)) {
  throw new Error(`BENCH_CONNECTIONS must be whole numbers ≥ 1 separated by commas, got "${process.env.BENCH_CONNECTIONS}".`);
}
const BENCH_PATH = process.env.BENCH_PATH ?? '/api/figures?series=moonlit-forest&pageSize=12';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Result {
  scenario: string;
  engine: string;
  connections: number;
  requestsPerSecond: number;
  p99: number;
  p50: number;
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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

async function loadAt(engine: string, base: string, connections: number): Promise<Result> {
  const url = `${base}${BENCH_PATH}`;
  // Warm-up: JIT, the database's caches, the connection pool.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: DURATION });
  return {
    scenario: `GET ${BENCH_PATH}`,
    engine,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function load(engine: string, base: string): Promise<Result[]> {
  const results: Result[] = [];
  for (const connections of CONNECTION_LEVELS) results.push(await loadAt(engine, base, connections));
  return results;
}

async function bench(engine: string, databaseUrl: string): Promise<Result[]> {
  const { base, child } = await startServer(databaseUrl);
  try {
    return await load(engine, base);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function benchPglite(): Promise<Result[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-bench-'));
  try {
    // The server creates, migrates and seeds the embedded database on its first start.
    return await bench('PGlite', `file:${path.join(dir, 'pglite')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Result[]> {
  const name = `arttoy_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ engine: 'postgres', url: url.toString() });
    try {
      await migrateDatabase(database);
      await seedCatalogue(database.db);
    } finally {
      await database.close();
    }
    return await bench('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const results: Result[] = await benchPglite();
try {
  results.push(...(await benchPostgres()));
} catch (error) {
  console.error(`PostgreSQL skipped: ${(error as Error).message} (set BENCH_POSTGRES_URL).`);
}

if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results));
console.log(`\nGET ${BENCH_PATH}, ${DURATION} s per level, ${os.cpus().length} CPUs`);
console.table(results.map((r) => ({ engine: r.engine, connections: r.connections, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors })));
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
