/**
 * The site server's settings (its own and the API's it mounts) are checked before anything opens:
 * each mistake is named with its value and what it takes, every one in the same run, exit code 2.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SettingsError } from '@arttoy/api';
import { siteSettings } from './settings';

const DEPLOY_DIR = path.resolve(__dirname, '..');

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    siteSettings(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).problems;
  }
};

describe('the site server settings schema', () => {
  it('takes an empty environment, with every default', () => {
    const settings = siteSettings({});
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      SSR: 'on',
      SITE_API: 'on',
      DRAIN_MS: 1_500,
    });
    expect(settings.SSR_BUDGET_MS).toBeUndefined();
  });

  it("refuses the site's public port as its metrics port, and takes the API's (the API is in this process)", () => {
    expect(problemsOf({ PORT: '4000', METRICS_PORT: '4000' })).toEqual([
      'METRICS_PORT (4000) must not be PORT: the metrics have a listener of their own, never the public port.',
    ]);
    expect(siteSettings({ PORT: '4000', METRICS_PORT: '3001' }).METRICS_PORT).toBe(3001);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number from 1 to 65535; got "abc".'],
    ['HOST', 'a b', 'HOST must be a host name or an IP address'],
    ['SSR', 'yes', 'SSR must be one of "on", "off"; got "yes".'],
    ['SSR_BUDGET_MS', '5', 'SSR_BUDGET_MS must be a whole number of milliseconds from 10 to 60000; got "5".'],
    ['SITE_API', 'no', 'SITE_API must be one of "on", "off"; got "no".'],
    ['DRAIN_MS', '1.5', 'DRAIN_MS must be a whole number of milliseconds from 0 to 60000; got "1.5".'],
    ['AUTH_EMULATOR', 'maybe', 'AUTH_EMULATOR must be "on" or "off", got "maybe".'],
    [
      'BUILD_POLL_INTERVAL_MS',
      '100',
      'BUILD_POLL_INTERVAL_MS must be a whole number of milliseconds from 10000',
    ],
    [
      'FIREBASE_AUTH_EMULATOR_URL',
      '127.0.0.1:9099',
      "FIREBASE_AUTH_EMULATOR_URL must be the emulator's http(s) URL",
    ],
    ['ORIGIN_DIR', ' ', 'ORIGIN_DIR must be a folder, or unset for .origin/; got " ".'],
    // The API's, which the site server mounts.
    ['REDIS_URL', 'http://127.0.0.1:6379', 'REDIS_URL must start with redis:// or rediss://'],
    [
      'DATABASE_URL',
      'sqlite:arttoy.db',
      'DATABASE_URL must start with postgres://, postgresql://, file: or memory:',
    ],
    ['RECONCILE_INTERVAL_MS', '999', 'RECONCILE_INTERVAL_MS must be 0'],
  ])('%s=%s is refused, named with its value and what it takes', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('refuses the embedded database in production, unless allowed or the API runs elsewhere', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringContaining('NODE_ENV=production with the embedded database (PGlite)'),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE: 'true' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/arttoy' })).toEqual([]);
    // SITE_API=off: the site server mounts no API, so it opens no database.
    expect(problemsOf({ NODE_ENV: 'production', SITE_API: 'off' })).toEqual([]);
  });
});

describe('npm start with bad settings', () => {
  it('exits 2 before the Auth emulator and the database start, naming every bad setting', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-site-settings-'));
    const dataDir = path.join(root, 'pglite');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('FIREBASE_')),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: DEPLOY_DIR,
      env: {
        ...env,
        PORT: 'abc',
        SSR_BUDGET_MS: '5',
        REDIS_URL: 'localhost:6379',
        AUTH_EMULATOR: 'on',
        DATABASE_URL: `file:${dataDir}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(root, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(stderr).toContain('3 settings are wrong; nothing was started:');
    expect(stderr).toContain('PORT must be a port number from 1 to 65535; got "abc".');
    expect(stderr).toContain(
      'SSR_BUDGET_MS must be a whole number of milliseconds from 10 to 60000; got "5".',
    );
    expect(stderr).toContain('REDIS_URL must start with redis:// or rediss://');
    // Neither the emulator nor the database started.
    expect(stdout).not.toContain('Sign-in');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
