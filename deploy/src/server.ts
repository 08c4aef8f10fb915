import {
  checkPortFree,
  createServerLog,
  explainListenError,
  logFormatFrom,
  type PortSetting,
  type ServerLog,
  STARTUP,
} from '@arttoy/api';
import { siteOriginFolder } from './origin-store/mirror';
import { startLocalSignIn, type LocalSignIn } from './local-sign-in';
import { runtimeConfigFromEnv, signInMode } from './runtime-config';
import { createSiteServer } from './site-server';
import { deployEnvironment } from './config';
import { startBesideSite } from './deploy-service/start';

const env = deployEnvironment();

const port = Number(env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${env.PORT}".`);
  process.exit(2);
}

// Readable lines in a terminal, JSON lines otherwise (LOG_FORMAT decides when set).
let serverLog: ServerLog;
try {
  serverLog = createServerLog(logFormatFrom(env, process.stdout.isTTY === true));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const log = serverLog.logger;

// Before the database and the Auth emulator start: a busy port would otherwise fail only once they have.
const listenOn: PortSetting = {
  port,
  host: env.HOST ?? 'localhost',
  portSetting: 'PORT',
  hostSetting: 'HOST',
  command: 'npm start',
};
try {
  await checkPortFree(listenOn);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let config;
let mode;
try {
  mode = signInMode(env);
  config = runtimeConfigFromEnv(env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
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
      : 'Sign-in: off (AUTH_EMULATOR=off and no FIREBASE_* settings).',
  );
}

/** SSR=off serves every page for the browser to render (the benchmark's client-only build); on by default. */
function serverRenderSetting(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  console.error(`SSR must be "on" or "off", got ${JSON.stringify(value)}.`);
  process.exit(2);
}

/** SSR_BUDGET_MS: how long a remote's server render may take before its page goes out to render in the browser. */
function serverRenderBudget(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const budget = Number(value);
  if (Number.isInteger(budget) && budget >= 10 && budget <= 60_000) return budget;
  console.error(
    `SSR_BUDGET_MS must be a whole number of milliseconds from 10 to 60000, got ${JSON.stringify(value)}.`,
  );
  process.exit(2);
}

let app;
try {
  // The API runs in this process under /api unless SITE_API=off (it then runs elsewhere behind the same origin).
  app = await createSiteServer({
    origin: origin.folder,
    config,
    api: env.SITE_API === 'off' ? false : {},
    log: serverLog.fastifyOptions,
    serverRender: serverRenderSetting(env.SSR),
    serverRenderBudgetMs: serverRenderBudget(env.SSR_BUDGET_MS),
  });
  await app.listen({ port, host: listenOn.host });
} catch (caught) {
  // Most likely the embedded database is in use by another process, or the port was taken since the
  // check: either message says what to do.
  const error = explainListenError(caught, listenOn);
  console.error(error instanceof Error ? error.message : error);
  await Promise.allSettled([signIn?.stop(), origin.stop()]);
  process.exit(1);
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

// Ctrl-C, or a test runner's SIGTERM: stop serving (and the API's database), then the emulator this server started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([app.close(), deployService?.app.close(), signIn?.stop(), origin.stop()]).then(
      () => process.exit(0),
    );
  });
}
