/**
 * Every setting the API reads from the environment, in one zod schema, checked before anything
 * opens (the database, the Auth emulator, Redis): a mistake shows at once, named with its value and
 * what it takes, and every mistake shows in the same run. Each field reuses the parser its code
 * uses (serverOptions, feedSettingsFrom, reconcileIntervalFrom, …), so the check and the use can
 * never disagree.
 */
import { z } from 'zod';
import type { Environment } from './config';
import { redact, resolveDatabaseTarget } from './db/database-target';
import { DEFAULT_CHANCE_RULES, minAgeFrom, reminderAfterFrom } from './domain/chance/rules';
import { feedSettingsFrom } from './domain/feed/settings';
import { dataExportSettingsFrom } from './domain/privacy/export-jobs';
import { reconcileIntervalFrom } from './domain/payments/reconcile-schedule';
import { logFormatFrom } from './logging/log-format';
import { samplerFrom, serviceNameFrom, tracesUrlFrom } from './observability/tracing-settings';
import { booleanFrom, embeddedDatabaseRefusal } from './plugins/database';
import { drainMsFrom } from './plugins/drain';
import { parseRedisUrl } from './plugins/redis';
import { requestTimeouts, siteOriginFrom, trustProxyFrom } from './server-options';

/** A field read by `parse`; what it throws becomes the field's issue (its message names the setting). */
export function setting<T>(parse: (value: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parse(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message, input: value });
        return z.NEVER;
      }
    });
}

/** `{name} must be {what}; got "{value}".`: the one shape of a refusal written here. */
export function refuse(name: string, what: string, value: string): never {
  throw new Error(`${name} must be ${what}; got "${value}".`);
}

/** A TCP port; `min` 0 lets the system choose a free one (tests). */
export function portSetting(name: string, fallback: number, min = 1) {
  return setting((value) => {
    const text = value?.trim() ?? '';
    if (text === '') return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > 65535)
      refuse(name, `a port number from ${min} to 65535`, value ?? '');
    return Number(text);
  });
}

/** A host name or an IP address to listen on. */
export function hostSetting(name: string, fallback: string) {
  return setting((value) => {
    const text = value?.trim() ?? '';
    if (text === '') return fallback;
    if (
      !/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)$/.test(
        text,
      )
    )
      refuse(
        name,
        'a host name or an IP address to listen on (localhost, 127.0.0.1, 0.0.0.0, ::)',
        value ?? '',
      );
    return text.replace(/^\[(.*)\]$/, '$1');
  });
}

/** One of a few words; unset: the first. */
export function choiceSetting<const T extends string>(
  name: string,
  choices: readonly [T, ...T[]],
  what = '',
) {
  return setting((value) => {
    const text = value?.trim() ?? '';
    if (text === '') return choices[0];
    if (!(choices as readonly string[]).includes(text))
      refuse(name, `one of ${choices.map((choice) => `"${choice}"`).join(', ')}${what}`, value ?? '');
    return text as T;
  });
}

/** An http(s) URL (PayPal's API base). */
function httpUrl(name: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol)) refuse(name, 'an http(s) URL', value);
  return value;
}

const LOG_LEVELS = ['info', 'fatal', 'error', 'warn', 'debug', 'trace', 'silent'] as const;

