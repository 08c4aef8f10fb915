/**
 * Several API instances on one port: `npm run start:cluster -w api` (API_INSTANCES, default 2).
 * Each worker is `server.ts`: its own connection pool and its own LISTEN for data changes, on one
 * PostgreSQL database (DATABASE_URL); with REDIS_URL their rate limits are counted together. The
 * primary only forks, restarts and stops workers; node's cluster hands connections round-robin.
 *
 * - SIGHUP: rolling restart (after a deploy of new code): one worker at a time, a new one is
 *   started and listening before the old one drains and stops (plugins/drain.ts), so the port
 *   never lacks an instance and no request is lost.
 * - A worker that dies is replaced (after 1 s, so a worker that cannot start does not spin), unless
 *   it refused to start (exit 2: a bad setting, a database behind the build); a first start refused
 *   so makes the primary exit 2 too.
 * - SIGINT/SIGTERM: every worker drains and stops, then the primary exits.
 *
 * PGlite is one process's database: the cluster needs PostgreSQL.
 *
 * METRICS_PORT: the primary serves GET /metrics, the sum of every worker's registry asked for on
 * each scrape (prom-client's AggregatorRegistry): one target per cluster, counters that survive a
 * worker's restart in Prometheus's rate() as a counter reset does.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { AggregatorRegistry } from 'prom-client';
import { apiEnvironment } from './config';
import { startMetricsServer } from './observability/metrics-server';
import { checkPortFree } from './port-check';
import { COMPILED } from './project-files';
import {
  apiSettingFields,
  checkApiDatabaseSettings,
  checkApiSettingPairs,
  checkMetricsPort,
  checkSettings,
  refuse,
  setting,
} from './settings';
import { z } from 'zod';

const clusterSettingsSchema = z
  .object({
    ...apiSettingFields,
    API_INSTANCES: setting((value) =>
      !value?.trim()
        ? 2
        : /^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 64
          ? Number(value)
          : refuse('API_INSTANCES', 'a whole number from 1 to 64', value),
    ),
  })
  .superRefine((settings, context) => {
    checkApiSettingPairs(settings, context);
    checkApiDatabaseSettings(settings, context);
    checkMetricsPort(settings, settings.API_PORT, 'API_PORT', context);
  });

const env = apiEnvironment();
let settings: z.output<typeof clusterSettingsSchema>;
try {
  // Every worker reads the same settings: refuse a bad one once, here, rather than in a restart loop.
  settings = checkSettings(clusterSettingsSchema, env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const count = settings.API_INSTANCES;
if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
  console.error(
    'The API cluster needs PostgreSQL: set DATABASE_URL=postgres://… (the embedded database opens in one process only; use npm start -w api).',
  );
  process.exit(1);
}

// Before any worker starts: each would fail on a busy port, and be restarted, and fail again.
try {
  await checkPortFree({
    port: settings.API_PORT,
    host: settings.API_HOST,
    portSetting: 'API_PORT',
    hostSetting: 'API_HOST',
    command: 'npm run start:cluster -w api',
  });
  if (settings.METRICS_PORT !== undefined)
    await checkPortFree({
      port: settings.METRICS_PORT,
      host: settings.METRICS_HOST,
      portSetting: 'METRICS_PORT',
      hostSetting: 'METRICS_HOST',
      command: 'npm run start:cluster -w api',
    });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = (message: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: Date.now(), name: 'arttoy-api-cluster', msg: message, ...fields }));

// API_CLUSTER_WORKER: another worker script (the load bench runs bench/unlimited-server.ts, without per-IP limits).
// Compiled (dist/servers/api-cluster.mjs), the workers are the compiled server beside it, run by node
// with this process's flags; a TypeScript worker runs through tsx.
const workerScript = path.resolve(
  process.cwd(),
  env.API_CLUSTER_WORKER ?? path.join(import.meta.dirname, COMPILED ? 'api-server.mjs' : 'server.ts'),
);
cluster.setupPrimary(
  workerScript.endsWith('.ts')
    ? { exec: workerScript, execArgv: ['--import', 'tsx'] }
    : { exec: workerScript },
);

/** Workers that are serving, and those asked to stop (not replaced when they exit). */
const retiring = new Set<Worker>();
let stopping = false;
let restarting: Promise<void> | null = null;

function start(): Promise<Worker> {
  const worker = cluster.fork();
  return new Promise((resolve, reject) => {
    worker.once('listening', () => {
      log('instance listening', { pid: worker.process.pid });
      resolve(worker);
    });
    worker.once('exit', (code) =>
      reject(
        Object.assign(new Error(`instance ${worker.process.pid} exited with ${code} before listening`), {
          exitCode: code,
        }),
      ),
    );
  });
}

function retire(worker: Worker): Promise<void> {
  retiring.add(worker);
  return new Promise((resolve) => {
    worker.once('exit', () => resolve());
    worker.send('shutdown');
  });
}

/** A worker's exit code for a start it refused (a setting, a database behind the build): another would refuse too. */
const REFUSED = 2;

cluster.on('exit', (worker, code, signal) => {
  if (retiring.delete(worker) || stopping) return;
  if (code === REFUSED) {
    log('instance refused to start; not replaced (its message says what to fix)', {
      pid: worker.process.pid,
    });
    return;
  }
  log('instance died; starting another in 1 s', { pid: worker.process.pid, code, signal });
  setTimeout(() => void start().catch((error: Error) => log(error.message)), 1_000).unref();
});

async function rollingRestart(): Promise<void> {
  const old = Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && !retiring.has(worker),
  );
  log('rolling restart', { instances: old.length });
  for (const worker of old) {
    await start();
    await retire(worker);
  }
  log('rolling restart done', {
    pids: Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid),
  });
}

process.on('SIGHUP', () => {
  if (stopping) return;
  restarting ??= rollingRestart()
    .catch((error: Error) => log(`rolling restart failed: ${error.message}`))
    .finally(() => (restarting = null));
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    log('stopping every instance', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    void Promise.all(workers.map(retire)).then(() => process.exit(0));
  });
}

try {
  await Promise.all(Array.from({ length: count }, start));
  log('API instances ready', { instances: count, port: settings.API_PORT });
  if (settings.METRICS_PORT !== undefined) {
    const aggregator = new AggregatorRegistry();
    const metrics = await startMetricsServer({
      host: settings.METRICS_HOST,
      port: settings.METRICS_PORT,
      metrics: () => aggregator.clusterMetrics(),
      contentType: aggregator.contentType,
      error: (error) => log(`collecting the metrics failed: ${(error as Error).message}`),
    });
    log('metrics for Prometheus', { url: metrics.url });
  }
} catch (error) {
  log(`could not start the instances: ${(error as Error).message}`);
  process.exit((error as { exitCode?: number }).exitCode === REFUSED ? REFUSED : 1);
}
