/**
 * The API as one fastify plugin. `server.ts` mounts it alone; the site server mounts the same
 * plugin under its origin: `app.register(apiPlugin, { prefix: '/api', ... })`. Everything it sets
 * up (validation, error shape, headers, limits) stays inside its own prefix.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AnswerCache, type AnswerCacheOptions, registerAnswerCache } from './cache/answer-cache';
import { DataChanges, watchDataChanges } from './cache/data-changes';
import { type ContentOptions, loadSiteContent } from './content/site-content';
import { apiEnvironment } from './config';
import { ifNoOtherInstance, LOCK_KEYS } from './db/advisory-lock';
import type { Database } from './db/connect';
import { catalogueUrls } from './domain/catalogue/urls';
import { resolveUnpaidOrderLimits, type UnpaidOrderLimits } from './domain/orders/order-limits';
import { startExpirySweep } from './domain/orders/reservation';
import { type PayPalOptions, resolvePaymentProviders } from './domain/payments/providers';
import { reconcilePayments } from './domain/payments/reconcile';
import { reconcileIntervalFrom, reconcileSchedule } from './domain/payments/reconcile-schedule';
import { createAuthenticator, resolveAuthOptions } from './plugins/auth';
import { type SeedPolicy, startDatabase } from './plugins/database';
import { registerErrorHandling } from './plugins/error-handler';
import { registerNulGuard } from './plugins/nul-guard';
import { compiledSerializerCompiler } from './plugins/serializer';
import { API_START_TIMEOUT_MS, siteOriginFrom } from './server-options';
import { countRunningRequests } from './plugins/in-flight';
import { registerOpenApi } from './plugins/openapi';
import { createApiMetrics, NO_API_METRICS } from './observability/metrics';
import { connectRedis } from './plugins/redis';
import { type RateLimitPolicies, registerSecurity, resolveRateLimits } from './plugins/security';
import type { RouteDeps } from './routes/deps';
import accountRoutes from './routes/me';
import boxModelRoutes from './routes/box-models';
import contentRoutes from './routes/content';
import drawRoutes from './routes/draws';
import { feedSettingsFrom } from './domain/feed/settings';
import feedRoutes from './routes/feed';
import { fieldRetentionFrom, fieldStore } from './domain/field/counts';
import { type ChanceRules, chanceRulesFrom } from './domain/chance/rules';
import fieldRoutes from './routes/field';
import { createFieldMetrics } from './observability/field-metrics';
import figureRoutes from './routes/figures';
import galleryPathRoutes from './routes/gallery-paths';
import healthRoutes from './routes/health';
import { type DrainState, registerProbes } from './routes/health/probes';
import listingRoutes from './routes/listings';
import listingOrderRoutes from './routes/listings/orders';
import lockerRoutes from './routes/locker';
import itemHistoryRoutes from './routes/locker/history';
import marketRoutes from './routes/market';
import previewRoutes from './routes/preview';
import searchRoutes from './routes/search';
import shipRequestRoutes from './routes/locker/ship-requests';
import addressRoutes from './routes/me/addresses';
import balanceRoutes from './routes/me/balance';
import feedSettingsRoutes from './routes/me/feed-settings';
import myListingRoutes from './routes/me/listings';
import fairnessRoutes from './routes/me/fairness';
import profileRoutes from './routes/me/profile';
import dataRoutes from './routes/me/data';
import {
  type DataExportSettings,
  dataExportSettingsFrom,
  startExportWorker,
} from './domain/privacy/export-jobs';
import chanceRoutes from './routes/me/chance';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import seriesRoutes from './routes/series';
import styleRoutes from './routes/styles';

/** For servers that mount the API: its error answers (see plugins/error-handler.ts). */
export { sendError as sendApiError, sendFrameworkError } from './plugins/error-handler';
export { API_START_TIMEOUT_MS, serverOptions, siteOriginFrom } from './server-options';
/** For servers that mount the API: their logger, readable lines in a terminal and JSON elsewhere. */
export { logFormatFrom, type LogFormat, STARTUP } from './logging/log-format';
export { createServerLog, type ServerLog } from './logging/server-log';
export { checkPortFree, explainListenError, type PortSetting } from './port-check';
/** For servers that mount the API: its settings' schema, to check with their own before anything opens. */
export {
  apiSettingFields,
  checkApiDatabaseSettings,
  checkApiSettingPairs,
  checkMetricsPort,
  checkSettings,
  choiceSetting,
  hostSetting,
  portSetting,
  refuse,
  setting,
  SettingsError,
} from './settings';
export { drainThenClose, exitGracefully, graceMsAfter } from './plugins/drain';
/** For servers that mount the API: their metrics' registry, request counts and listener (observability/). */
export {
  createApiMetrics,
  registerHttpMetrics,
  registerProcessMetrics,
  type ApiMetrics,
} from './observability/metrics';
export { startMetricsServer, type MetricsServer } from './observability/metrics-server';
/** For servers that mount the API: each request's trace, which its log lines and its reads of the API carry. */
export {
  bindToRequest,
  flushTraces,
  registerRequestTrace,
  traceHeaders,
  tracingOn,
} from './observability/trace-context';
export { serviceNameFrom } from './observability/tracing-settings';
/** A start refused for a step or setting the operator must fix (schema behind, embedded database in production): exit 2. */
export { DatabaseStartRefused } from './plugins/database';
export { type DrainState, registerProbes, type ReadinessCheck } from './routes/health/probes';

