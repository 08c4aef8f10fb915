/**
 * Runs the API alone: `npm start -w api` → http://localhost:3001/api (API_PORT to change it).
 * Logs (pino) on stdout: readable lines in a terminal, JSON lines otherwise (LOG_FORMAT decides
 * when set). SIGINT/SIGTERM (or the cluster's "shutdown" message, see cluster.ts) drain the
 * server, then close it and release the database.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { apiPlugin } from './app';
import { apiEnvironment } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { logFormatFrom, STARTUP } from './logging/log-format';
import { createServerLog, type ServerLog } from './logging/server-log';
import { DatabaseStartRefused } from './plugins/database';
import { drainThenClose } from './plugins/drain';
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
// Readiness (/api/readyz) fails as soon as the drain starts.
const drain = { draining: false };
const shutdown = drainThenClose(app, drainMs, drain);

try {
  await app.register(apiPlugin, { prefix: '/api', drain });
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

const stop = (reason: string) => {
  app.log.info({ reason }, 'shutting down');
  void shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutting down failed');
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(signal));
// A worker of cluster.ts: the primary asks for a graceful stop (a rolling restart).
process.on('message', (message) => {
  if (message === 'shutdown') stop('rolling restart');
});
