/**
 * `npm run bench -w api`: the API under load, side by side with its floor, on both engines.
 *
 * On PostgreSQL (a database of its own beside BENCH_POSTGRES_URL, dropped afterwards):
 * - the catalogue read (a gallery page of figures) from three servers started in turn: the floor
 *   (bench/floor-server.ts: node:http + pg, the same SQL and JSON; its answer is checked equal to the
 *   API's first), the API with every answer from the database (ANSWER_CACHE=off), and the API as it
 *   runs (answers from memory). Each figure is reported with its ratio to the floor's;
 * - the purchase path (bench/purchase.ts: order → sandbox payment → approve → capture and draw) on
 *   one instance and on two (src/cluster.ts), from the floor (bench/floor-purchase.ts: the API's
 *   statements with node:http + pg alone) and then the API, each API figure with its ratio to the
 *   floor's; then an audit of what both left: no stock below zero, every paid order with exactly
 *   one draw and one locker item.
 * - the live feed (bench/feed.ts): BENCH_FEED_CLIENTS streams on one instance while events commit
 *   beside it (BENCH_FEED_RATE a second): deliveries a second (req/s), commit → client latency, and
 *   the server's memory with them.
 * On the embedded database (PGlite, one process), the same reads and the purchase path, for the record.
 * BENCH_METRICS=compare adds the uncached and the cached read with the metrics counting (METRICS_PORT's
 * hooks), taking turns with the others: each with its ratio to the same read without them.
 *
 * Servers are bench/unlimited-server.ts (the API without per-IP limits); autocannon runs in this
 * process, on the same 2 cores. Loopback only. Starts its own Auth emulator for the buyers.
 *
 * BENCH_DURATION (s per run, default 10), BENCH_CONNECTIONS (levels, default 1,10,50), BENCH_READ_ROUNDS
 * (turns of the read servers per level, default 2), BENCH_WARMUP (s of load each read server takes before
 * the measured runs, default 20), BENCH_SCENARIOS (default reads,purchases,feed), BENCH_PATH,
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_ENGINES (default
 * postgres,pglite), BENCH_JSON (a file to write the results to, for `npm run bench` at the root),
 * BENCH_TRACING=1 (the PostgreSQL reads with tracing on too, beside the same servers without).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAuthEmulator } from '../src/test/auth-emulator';
import {
  API_DIR,
  type BenchDatabase,
  pgliteBenchDatabase,
  postgresBenchDatabase,
  READ_PATH,
  serve,
  type Served,
  TRACING_PRELOAD,
} from './harness';
import type { TestUser } from '../src/test/auth-emulator';
import {
  auditPurchases,
  benchBuyers,
  cancelUnpaidOrders,
  cancelUnpaidOrdersInDatabase,
  loadPurchases,
  type PurchaseAudit,
} from './purchase';
import { benchFeed } from './feed';
import { cpuSnapshot, cpuSpentSince } from './process-cpu';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 2);
if (!Number.isInteger(READ_ROUNDS) || READ_ROUNDS < 1)
  throw new Error(`BENCH_READ_ROUNDS must be a whole number ≥ 1, got "${process.env.BENCH_READ_ROUNDS}".`);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
if (!Number.isFinite(WARMUP) || WARMUP < 1)
  throw new Error(`BENCH_WARMUP must be a number of seconds ≥ 1, got "${process.env.BENCH_WARMUP}".`);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'reads,purchases,feed').split(',');
if (SCENARIOS.some((scenario) => !['reads', 'purchases', 'feed'].includes(scenario)))
  throw new Error(
    `BENCH_SCENARIOS lists reads, purchases and/or feed, got "${process.env.BENCH_SCENARIOS}".`,
  );
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
if (!Number.isFinite(DURATION) || DURATION <= 0)
  throw new Error(`BENCH_DURATION must be a number of seconds, got "${process.env.BENCH_DURATION}".`);
if (CONNECTION_LEVELS.some((level) => !Number.isInteger(level) || level < 1)) {
  throw new Error(
    `BENCH_CONNECTIONS must be whole numbers ≥ 1 separated by commas, got "${process.env.BENCH_CONNECTIONS}".`,
  );
}
if (ENGINES.some((engine) => engine !== 'postgres' && engine !== 'pglite'))
  throw new Error(`BENCH_ENGINES lists postgres and/or pglite, got "${process.env.BENCH_ENGINES}".`);

interface Result {
  scenario: string;
  engine: string;
  /** API processes serving (the floor is one). */
  instances: number;
  connections: number;
  requestsPerSecond: number;
  /** Purchase path: orders paid, drawn and put in a locker, per second. */
  ordersPerSecond?: number;
  p50: number;
  p99: number;
  /** The floor's figure at the same level divided into this one's (reads on PostgreSQL). */
  rpsOverFloor?: number;
  p99OverFloor?: number;
  /** BENCH_METRICS=compare: the same read without metrics divided into this one's. */
  rpsOverPlain?: number;
  cpuOverPlain?: number;
  /** CPU of the server's processes and of PostgreSQL's, in µs per answer (reads) or per order (purchases), over the run (/proc). */
  serverCpuUs?: number;
  postgresCpuUs?: number;
  non2xx: number;
  errors: number;
  audit?: PurchaseAudit;
  /** Live feed (bench/feed.ts): the server's resident memory with the clients, and what each added. */
  rssMb?: number;
  rssKbPerClient?: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function summarise(
  scenario: string,
  engine: string,
  instances: number,
  connections: number,
  result: autocannon.Result,
  unexpected: number,
): Result {
  return {
    scenario,
    engine,
    instances,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: unexpected,
    errors: result.errors + result.timeouts,
  };
}