export interface ApiOptions {
  /**
   * Which database: `postgres://…` (PostgreSQL, pooled), `file:<dir>` (PGlite in that directory) or
   * `memory:` (PGlite in memory). Default: the DATABASE_URL environment variable; if that is unset
   * too, PGlite in `dataDir`.
   */
  databaseUrl?: string;
  /** PGlite's directory when no database URL is given. Default `<repo>/.data/pglite`. Locked while the API runs. */
  dataDir?: string;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
  /**
   * Apply the database's migrations as the API starts. Default MIGRATE_ON_START, else on (off with
   * NODE_ENV=production). Off, a database behind this build is refused (`npm run db:migrate` first).
   */
  migrateOnStart?: boolean;
  /** Load the seed catalogue into an empty database on start. Default 'if-empty' on PGlite, 'never' on PostgreSQL. */
  seed?: SeedPolicy;
  /** Firebase project whose ID tokens are accepted. Default FIREBASE_PROJECT_ID, GCLOUD_PROJECT, else 'demo-arttoy' (Auth emulator). */
  firebaseProjectId?: string;
  /**
   * Also ask Firebase on every request whether the user's sessions were revoked or the account
   * disabled (one call to Firebase per request). Default FIREBASE_CHECK_REVOKED=1, else off: a
   * token is then verified once and trusted until it expires (firebase-admin still asks the Auth
   * emulator the first time, as it always does with the emulator).
   */
  firebaseCheckRevoked?: boolean;
  /** Per-IP limits (see plugins/security.ts for the defaults); `false` turns them off. */
  rateLimits?: Partial<RateLimitPolicies> | false;
  /**
   * Redis that several API instances count their rate limits in (`redis://host:6379`). Default
   * REDIS_URL; unset: each process counts its own (right for one process, npm start's default).
   */
  redisUrl?: string;
  /** What this site's keys in Redis start with, so several sites (or test runs) can share one. Default REDIS_PREFIX, else `arttoy:`. */
  redisPrefix?: string;
  /**
   * PayPal Orders v2 credentials. Default: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_API_BASE
   * (default https://api-m.sandbox.paypal.com) and PAYPAL_WEBHOOK_ID; without an id and secret,
   * PayPal is off and only the sandbox provider takes payments. `false` turns it off.
   */
  paypal?: PayPalOptions | false;
  /**
   * The site's origin in providers' return URLs (https://arttoy.example). Default SITE_ORIGIN, else
   * http://localhost:<PORT or 3000>; never taken from a request's headers.
   */
  siteOrigin?: string;
  /** Payment provider events (webhooks) received at once, at most; more are answered 503 with Retry-After. Default 20. */
  webhookConcurrency?: number;
  /** Unpaid orders one account may hold at once, per box and over all boxes; more are refused with a 409. Default 3 and 10 (domain/orders/order-limits.ts). */
  unpaidOrderLimits?: Partial<UnpaidOrderLimits>;
  /** The rules for chance purchases: minimum ages, reminders. Default MIN_AGE_BOXES (18), MIN_AGE_LISTINGS (0), REMINDER_AFTER_BOXES (off) (domain/chance/rules.ts). */
  chanceRules?: Partial<ChanceRules>;
  /** How often unpaid orders past their time are marked expired, in ms. Default 60 000; 0 turns the sweep off. */
  orderSweepIntervalMs?: number;
  /** Settle payments in doubt when the API starts and every `reconcileIntervalMs` after (see domain/payments/reconcile.ts). Default true. */
  reconcilePayments?: boolean;
  /** How often payments in doubt are settled after the start-up's round, in ms (1 000 to 86 400 000). Default RECONCILE_INTERVAL_MS, else 300 000; 0: at start-up only. */
  reconcileIntervalMs?: number;
  /** Public catalogue and content answers served from memory (cache/answer-cache.ts); `false` turns it off. */
  answerCache?: AnswerCacheOptions | false;
  /** An open, migrated database to use instead of opening one; its owner closes it. For tests. */
  database?: Database;
  /** How long visitors' field counts are kept, in ms (at least a minute). Default FIELD_RETENTION_MS, else a week. */
  fieldRetentionMs?: number;
  /** Data exports: how long a link works, how often each process looks for requested ones. Default DATA_EXPORT_LINK_MINUTES, DATA_EXPORT_POLL_MS. */
  dataExport?: Partial<DataExportSettings>;
  /** Where the Markdown and its build live, preview tokens, contact details (see content/site-content.ts). */
  content?: ContentOptions;
  /** Set by the server's drain when it starts stopping: /api/readyz then answers 503. Default: never draining. */
  drain?: DrainState;
  /**
   * The registry the API's own metrics go on (observability/metrics.ts), visitors' field data
   * (observability/field-metrics.ts) too; its server counts the requests (registerHttpMetrics on
   * its root) and serves them. Default: no metrics.
   */
  metrics?: Registry;
}