/** One field per setting of the API, each parsed to what the server uses. */
export const apiSettingFields = {
  API_PORT: portSetting('API_PORT', 3001, 0),
  API_HOST: hostSetting('API_HOST', '127.0.0.1'),
  API_DRAIN_MS: setting(drainMsFrom),
  /** The Prometheus listener (GET /metrics), apart from the public port; unset: no metrics at all. */
  METRICS_PORT: setting((value) => {
    const text = value?.trim() ?? '';
    if (text === '') return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535)
      refuse('METRICS_PORT', 'a port number from 1 to 65535', value ?? '');
    return Number(text);
  }),
  METRICS_HOST: hostSetting('METRICS_HOST', '127.0.0.1'),
  LOG_LEVEL: choiceSetting('LOG_LEVEL', LOG_LEVELS),
  LOG_FORMAT: setting((value) => (value ? logFormatFrom({ LOG_FORMAT: value }, false) : undefined)),
  NODE_ENV: setting((value) =>
    value === undefined || value === '' || ['production', 'development', 'test'].includes(value)
      ? value
      : refuse('NODE_ENV', '"production", "development" or "test", or unset', value),
  ),
  REQUEST_TIMEOUT_MS: setting((value) =>
    requestTimeouts({ REQUEST_TIMEOUT_MS: value, HEADERS_TIMEOUT_MS: '100' }),
  ),
  HEADERS_TIMEOUT_MS: setting((value) =>
    requestTimeouts({ HEADERS_TIMEOUT_MS: value, REQUEST_TIMEOUT_MS: '600000' }),
  ),
  TRUST_PROXY: setting(trustProxyFrom),
  SITE_ORIGIN: setting((value) => siteOriginFrom({ SITE_ORIGIN: value })),
  PORT: portSetting('PORT', 3000),
  DATABASE_URL: setting((value) => {
    if (!value) return undefined;
    const target = resolveDatabaseTarget({ databaseUrl: value }, { INIT_CWD: process.cwd() });
    if (target.engine === 'postgres' && !URL.canParse(value))
      refuse(
        'DATABASE_URL',
        'a PostgreSQL URL such as postgres://user:password@host:5432/database',
        redact(value),
      );
    return target;
  }),
  /** Unset: on, except with NODE_ENV=production (plugins/database.ts migrateOnStartFrom). */
  MIGRATE_ON_START: setting((value) => booleanFrom('MIGRATE_ON_START', value)),
  ALLOW_EMBEDDED_DATABASE: setting((value) => booleanFrom('ALLOW_EMBEDDED_DATABASE', value)),
  REDIS_URL: setting((value) => (value ? parseRedisUrl(value) : undefined)),
  REDIS_PREFIX: setting((value) =>
    value === undefined || /^[\w:.-]{1,64}$/.test(value)
      ? value
      : refuse('REDIS_PREFIX', 'up to 64 letters, digits, "_", "-", "." or ":" (arttoy:)', value),
  ),
  RECONCILE_INTERVAL_MS: setting((value) =>
    reconcileIntervalFrom(undefined, { RECONCILE_INTERVAL_MS: value }),
  ),
  FEED_HEARTBEAT_MS: setting((value) => feedSettingsFrom({ FEED_HEARTBEAT_MS: value }).heartbeatMs),
  FEED_RETRY_MS: setting((value) => feedSettingsFrom({ FEED_RETRY_MS: value }).retryMs),
  FEED_CONNECTIONS_PER_IP: setting((value) => feedSettingsFrom({ FEED_CONNECTIONS_PER_IP: value }).perIp),
  FEED_CONNECTIONS: setting((value) => feedSettingsFrom({ FEED_CONNECTIONS: value }).total),
  FEED_CLIENT_BUFFER_BYTES: setting(
    (value) => feedSettingsFrom({ FEED_CLIENT_BUFFER_BYTES: value }).bufferBytes,
  ),
  FIREBASE_CHECK_REVOKED: choiceSetting(
    'FIREBASE_CHECK_REVOKED',
    ['0', '1'],
    ' (1: ask Firebase on every request)',
  ),
  DATA_EXPORT_LINK_MINUTES: setting(
    (value) => dataExportSettingsFrom({ DATA_EXPORT_LINK_MINUTES: value }).linkMinutes,
  ),
  DATA_EXPORT_POLL_MS: setting((value) => dataExportSettingsFrom({ DATA_EXPORT_POLL_MS: value }).pollMs),
  FIREBASE_AUTH_EMULATOR_HOST: setting((value) =>
    value === undefined || value === '' || /^[^\s/:]+:\d{1,5}$/.test(value)
      ? value
      : refuse('FIREBASE_AUTH_EMULATOR_HOST', 'host:port, such as 127.0.0.1:9099', value),
  ),
  MIN_AGE_BOXES: setting((value) => minAgeFrom('MIN_AGE_BOXES', value) ?? DEFAULT_CHANCE_RULES.minAgeBoxes),
  MIN_AGE_LISTINGS: setting(
    (value) => minAgeFrom('MIN_AGE_LISTINGS', value) ?? DEFAULT_CHANCE_RULES.minAgeListings,
  ),
  REMINDER_AFTER_BOXES: setting((value) => reminderAfterFrom(value) ?? null),
  PAYPAL_API_BASE: setting((value) => (value ? httpUrl('PAYPAL_API_BASE', value) : undefined)),
  PAYPAL_CLIENT_ID: z.string().optional(),
  /** Tracing (observability/tracing.ts): off unless one of the two endpoints is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: setting((value) => tracesUrlFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: value })),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: setting((value) =>
    tracesUrlFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: value }),
  ),
  OTEL_SERVICE_NAME: setting((value) => serviceNameFrom({ OTEL_SERVICE_NAME: value }, 'arttoy-api')),
  OTEL_TRACES_SAMPLER: setting((value) => samplerFrom({ OTEL_TRACES_SAMPLER: value }).sampler),
  OTEL_TRACES_SAMPLER_ARG: setting((value) => samplerFrom({ OTEL_TRACES_SAMPLER_ARG: value }).ratio),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
};

type ApiFields = z.output<z.ZodObject<typeof apiSettingFields>>;

/** The checks that take two settings at once; a server whose schema adds fields to the API's runs them too. */
export function checkApiSettingPairs(settings: ApiFields, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (settings.HEADERS_TIMEOUT_MS.headersTimeout > settings.REQUEST_TIMEOUT_MS.requestTimeout)
    issue(
      'HEADERS_TIMEOUT_MS',
      `HEADERS_TIMEOUT_MS (${settings.HEADERS_TIMEOUT_MS.headersTimeout}) must not be longer than REQUEST_TIMEOUT_MS (${settings.REQUEST_TIMEOUT_MS.requestTimeout}): the headers are part of the request.`,
    );
  if (!settings.PAYPAL_CLIENT_ID !== !settings.PAYPAL_CLIENT_SECRET)
    issue(
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together: set both to offer PayPal, or neither for the sandbox alone.',
    );
  if (settings.NODE_ENV === 'production' && settings.FIREBASE_AUTH_EMULATOR_HOST)
    issue(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIREBASE_AUTH_EMULATOR_HOST is set in production: firebase-admin would accept unsigned emulator tokens from anyone. Unset it.',
    );
}

