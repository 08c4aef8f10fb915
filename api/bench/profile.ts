/**
 * `npm run bench:profile -w api`: where the API's time goes, under `node --cpu-prof` on a
 * PostgreSQL bench database, at 50 connections for BENCH_DURATION seconds (default 10). Writes the
 * flame graph of that load (start-up and warm-up left out) to bench/results/<date>-<scenario>.svg
 * and prints self time by owner and by function.
 *
 * PROFILE_SCENARIO picks the load:
 * - `catalogue-read` (default): a catalogue read served from the database (ANSWER_CACHE=off);
 * - `purchase`: the purchase path (bench/purchase.ts) on one instance, with the CPU each process
 *   spent per order (the API, PostgreSQL's backends, the Auth emulator, the load generator) and the
 *   SQL statements the API sent per order (counted in the server: BENCH_COUNT_STATEMENTS).
 * BENCH_PATH and BENCH_POSTGRES_URL as for bench/load.ts; PROFILE_OUT names another SVG file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAuthEmulator } from '../src/test/auth-emulator';
import { API_DIR, postgresBenchDatabase, READ_PATH, serve, type BenchDatabase, type Served } from './harness';
import { cpuSnapshot, cpuSpentSince } from './process-cpu';
import { benchBuyers, cancelUnpaidOrders, loadPurchases } from './purchase';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
if (!Number.isFinite(DURATION) || DURATION <= 0)
  throw new Error(`BENCH_DURATION must be a number of seconds, got "${process.env.BENCH_DURATION}".`);
const SCENARIO = process.env.PROFILE_SCENARIO ?? 'catalogue-read';
if (SCENARIO !== 'catalogue-read' && SCENARIO !== 'purchase')
  throw new Error(`PROFILE_SCENARIO is catalogue-read or purchase, got "${SCENARIO}".`);
const CONNECTIONS = 50;
const output = path.resolve(
  process.env.PROFILE_OUT ??
    path.join(API_DIR, '..', 'bench/results', `${new Date().toISOString().slice(0, 10)}-${SCENARIO}.svg`),
);

interface Profiled {
  title: string;
  loadStarted: number;
}

async function profileRead(served: Served): Promise<Profiled> {
  await autocannon({ url: `${served.base}${READ_PATH}`, connections: CONNECTIONS, duration: 1 });
  const loadStarted = Date.now();
  const run = await autocannon({
    url: `${served.base}${READ_PATH}`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    title: `GET ${READ_PATH}, uncached, PostgreSQL, ${CONNECTIONS} connections, ${Math.round(run.requests.average)} req/s (p99 ${run.latency.p99} ms)`,
    loadStarted,
  };
}

/** The statements the server counted so far (bench/unlimited-server.ts answers them on /statement-count). */
async function statementsSent(served: Served): Promise<number> {
  const response = await fetch(`${served.base}/statement-count`);
  return Number(await response.text());
}

async function profilePurchases(served: Served, database: BenchDatabase): Promise<Profiled> {
  const buyers = await benchBuyers(CONNECTIONS);
  await loadPurchases(served.base, database.boxModelId, buyers, CONNECTIONS, 1);
  await cancelUnpaidOrders(served.base, buyers);
  const cpuBefore = cpuSnapshot(served.child.pid ?? 0);
  const statementsBefore = await statementsSent(served);
  const loadStarted = Date.now();
  const run = await loadPurchases(served.base, database.boxModelId, buyers, CONNECTIONS, DURATION);
  const statements = (await statementsSent(served)) - statementsBefore;
  const cpu = cpuSpentSince(cpuBefore, served.child.pid ?? 0);
  const perOrder = (ms: number) => Math.round((ms / Math.max(run.orders, 1)) * 100) / 100;
  const ordersPerSecond = Math.round(run.orders / DURATION);
  console.log(
    `${run.orders} orders in ${DURATION} s (${ordersPerSecond}/s), ${run.result['4xx'] + run.result['5xx']} failed requests`,
  );
  console.log(`SQL statements sent per order: ${perOrder(statements)}`);
  console.table(
    Object.fromEntries(
      Object.entries(cpu).map(([group, ms]) => [group, { 'CPU ms per order': perOrder(ms) }]),
    ),
  );
  return {
    title: `Purchase path, PostgreSQL, 1 instance, ${CONNECTIONS} connections, ${ordersPerSecond} orders/s`,
    loadStarted,
  };
}

const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-profile-'));
const database = await postgresBenchDatabase();
const emulator = SCENARIO === 'purchase' ? await startAuthEmulator(path.resolve(API_DIR, '..')) : null;
try {
  if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const spawned = Date.now();
  const env: Record<string, string> =
    SCENARIO === 'purchase'
      ? { DATABASE_URL: database.url, BENCH_COUNT_STATEMENTS: '1' }
      : { DATABASE_URL: database.url, ANSWER_CACHE: 'off' };
  const served = await serve('bench/unlimited-server.ts', env, ['--cpu-prof', '--cpu-prof-dir', profiles]);
  let profiled: Profiled;
  try {
    profiled = SCENARIO === 'purchase' ? await profilePurchases(served, database) : await profileRead(served);
  } finally {
    await served.stop();
  }
  const [profile] = fs.readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
  if (!profile) throw new Error(`The server wrote no CPU profile into ${profiles}.`);
  console.log(profiled.title);
  execFileSync(
    process.execPath,
    [
      path.join(API_DIR, '..', 'bench/lib/flamegraph.mjs'),
      path.join(profiles, profile),
      output,
      profiled.title,
      '--from-ms',
      String(profiled.loadStarted - spawned),
    ],
    { stdio: 'inherit' },
  );
  console.log(`flame graph: ${path.relative(process.cwd(), output)}`);
} finally {
  await emulator?.stop();
  await database.drop();
  fs.rmSync(profiles, { recursive: true, force: true });
}