export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (fastify, options) => {
  assertStartTimeFits(fastify.initialConfig.pluginTimeout);
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(compiledSerializerCompiler);

  // Before the database opens, so a close never ends it under a running request.
  const runningRequests = countRunningRequests(fastify);
  const database = options.database ?? (await startDatabase(options, fastify.log));
  if (!options.database) fastify.addHook('onClose', () => database.close());
  try {
    await registerEverything(fastify, options, database);
    // The close's last preClose hook (children run theirs after the parent's, in order): the live
    // feed's streams, which never finish by themselves, end first; then running requests finish.
    await fastify.register(async (last) => last.addHook('preClose', runningRequests));
  } catch (error) {
    // A failed start must not keep the database (and a PGlite directory's lock) open.
    if (!options.database) await database.close();
    throw error;
  }
};

/**
 * The API opens (creates, migrates, seeds) its database while it starts: seconds on an idle
 * machine, past Fastify's default 10 s plugin timeout on a busy one. A host that keeps that default
 * works on a quiet machine and fails at random on a loaded one, so it is refused at once, whatever
 * the machine's load, with the setting that fixes it.
 */
function assertStartTimeFits(pluginTimeout: number | undefined): void {
  if (pluginTimeout === undefined || pluginTimeout === 0 || pluginTimeout >= API_START_TIMEOUT_MS) return;
  throw new Error(
    `The API needs up to ${API_START_TIMEOUT_MS} ms to start (it opens and migrates its database), but the server that mounts it allows plugins ${pluginTimeout} ms. ` +
      'Create that server with Fastify({ pluginTimeout: API_START_TIMEOUT_MS }) or Fastify(serverOptions(process.env)), both from @arttoy/api.',
  );
}

