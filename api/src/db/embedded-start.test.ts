/**
 * The embedded database as `npm start` uses it: created, migrated and seeded on first start, held
 * by one process at a time. Always PGlite, whatever DATABASE_URL says: the lock is PGlite's concern.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin } from '../app';
import { lockPathFor } from './data-dir-lock';
import { API_START_TIMEOUT_MS } from '../server-options';

const API_DIR = path.resolve(__dirname, '../..');

async function startApi(dataDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
  await app.register(apiPlugin, { prefix: '/api', databaseUrl: `file:${dataDir}`, rateLimits: false });
  await app.ready();
  return app;
}

/** Runs `src/server.ts` as `npm start -w api` would, until it exits (or 60 s). */
function runServerProcess(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: `file:${dataDir}`, API_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `process.env.X = undefined` would store the string "undefined". */
function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe('the embedded database', () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-embedded-'));
    dataDir = path.join(root, 'pglite');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is created, migrated and seeded on first start, and refuses a second process while in use', async () => {
    const first = await startApi(dataDir);
    try {
      expect((await first.inject({ method: 'GET', url: '/api/figures?pageSize=1' })).json().total).toBe(71);
      expect(fs.existsSync(lockPathFor(dataDir))).toBe(true);

      // A second API in this process…
      await expect(startApi(dataDir)).rejects.toThrow(/already in use by process \d+.*corrupt it/);
      // …and a second server process both refuse to start.
      const second = await runServerProcess(dataDir);
      expect(second.code).toBe(1);
      expect(second.output).toMatch(/The embedded database in .*pglite is already in use by process \d+/);
      expect(second.output).toMatch(/Stop the other API process/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(false);

    // Closed, the directory opens again with its data, seeded once only.
    const again = await startApi(dataDir);
    try {
      expect((await again.inject({ method: 'GET', url: '/api/figures?pageSize=1' })).json().total).toBe(71);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('releases the directory when the start fails after opening it', async () => {
    const saved = {
      nodeEnv: process.env.NODE_ENV,
      emulator: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      allow: process.env.ALLOW_EMBEDDED_DATABASE,
    };
    // In production an emulator host is refused (its tokens are unsigned): a failure after the database
    // opened (the embedded database allowed, so that the refusal comes after it).
    process.env.NODE_ENV = 'production';
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    process.env.ALLOW_EMBEDDED_DATABASE = 'true';
    try {
      await expect(startApi(dataDir)).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set in production/);
    } finally {
      restoreEnv('NODE_ENV', saved.nodeEnv);
      restoreEnv('FIREBASE_AUTH_EMULATOR_HOST', saved.emulator);
      restoreEnv('ALLOW_EMBEDDED_DATABASE', saved.allow);
    }
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(false);
    await (await startApi(dataDir)).close();
  }, 60_000);
});