async function readOnce(base: string): Promise<unknown> {
  const response = await fetch(`${base}${READ_PATH}`);
  if (!response.ok) throw new Error(`${base}${READ_PATH} answered ${response.status}.`);
  return response.json();
}

/**
 * The catalogue read from each server at each level, servers taking turns so they share the
 * machine's state, READ_ROUNDS times over: a ratio from one turn each moves between runs (the
 * machine's other load, PostgreSQL's background work), and the rounds show that spread.
 */
async function loadReads(engine: string, servers: { name: string; served: Served }[]): Promise<Result[]> {
  const results: Result[] = [];
  // Every server to its steady state first: the API's code (fastify, zod, drizzle, its own) takes
  // far longer under load than the floor's to be fully optimised, and a short warm-up would charge
  // that to the first runs. A server in production runs for hours.
  for (const { served } of servers)
    await autocannon({
      url: `${served.base}${READ_PATH}`,
      connections: Math.max(...CONNECTION_LEVELS),
      duration: WARMUP,
    });
  for (const connections of CONNECTION_LEVELS) {
    for (let round = 1; round <= READ_ROUNDS; round++) {
      let floor: Result | undefined;
      const plain = new Map<string, Result>();
      for (const { name, served } of servers) {
        const url = `${served.base}${READ_PATH}`;
        // Warm-up: JIT, the database's caches, the connection pool.
        await autocannon({ url, connections, duration: 1 });
        const cpuBefore = cpuSnapshot(served.child.pid ?? 0);
        const run = await autocannon({ url, connections, duration: DURATION });
        const cpu = cpuSpentSince(cpuBefore, served.child.pid ?? 0);
        const result = summarise(
          `GET ${READ_PATH} (${name}${READ_ROUNDS > 1 ? `, round ${round}` : ''})`,
          engine,
          1,
          connections,
          run,
          run.non2xx,
        );
        // What each answer cost, whatever the machine's other load: the cause behind the req/s ratio.
        const perAnswer = (group: 'api' | 'postgres') =>
          Math.round((cpu[group] * 1000) / Math.max(run.requests.total, 1));
        result.serverCpuUs = perAnswer('api');
        if (engine === 'PostgreSQL') result.postgresCpuUs = perAnswer('postgres');
        if (name === 'floor') floor = result;
        else if (floor) {
          result.rpsOverFloor = round2(result.requestsPerSecond / floor.requestsPerSecond);
          result.p99OverFloor = round2(result.p99 / Math.max(floor.p99, 1));
        }
        const without = plain.get(name.replace(METRICS_SUFFIX, ''));
        if (name.endsWith(METRICS_SUFFIX) && without) {
          result.rpsOverPlain = round2(result.requestsPerSecond / without.requestsPerSecond);
          result.cpuOverPlain = round2((result.serverCpuUs ?? 0) / Math.max(without.serverCpuUs ?? 1, 1));
        } else plain.set(name, result);
        results.push(result);
      }
    }
  }
  return results;
}

const METRICS_SUFFIX = ' + metrics';
const READ_VARIANTS: [string, Record<string, string>][] = [
  ['uncached', { ANSWER_CACHE: 'off' }],
  ...(process.env.BENCH_METRICS === 'compare'
    ? [
        [`uncached${METRICS_SUFFIX}`, { ANSWER_CACHE: 'off', BENCH_METRICS: 'on' }] as [
          string,
          Record<string, string>,
        ],
      ]
    : []),
  ['cached', {}],
  ...(process.env.BENCH_METRICS === 'compare'
    ? [[`cached${METRICS_SUFFIX}`, { BENCH_METRICS: 'on' }] as [string, Record<string, string>]]
    : []),
];