async function registerEverything(
  fastify: FastifyInstance,
  options: ApiOptions,
  database: Database,
): Promise<void> {
  // Settings first: a bad one stops the start before anything is opened.
  const env = apiEnvironment();
  const reconcileEvery = reconcileIntervalFrom(options.reconcileIntervalMs, env);
  const fieldRetention = fieldRetentionFrom(options.fieldRetentionMs, env);
  const unpaidOrderLimits = resolveUnpaidOrderLimits(options.unpaidOrderLimits);
  const dataExport = dataExportSettingsFrom(env, options.dataExport);
  const chance = chanceRulesFrom(options.chanceRules, env);
  const auth = createAuthenticator(
    resolveAuthOptions({ projectId: options.firebaseProjectId, checkRevoked: options.firebaseCheckRevoked }),
  );
  fastify.addHook('onClose', () => auth.close());

  const limits = resolveRateLimits(options.rateLimits);
  const redisUrl = options.redisUrl ?? env.REDIS_URL;
  const redis = limits && redisUrl ? await connectRedis(redisUrl, fastify.log) : null;
  if (redis)
    fastify.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await registerSecurity(
    fastify,
    limits,
    redis && { redis, prefix: options.redisPrefix ?? env.REDIS_PREFIX ?? 'arttoy:' },
  );
  await registerOpenApi(fastify, { reference: env.NODE_ENV !== 'production' });
  registerErrorHandling(fastify, limits?.notFound);
  registerNulGuard(fastify);

  const metrics = options.metrics ? createApiMetrics(options.metrics) : NO_API_METRICS;
  const stopPoolStats = database.poolStats ? metrics.watchPool(database.poolStats) : () => undefined;
  fastify.addHook('onClose', async () => stopPoolStats());

  // Catalogue and content reads from memory, dropped as soon as a table they read changes.
  const changes = new DataChanges(false);
  if (options.answerCache !== false) {
    const stopWatching = await watchDataChanges(database, changes, fastify.log);
    fastify.addHook('onClose', () => stopWatching());
    registerAnswerCache(fastify, new AnswerCache(changes, options.answerCache), metrics);
  }

  const siteOrigin = siteOriginFrom(
    options.siteOrigin === undefined ? env : { SITE_ORIGIN: options.siteOrigin },
  );
  const exports = startExportWorker(database.db, dataExport, siteOrigin, fastify.log);
  // Before the database closes: an export being made finishes first.
  fastify.addHook('preClose', () => exports.stop());
  const deps: RouteDeps = {
    database,
    db: database.db,
    auth,
    urls: catalogueUrls(fastify.prefix),
    limits,
    payments: resolvePaymentProviders(fastify.prefix, options.paypal),
    siteOrigin,
    changes,
    webhookConcurrency: options.webhookConcurrency ?? 20,
    unpaidOrderLimits,
    chance,
    feed: feedSettingsFrom(env),
    field: fieldStore(database.db, fieldRetention),
    ...(options.metrics ? { fieldMetrics: createFieldMetrics(options.metrics) } : {}),
    metrics,
    exports,
  };
  if (!Number.isInteger(deps.webhookConcurrency) || deps.webhookConcurrency < 1)
    throw new Error(
      `The webhookConcurrency option must be a whole number of at least 1; got ${options.webhookConcurrency}.`,
    );
  const sweepEvery = options.orderSweepIntervalMs ?? 60_000;
  if (sweepEvery > 0) {
    const stopSweep = startExpirySweep(database, sweepEvery, fastify.log, metrics);
    fastify.addHook('onClose', async () => stopSweep());
  }
  if (options.reconcilePayments !== false) {
    const paymentDeps = {
      db: database.db,
      providers: deps.payments,
      urls: deps.urls,
      changes,
      outcomes: metrics,
    };
    // One instance settles each round; others skip it (a capture is safe twice, but asks the provider twice).
    const round = () =>
      ifNoOtherInstance(database, LOCK_KEYS.reconcilePayments, () =>
        reconcilePayments(paymentDeps, fastify.log),
      ).then(
        () => undefined,
        (error: unknown) =>
          fastify.log.warn({ err: error }, 'reconciling payments in doubt failed; the next round retries'),
      );
    const schedule = reconcileSchedule(round, reconcileEvery);
    // Awaited by ready(): the server listens once orders in doubt are settled. A provider outage
    // costs one call's timeout per provider, never a failed start.
    fastify.addHook('onReady', () => schedule.start());
    // Before the database closes (onClose): a round under way finishes first.
    fastify.addHook('preClose', () => schedule.stop());
  }
  await fastify.register(healthRoutes, { prefix: '/health', deps });
  await registerProbes(
    fastify,
    {
      database: () => database.ping(),
      ...(redis ? { redis: async () => (await redis.ping()) === 'PONG' } : {}),
    },
    options.drain ?? { draining: false },
  );
  await fastify.register(styleRoutes, { prefix: '/styles', deps });
  await fastify.register(seriesRoutes, { prefix: '/series', deps });
  await fastify.register(figureRoutes, { prefix: '/figures', deps });
  await fastify.register(galleryPathRoutes, { prefix: '/gallery-paths', deps });
  await fastify.register(boxModelRoutes, { prefix: '/box-models', deps });
  await fastify.register(accountRoutes, { prefix: '/me', deps });
  await fastify.register(fairnessRoutes, { prefix: '/me', deps });
  await fastify.register(profileRoutes, { prefix: '/me', deps });
  await fastify.register(dataRoutes, { prefix: '/me', deps });
  await fastify.register(chanceRoutes, { prefix: '/me', deps });
  await fastify.register(addressRoutes, { prefix: '/me', deps });
  await fastify.register(lockerRoutes, { prefix: '/locker', deps });
  const content = loadSiteContent(options.content, fastify.prefix, fastify.log);
  await fastify.register(contentRoutes, { prefix: '/content', deps, content });
  await fastify.register(previewRoutes, { prefix: '/content/preview', deps, content });
  await fastify.register(searchRoutes, { deps, content });
  await fastify.register(shipRequestRoutes, { prefix: '/locker/ship-requests', deps });
  await fastify.register(orderRoutes, { prefix: '/orders', deps });
  await fastify.register(paymentRoutes, { prefix: '/payments', deps });
  await fastify.register(drawRoutes, { prefix: '/draws', deps });
  // The market between collectors and its live room.
  await fastify.register(listingRoutes, { prefix: '/listings', deps });
  await fastify.register(listingOrderRoutes, { prefix: '/listings', deps });
  await fastify.register(myListingRoutes, { prefix: '/me', deps });
  await fastify.register(balanceRoutes, { prefix: '/me', deps });
  await fastify.register(itemHistoryRoutes, { prefix: '/locker', deps });
  await fastify.register(marketRoutes, { prefix: '/market', deps });
  await fastify.register(feedRoutes, { prefix: '/feed', deps });
  await fastify.register(feedSettingsRoutes, { prefix: '/me', deps });
  await fastify.register(fieldRoutes, { prefix: '/field', deps });
}

export default apiPlugin;
