/**
 * The API's settings are checked before anything opens: each mistake is named with its value and
 * what it takes, and every mistake shows in one run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateOnStartFrom } from './plugins/database';
import { apiSettings, SettingsError } from './settings';

const API_DIR = path.resolve(__dirname, '..');

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    apiSettings(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).problems;
  }
};

describe('the API settings schema', () => {
  it('takes an empty environment, with every default', () => {
    const settings = apiSettings({});
    expect(settings.API_PORT).toBe(3001);
    expect(settings.API_HOST).toBe('127.0.0.1');
    expect(settings.API_DRAIN_MS).toBe(1_500);
    expect(settings.LOG_LEVEL).toBe('info');
    expect(settings.RECONCILE_INTERVAL_MS).toBe(300_000);
    expect(settings.REDIS_URL).toBeUndefined();
    expect(settings.METRICS_PORT).toBeUndefined();
    expect(settings.METRICS_HOST).toBe('127.0.0.1');
    expect([settings.MIN_AGE_BOXES, settings.MIN_AGE_LISTINGS, settings.REMINDER_AFTER_BOXES]).toEqual([
      18,
      0,
      null,
    ]);
  });

  it('takes a metrics port apart from the public one, and refuses the public one', () => {
    expect(apiSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    expect(problemsOf({ API_PORT: '4100', METRICS_PORT: '4100' })).toEqual([
      'METRICS_PORT (4100) must not be API_PORT: the metrics have a listener of their own, never the public port.',
    ]);
  });

  it('reads good values', () => {
    const settings = apiSettings({
      API_PORT: '4100',
      API_HOST: '::',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      RECONCILE_INTERVAL_MS: '0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      FEED_HEARTBEAT_MS: '20',
      MIN_AGE_BOXES: '16',
      MIN_AGE_LISTINGS: '13',
      REMINDER_AFTER_BOXES: '5',
    });
    expect([settings.MIN_AGE_BOXES, settings.MIN_AGE_LISTINGS, settings.REMINDER_AFTER_BOXES]).toEqual([
      16, 13, 5,
    ]);
    expect(apiSettings({ REMINDER_AFTER_BOXES: '0' }).REMINDER_AFTER_BOXES).toBeNull();
    expect(settings.API_PORT).toBe(4100);
    expect(settings.API_HOST).toBe('::');
    expect(settings.REDIS_URL?.host).toBe('127.0.0.1:6379');
    expect(settings.RECONCILE_INTERVAL_MS).toBe(0);
    expect(settings.DATABASE_URL).toEqual({
      engine: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(settings.FEED_HEARTBEAT_MS).toBe(20);
  });

  it.each([
    ['API_PORT', 'abc', 'API_PORT must be a port number from 0 to 65535; got "abc".'],
    ['API_PORT', '70000', 'API_PORT must be a port number from 0 to 65535; got "70000".'],
    ['API_HOST', 'local host', 'API_HOST must be a host name or an IP address'],
    ['METRICS_PORT', 'nine', 'METRICS_PORT must be a port number from 1 to 65535; got "nine".'],
    ['METRICS_PORT', '0', 'METRICS_PORT must be a port number from 1 to 65535; got "0".'],
    ['METRICS_HOST', 'a host', 'METRICS_HOST must be a host name or an IP address'],
    ['API_DRAIN_MS', '-1', 'API_DRAIN_MS must be a whole number of milliseconds from 0 to 60000, got "-1".'],
    [
      'LOG_LEVEL',
      'loud',
      'LOG_LEVEL must be one of "info", "fatal", "error", "warn", "debug", "trace", "silent"; got "loud".',
    ],
    ['LOG_FORMAT', 'xml', 'LOG_FORMAT must be "json"'],
    ['NODE_ENV', 'prod', 'NODE_ENV must be "production", "development" or "test", or unset; got "prod".'],
    [
      'REQUEST_TIMEOUT_MS',
      '5',
      'REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000; got "5".',
    ],
    [
      'HEADERS_TIMEOUT_MS',
      'soon',
      'HEADERS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000; got "soon".',
    ],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be the number of proxies'],
    [
      'SITE_ORIGIN',
      'arttoy.example',
      'SITE_ORIGIN must be the site\'s origin, scheme and host only, such as https://arttoy.example; got "arttoy.example".',
    ],
    ['PORT', '0', 'PORT must be a port number from 1 to 65535; got "0".'],
    [
      'DATABASE_URL',
      'mysql://db/arttoy',
      'DATABASE_URL must start with postgres://, postgresql://, file: or memory: (got "mysql://db/arttoy")',
    ],
    [
      'DATABASE_URL',
      'postgres://user:secret@[bad/db',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database; got "postgres://user:***@[bad/db".',
    ],
    [
      'REDIS_URL',
      'localhost:6379',
      'REDIS_URL must start with redis:// or rediss:// (it starts with "localhost:"); got "localhost:6379".',
    ],
    ['REDIS_URL', 'not a url', 'REDIS_URL "not a url" is not a URL: use redis://host:6379'],
    ['REDIS_PREFIX', 'a prefix', 'REDIS_PREFIX must be up to 64 letters'],
    [
      'RECONCILE_INTERVAL_MS',
      '5',
      'RECONCILE_INTERVAL_MS must be 0 (reconcile payments in doubt at start-up only) or a whole number of milliseconds from 1000 to 86400000; got "5".',
    ],
    [
      'FEED_HEARTBEAT_MS',
      '1',
      'FEED_HEARTBEAT_MS must be a whole number of milliseconds from 10 to 300000; got "1".',
    ],
    [
      'FEED_RETRY_MS',
      'x',
      'FEED_RETRY_MS must be a whole number of milliseconds from 100 to 60000; got "x".',
    ],
    [
      'FEED_CONNECTIONS_PER_IP',
      '0',
      'FEED_CONNECTIONS_PER_IP must be a whole number of connections from 1 to 10000; got "0".',
    ],
    [
      'FEED_CONNECTIONS',
      '-5',
      'FEED_CONNECTIONS must be a whole number of connections from 1 to 1000000; got "-5".',
    ],
    [
      'FEED_CLIENT_BUFFER_BYTES',
      '10',
      'FEED_CLIENT_BUFFER_BYTES must be a whole number of bytes from 1024 to 67108864; got "10".',
    ],
    [
      'FIREBASE_CHECK_REVOKED',
      'yes',
      'FIREBASE_CHECK_REVOKED must be one of "0", "1" (1: ask Firebase on every request); got "yes".',
    ],
    [
      'FIREBASE_AUTH_EMULATOR_HOST',
      'http://127.0.0.1:9099',
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port, such as 127.0.0.1:9099; got "http://127.0.0.1:9099".',
    ],
    ['MIN_AGE_BOXES', '18y', 'MIN_AGE_BOXES must be a whole number of years from 0 to 99; got "18y".'],
    ['MIN_AGE_LISTINGS', '120', 'MIN_AGE_LISTINGS must be a whole number of years from 0 to 99; got "120".'],
    [
      'REMINDER_AFTER_BOXES',
      '-3',
      'REMINDER_AFTER_BOXES must be a number of boxes from 1 to 1000, or 0 (or unset) for no reminders; got "-3".',
    ],
    ['MIGRATE_ON_START', 'maybe', 'MIGRATE_ON_START must be true or false; got "maybe".'],
    ['ALLOW_EMBEDDED_DATABASE', 'yes', 'ALLOW_EMBEDDED_DATABASE must be true or false; got "yes".'],
    [
      'PAYPAL_API_BASE',
      'api-m.paypal.com',
      'PAYPAL_API_BASE must be an http(s) URL; got "api-m.paypal.com".',
    ],
  ])('%s=%s is refused, named with its value and what it takes', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('refuses settings that do not fit together', () => {
    expect(problemsOf({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toEqual([
      'HEADERS_TIMEOUT_MS (20000) must not be longer than REQUEST_TIMEOUT_MS (10000): the headers are part of the request.',
    ]);
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })[0]).toContain(
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
    );
    expect(
      problemsOf({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })[0],
    ).toContain('FIREBASE_AUTH_EMULATOR_HOST is set in production');
  });

  it('refuses the embedded database in production unless ALLOW_EMBEDDED_DATABASE=true', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'file:.data/pglite' })).toEqual([
      'NODE_ENV=production with the embedded database (PGlite): it runs inside one process, so there can be no second instance, no replica and no rolling restart. Set DATABASE_URL=postgres://… to use PostgreSQL, or ALLOW_EMBEDDED_DATABASE=true to run it anyway.',
    ]);
    expect(problemsOf({ NODE_ENV: 'production' })).toHaveLength(1);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE: 'true' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/arttoy' })).toEqual([]);
    expect(problemsOf({ DATABASE_URL: 'file:.data/pglite' })).toEqual([]);
  });

  it('migrates as the API starts unless MIGRATE_ON_START=false, or NODE_ENV=production leaves it unset', () => {
    expect(migrateOnStartFrom(undefined, {})).toBe(true);
    expect(migrateOnStartFrom(undefined, { NODE_ENV: 'test' })).toBe(true);
    expect(migrateOnStartFrom(undefined, { MIGRATE_ON_START: 'false' })).toBe(false);
    expect(migrateOnStartFrom(undefined, { NODE_ENV: 'production' })).toBe(false);
    expect(migrateOnStartFrom(undefined, { NODE_ENV: 'production', MIGRATE_ON_START: 'true' })).toBe(true);
    expect(migrateOnStartFrom(false, { MIGRATE_ON_START: 'true' })).toBe(false);
    expect(apiSettings({ MIGRATE_ON_START: 'false', ALLOW_EMBEDDED_DATABASE: '1' })).toMatchObject({
      MIGRATE_ON_START: false,
      ALLOW_EMBEDDED_DATABASE: true,
    });
  });

  it('reports every mistake at once', () => {
    expect(problemsOf({ API_PORT: 'abc', REDIS_URL: 'http://x', RECONCILE_INTERVAL_MS: '5' })).toHaveLength(
      3,
    );
  });
});

describe('npm start -w api with bad settings', () => {
  it('exits 2 before anything opens, naming every bad setting', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-settings-'));
    const dataDir = path.join(root, 'pglite');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        API_PORT: 'abc',
        REDIS_URL: 'http://127.0.0.1:6379',
        RECONCILE_INTERVAL_MS: '5',
        SSR_BUDGET_MS: 'ignored by the API',
        DATABASE_URL: `file:${dataDir}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(root, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(stderr).toContain('3 settings are wrong; nothing was started:');
    expect(stderr).toContain('API_PORT must be a port number from 0 to 65535; got "abc".');
    expect(stderr).toContain('REDIS_URL must start with redis:// or rediss://');
    expect(stderr).toContain('RECONCILE_INTERVAL_MS must be 0');
    // The database was never opened: its directory does not exist.
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
