/**
 * Runs the API alone: `npm start -w api` → http://localhost:3001/api (API_PORT to change it).
 * METRICS_PORT (and METRICS_HOST, default 127.0.0.1) serves GET /metrics on a listener of its own;
 * a cluster's worker leaves that to the primary, which sums every worker's (cluster.ts).
 * Logs (pino) on stdout: readable lines in a terminal, JSON lines otherwise (LOG_FORMAT decides
 * when set). SIGINT/SIGTERM (or the cluster's "shutdown" message, see cluster.ts) drain the
 * server, then close it and release the database (plugins/drain.ts).
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { AggregatorRegistry, Registry } from 'prom-client';
import { apiPlugin } from './app';
import { apiEnvironment } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { logFormatFrom, STARTUP } from './logging/log-format';
import { createServerLog, type ServerLog } from './logging/server-log';
import { registerHttpMetrics, registerProcessMetrics } from './observability/metrics';
import { type MetricsServer, startMetricsServer } from './observability/metrics-server';
import { flushTraces, registerRequestTrace } from './observability/trace-context';
import { drainThenClose, exitGracefully, graceMsAfter } from './plugins/drain';
import { DatabaseStartRefused } from './plugins/database';
import { checkPortFree, explainListenError, type PortSetting } from './port-check';
import { serverOptions } from './server-options';
import { apiSettings, type ApiSettings } from './settings';

const env = apiEnvironment();

let settings: ApiSettings;
let shared;
let log: ServerLog;
try {
  // Every setting, before anything opens: each mistake is named with its value and what it takes.
  settings = apiSettings(env);
  shared = serverOptions(env);
  log = createServerLog(logFormatFrom(env, process.stdout.isTTY === true), {
    level: settings.LOG_LEVEL,
    redact: ['req.headers.authorization'],
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { API_PORT: port, API_HOST: host, API_DRAIN_MS: drainMs } = settings;
const metricsOn: PortSetting | null =
  settings.METRICS_PORT === undefined
    ? null
    : {
        port: settings.METRICS_PORT,
        host: settings.METRICS_HOST,
        portSetting: 'METRICS_PORT',
        hostSetting: 'METRICS_HOST',
        command: 'npm start -w api',
      };

// Before the database starts. A cluster's workers share the port its primary holds (cluster.ts checks it).
const listenOn: PortSetting = {
  port,
  host,
  portSetting: 'API_PORT',
  hostSetting: 'API_HOST',
  command: 'npm start -w api',
};
if (!cluster.isWorker) {
  try {
    await checkPortFree(listenOn);
    if (metricsOn) await checkPortFree(metricsOn);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const app = Fastify({
  ...log.fastifyOptions,
  ...shared,
  // A request that arrives on an open connection while the server closes is still answered (see plugins/drain.ts).
  return503OnClosing: false,
  forceCloseConnections: false,
});
// Each request's trace id, on its log lines (and its span's when tracing is on).
registerRequestTrace(app);
// Readiness (/api/readyz) fails as soon as the drain starts.
const drain = { draining: false };
const shutdown = drainThenClose(app, drainMs, drain);
// One registry for this process: its requests, the API's own metrics and the process's.
const registry = metricsOn ? new Registry() : null;
let metricsServer: MetricsServer | null = null;
if (registry) {
  registerProcessMetrics(registry);
  registerHttpMetrics(app, registry);
  app.addHook('onClose', async () => metricsServer?.close());
}

try {
  await app.register(apiPlugin, { prefix: '/api', drain, ...(registry ? { metrics: registry } : {}) });
  await app.listen({ port, host });
  app.log.info(STARTUP, `The API is served at http://${host.includes(':') ? `[${host}]` : host}:${port}/api`);
} catch (caught) {
  // A refused lock, or a port taken since the check, is an expected situation with its own instructions: no stack trace needed.
  const error = explainListenError(caught, listenOn);
  app.log.fatal(
    error instanceof DataDirLockedError || error instanceof DatabaseStartRefused || error !== caught
      ? {}
      : { err: error },
    (error as Error).message,
  );
  await app.close().catch(() => undefined);
  // A database behind the build, or the embedded database in production: a step or a setting to fix.
  process.exit(error instanceof DatabaseStartRefused ? 2 : 1);
}

if (registry && metricsOn && cluster.isWorker) {
  // The primary asks each worker for its registry on every scrape and sums them (cluster.ts);
  // constructing one makes this worker answer those requests.
  void new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
} else if (registry && metricsOn) {
  try {
    metricsServer = await startMetricsServer({
      host: metricsOn.host,
      port: metricsOn.port,
      metrics: () => registry.metrics(),
      contentType: registry.contentType,
      error: (error) => app.log.error({ err: error }, 'collecting the metrics failed'),
    });
    app.log.info(STARTUP, `Metrics for Prometheus at ${metricsServer.url}`);
  } catch (caught) {
    app.log.fatal((explainListenError(caught, metricsOn) as Error).message);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

// A signal, an uncaught error or the cluster's "shutdown" message (a rolling restart): drain, close,
// send the last requests' spans (nothing with tracing off), exit.
const { stop } = exitGracefully({
  log: app.log,
  graceMs: graceMsAfter(drainMs),
  close: () => shutdown().finally(flushTraces),
});
process.on('message', (message) => {
  if (message === 'shutdown') stop('rolling restart');
});