/** Refuses a metrics port that is the server's public one (`portName`: API_PORT, or the site's PORT). */
export function checkMetricsPort(
  settings: { METRICS_PORT: number | undefined },
  publicPort: number,
  portName: string,
  context: z.RefinementCtx,
): void {
  if (settings.METRICS_PORT === publicPort)
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: `METRICS_PORT (${publicPort}) must not be ${portName}: the metrics have a listener of their own, never the public port.`,
    });
}

/**
 * The database and NODE_ENV together: production refuses the embedded database unless
 * ALLOW_EMBEDDED_DATABASE=true. A server that mounts no API (the site server with SITE_API=off) skips it.
 */
export function checkApiDatabaseSettings(
  settings: Pick<ApiFields, 'DATABASE_URL' | 'NODE_ENV' | 'ALLOW_EMBEDDED_DATABASE'>,
  context: z.RefinementCtx,
): void {
  const refusal = embeddedDatabaseRefusal(
    settings.DATABASE_URL?.engine ?? 'pglite',
    settings.NODE_ENV,
    settings.ALLOW_EMBEDDED_DATABASE,
  );
  if (refusal) context.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: refusal });
}

/** `.parse(env)` answers the settings the API's server starts with. */
export const apiSettingsSchema = z.object(apiSettingFields).superRefine((settings, context) => {
  checkApiSettingPairs(settings, context);
  checkApiDatabaseSettings(settings, context);
  checkMetricsPort(settings, settings.API_PORT, 'API_PORT', context);
});

/** What `npm run db:migrate` reads: the database, and NODE_ENV for the embedded database's refusal. */
export const migrateSettingsSchema = z
  .object({
    DATABASE_URL: apiSettingFields.DATABASE_URL,
    NODE_ENV: apiSettingFields.NODE_ENV,
    ALLOW_EMBEDDED_DATABASE: apiSettingFields.ALLOW_EMBEDDED_DATABASE,
  })
  .superRefine(checkApiDatabaseSettings);

export type ApiSettings = z.output<typeof apiSettingsSchema>;

/** Thrown with every problem of a schema's check, one line each. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${problems.length === 1 ? 'A setting is' : `${problems.length} settings are`} wrong; nothing was started:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    this.name = 'SettingsError';
  }
}

/** The schema's answer for `env`, or a SettingsError listing every problem. */
export function checkSettings<S extends z.ZodType>(schema: S, env: Environment): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new SettingsError([...new Set(result.error.issues.map((issue) => issue.message))]);
}

/** The API's settings from `env`; throws a SettingsError naming every wrong one. */
export function apiSettings(env: Environment): ApiSettings {
  return checkSettings(apiSettingsSchema, env);
}
