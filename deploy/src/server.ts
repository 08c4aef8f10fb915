import {
  checkPortFree,
  createServerLog,
  DatabaseStartRefused,
  drainThenClose,
  exitGracefully,
  explainListenError,
  flushTraces,
  graceMsAfter,
  logFormatFrom,
  type MetricsServer,
  type PortSetting,
  registerProcessMetrics,
  type ServerLog,
  startMetricsServer,
  STARTUP,
} from '@arttoy/api';
import { Registry } from 'prom-client';
import { siteOriginFolder } from './origin-store/mirror';
import { startLocalSignIn, type LocalSignIn } from './local-sign-in';
import { runtimeConfigFromEnv, signInMode } from './runtime-config';
import { createSiteServer } from './site-server';
import { deployEnvironment } from './config';
import { startBesideSite } from './deploy-service/start';
import { deployServiceSettings } from './deploy-service/settings';
import { siteSettings, type SiteSettings } from './settings';

const env = deployEnvironment();

// Every setting (the site's and the API's it mounts), before anything opens: each mistake is named
// with its value and what it takes, all in one run.
let settings: SiteSettings;
let serverLog: ServerLog;
let config;
let mode;
try {
  settings = siteSettings(env);
  // The deploy service's too (it starts once the site listens): a mistake stops the start here.
  deployServiceSettings(env);
  mode = signInMode(env);
  config = runtimeConfigFromEnv(env);
  // Readable lines in a terminal, JSON lines otherwise (LOG_FORMAT decides when set).
  serverLog = createServerLog(logFormatFrom(env, process.stdout.isTTY === true), {
    level: settings.LOG_LEVEL,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const log = serverLog.logger;
const port = settings.PORT;

// Before the database and the Auth emulator start: a busy port would otherwise fail only once they have.
const listenOn: PortSetting = {
  port,
  host: settings.HOST,
  portSetting: 'PORT',
  hostSetting: 'HOST',
  command: 'npm start',
};
// METRICS_PORT: GET /metrics on a listener of its own (METRICS_HOST, default 127.0.0.1), never the public port.
const metricsOn: PortSetting | null =
  settings.METRICS_PORT === undefined
    ? null
    : {
        port: settings.METRICS_PORT,
        host: settings.METRICS_HOST,
        portSetting: 'METRICS_PORT',
        hostSetting: 'METRICS_HOST',
        command: 'npm start',
      };
try {
  await checkPortFree(listenOn);
  if (metricsOn) await checkPortFree(metricsOn);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A bucket origin (ORIGIN_STORE) is served from a local copy that follows its pointers.
let origin;
try {
  origin = await siteOriginFolder(env, {
    info: (message) => log.info(STARTUP, message),
    error: (message) => log.error(message),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// Before the API is mounted: in a local run it must find FIREBASE_AUTH_EMULATOR_HOST set.
let signIn: LocalSignIn | null = null;
if (mode === 'emulator') {
  try {
    signIn = await startLocalSignIn({
      log: (message) => log.info(STARTUP, message),
      error: (message) => log.error(message),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
} else {
  log.info(
    STARTUP,
    mode === 'firebase'
      ? `Sign-in: Firebase project ${config.firebase.projectId ?? '(projectId missing)'}.`
      : 'Sign-in: off (no FIREBASE_* settings, and AUTH_EMULATOR=off or NODE_ENV=production).',
  );
}

/** Shared with the API it mounts: both readiness probes fail as soon as the drain starts. */
const drain = { draining: false };
// One registry for the process: the site's requests and renders, the API's, the process's own.
const registry = metricsOn ? new Registry() : null;
if (registry) registerProcessMetrics(registry);
let metricsServer: MetricsServer | null = null;
let app;
let shutdown: () => Promise<void>;
try {
  // The API runs in this process under /api unless SITE_API=off (it then runs elsewhere behind the same origin).
  app = await createSiteServer({
    origin: origin.folder,
    config,
    api: settings.SITE_API === 'off' ? false : {},
    log: serverLog.fastifyOptions,
    serverRender: settings.SSR === 'on',
    serverRenderBudgetMs: settings.SSR_BUDGET_MS,
    drain,
    ...(registry ? { metrics: registry } : {}),
  });
  shutdown = drainThenClose(app, settings.DRAIN_MS, drain);
  await app.listen({ port, host: listenOn.host });
  if (registry && metricsOn) {
    const served = await startMetricsServer({
      host: metricsOn.host,
      port: metricsOn.port,
      metrics: () => registry.metrics(),
      contentType: registry.contentType,
      error: (error) => log.error({ err: error }, 'collecting the metrics failed'),
    }).catch((error: unknown) => Promise.reject(explainListenError(error, metricsOn)));
    metricsServer = served;
    log.info(STARTUP, `Metrics for Prometheus at ${served.url}`);
  }
} catch (caught) {
  // Most likely the embedded database is in use by another process, or the port was taken since the
  // check: either message says what to do.
  const error = explainListenError(caught, listenOn);
  console.error(error instanceof Error ? error.message : error);
  await Promise.allSettled([signIn?.stop(), origin.stop()]);
  // The API's database behind the build, or embedded in production: a step or a setting to fix.
  process.exit(error instanceof DatabaseStartRefused ? 2 : 1);
}
log.info(STARTUP, `ArtToy Club is served at http://localhost:${port}`);

// The deploy service beside the site (deploy-service/start.ts; DEPLOY_PORT=off leaves it out).
const deployService = await startBesideSite({
  env,
  log: serverLog.fastifyOptions,
  warn: (message) => log.warn(message),
}).catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await Promise.allSettled([app.close(), signIn?.stop(), origin.stop()]);
  process.exit(2);
});
if (deployService) log.info(STARTUP, `Deploy service at ${deployService.url}`);

// Ctrl-C, a deploy's SIGTERM or an uncaught error: readiness fails at once, answers (the deploy
// service's too) say `Connection: close` for DRAIN_MS, then the servers stop listening, finish the
// requests they have, close the live streams (the API's feed ends them as it closes) and the API's
// database; then the bucket's copy and the emulator it started stop (plugins/drain.ts in the API).
exitGracefully({
  log,
  graceMs: graceMsAfter(settings.DRAIN_MS),
  close: async () => {
    const closed = await Promise.allSettled([shutdown(), deployService?.shutdown()]);
    await Promise.allSettled([metricsServer?.close(), origin.stop(), signIn?.stop(), flushTraces()]);
    const failed = closed.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  },
});