/**
 * BENCH_TRACING=1: each read variant of PostgreSQL also with tracing on (the API's preload, every
 * request sampled, spans exported to `otlpSink` in this process), taking turns with the others.
 */
const TRACING = process.env.BENCH_TRACING === '1';

/** An OTLP/HTTP receiver that accepts every export and keeps nothing. */
async function otlpSink(): Promise<{ url: string; exports: () => number; close(): Promise<void> }> {
  let exports = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.BENCH_OTLP_PORT ?? 0), '127.0.0.1', resolve),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function benchReads(database: BenchDatabase): Promise<Result[]> {
  if (database.engine === 'PGlite') {
    // One process's database: its servers take turns on it, and there is no floor to compare with.
    const results: Result[] = [];
    for (const [name, env] of READ_VARIANTS) {
      const served = await serve('bench/unlimited-server.ts', { DATABASE_URL: database.url, ...env });
      try {
        results.push(...(await loadReads(database.engine, [{ name, served }])));
      } finally {
        await served.stop();
      }
    }
    return results;
  }
  const servers: { name: string; served: Served }[] = [];
  const sink = TRACING ? await otlpSink() : null;
  try {
    servers.push({
      name: 'floor',
      served: await serve('bench/floor-server.ts', { DATABASE_URL: database.url }),
    });
    for (const [name, env] of READ_VARIANTS) {
      servers.push({
        name,
        served: await serve('bench/unlimited-server.ts', { DATABASE_URL: database.url, ...env }),
      });
      if (sink)
        servers.push({
          name: `${name}, traced`,
          served: await serve(
            'bench/unlimited-server.ts',
            { DATABASE_URL: database.url, ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url },
            TRACING_PRELOAD,
          ),
        });
    }
    const [reference, ...others] = await Promise.all(servers.map(({ served }) => readOnce(served.base)));
    if (!others.every((answer) => isDeepStrictEqual(answer, reference))) {
      throw new Error(
        `The floor and the API answer ${READ_PATH} differently: align bench/floor-server.ts with the route before measuring.`,
      );
    }
    const results = await loadReads(database.engine, servers);
    if (sink && sink.exports() === 0)
      throw new Error('Tracing was on, but no spans reached the OTLP receiver.');
    return results;
  } finally {
    await Promise.all(servers.map(({ served }) => served.stop()));
    await sink?.close();
  }
}

/**
 * The purchase path at each level on `instances` processes (src/cluster.ts when more than one),
 * then an audit: on PostgreSQL the floor first (bench/floor-purchase.ts: the API's statements
 * with node:http + pg alone), then the API, each API figure with its ratio to the floor's.
 */
async function benchPurchases(
  database: BenchDatabase,
  buyers: TestUser[],
  instances: number,
): Promise<Result[]> {
  const servers = database.engine === 'PostgreSQL' ? (['floor', 'API'] as const) : (['API'] as const);
  const results: Result[] = [];
  const floors = new Map<number, Result>();
  const db = await database.open();
  try {
    for (const server of servers) {
      const worker = server === 'floor' ? 'bench/floor-server.ts' : 'bench/unlimited-server.ts';
      const env = { DATABASE_URL: database.url };
      const served =
        instances === 1
          ? await serve(worker, env)
          : await serve('src/cluster.ts', {
              ...env,
              API_INSTANCES: String(instances),
              API_CLUSTER_WORKER: worker,
            });
      // The floor serves the purchase path only: its cut-off orders are cancelled in the database.
      const cancelUnpaid = () =>
        server === 'floor' ? cancelUnpaidOrdersInDatabase(db.db) : cancelUnpaidOrders(served.base, buyers);
      try {
        for (const connections of CONNECTION_LEVELS) {
          await loadPurchases(served.base, database.boxModelId, buyers, connections, 1);
          await cancelUnpaid();
          const cpuBefore = cpuSnapshot(served.child.pid ?? 0);
          const run = await loadPurchases(served.base, database.boxModelId, buyers, connections, DURATION);
          const cpu = cpuSpentSince(cpuBefore, served.child.pid ?? 0);
          await cancelUnpaid();
          // The sandbox page answers 303 by design; anything else outside 2xx/3xx is a failure.
          const scenario =
            server === 'floor' ? 'purchase path, 4 requests (floor)' : 'purchase path, 4 requests';
          const result = summarise(
            scenario,
            database.engine,
            instances,
            connections,
            run.result,
            run.result['4xx'] + run.result['5xx'],
          );
          result.ordersPerSecond = Math.round(run.orders / DURATION);
          result.serverCpuUs = Math.round((cpu.api * 1000) / Math.max(run.orders, 1));
          if (database.engine === 'PostgreSQL')
            result.postgresCpuUs = Math.round((cpu.postgres * 1000) / Math.max(run.orders, 1));
          const floor = floors.get(connections);
          if (server === 'floor') floors.set(connections, result);
          else if (floor) {
            result.rpsOverFloor = round2(result.requestsPerSecond / Math.max(floor.requestsPerSecond, 1));
            result.p99OverFloor = round2(result.p99 / Math.max(floor.p99, 1));
          }
          results.push(result);
        }
      } finally {
        await served.stop();
      }
    }
    results.at(-1)!.audit = await auditPurchases(db.db);
  } finally {
    await db.close();
  }
  return results;
}

async function benchEngine(engine: string, buyers: TestUser[]): Promise<Result[]> {
  const database = engine === 'postgres' ? await postgresBenchDatabase() : await pgliteBenchDatabase();
  try {
    const results = SCENARIOS.includes('reads') ? await benchReads(database) : [];
    if (SCENARIOS.includes('purchases')) {
      results.push(...(await benchPurchases(database, buyers, 1)));
      if (database.engine === 'PostgreSQL') results.push(...(await benchPurchases(database, buyers, 2)));
    }
    // Feed clients on one instance, events flowing: deliveries a second, commit → client latency,
    // refused streams as failed and deliveries missed as errors.
    if (database.engine === 'PostgreSQL' && SCENARIOS.includes('feed')) {
      for (const feed of await benchFeed(database)) {
        results.push({
          scenario: `${feed.scenario} (feed clients)`,
          engine: feed.engine,
          instances: 1,
          connections: feed.clients,
          requestsPerSecond: feed.deliveriesPerSecond,
          p50: feed.p50,
          p99: feed.p99,
          non2xx: feed.refused,
          errors: feed.missed,
          rssMb: feed.rssMb,
          rssKbPerClient: feed.rssKbPerClient,
        });
      }
    }
    return results;
  } finally {
    await database.drop();
  }
}

const emulator = await startAuthEmulator(path.resolve(API_DIR, '..'));
const results: Result[] = [];
try {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const buyers = await benchBuyers(Math.max(...CONNECTION_LEVELS));
  for (const engine of ENGINES) {
    try {
      results.push(...(await benchEngine(engine, buyers)));
    } catch (error) {
      if (engine !== 'postgres') throw error;
      console.error(`PostgreSQL skipped: ${(error as Error).message} (set BENCH_POSTGRES_URL).`);
    }
  }
} finally {
  await emulator.stop();
}

const audits = results.filter((r) => r.audit);
const badAudit = audits.some(
  ({ audit }) =>
    audit!.incomplete > 0 ||
    audit!.negativeStock > 0 ||
    audit!.draws !== audit!.paidOrders ||
    audit!.lockerItems !== audit!.paidOrders,
);
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results));
console.log(`\n${DURATION} s per run, ${os.cpus().length} CPUs, load generator on the same machine`);
console.table(
  results.map((r) => ({
    scenario: r.scenario,
    engine: r.engine,
    inst: r.instances,
    conns: r.connections,
    'req/s': r.requestsPerSecond,
    'orders/s': r.ordersPerSecond ?? '',
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    '÷floor req/s': r.rpsOverFloor ?? '',
    '÷floor p99': r.p99OverFloor ?? '',
    ...(process.env.BENCH_METRICS === 'compare'
      ? { '÷plain req/s': r.rpsOverPlain ?? '', '÷plain µs': r.cpuOverPlain ?? '' }
      : {}),
    'server µs': r.serverCpuUs ?? '',
    'pg µs': r.postgresCpuUs ?? '',
    failed: r.non2xx,
    errors: r.errors,
    'rss MB': r.rssMb ?? '',
  })),
);
for (const { engine, instances, audit } of audits)
  console.log(`audit after the purchases (${engine}, ${instances} instance(s)): ${JSON.stringify(audit)}`);
if (results.some((r) => r.non2xx > 0 || r.errors > 0) || badAudit) process.exitCode = 1;
