/**
 * The compiled API (shared/build/build-servers.mjs → api-server.mjs) runs on node alone, without
 * tsx, started from a folder outside the repository: it finds its migrations, SQL functions and
 * content from the output, opens a fresh database and answers its probes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServers } from '@arttoy/shared/build/build-servers.mjs';
import { freePort } from './test/free-port';
import { createTestDatabaseUrl } from './test/test-database';

/** Resolves with the first JSON log line `matches` accepts; rejects with the output if the process exits first. */
function logLine(
  child: ChildProcess,
  matches: (line: Record<string, unknown>) => boolean,
  output: () => string,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) {
        const line = (() => {
          try {
            return JSON.parse(text) as Record<string, unknown>;
          } catch {
            return null;
          }
        })();
        if (line && matches(line)) {
          child.stdout?.off('data', onData);
          child.off('exit', onExit);
          resolve(line);
          return;
        }
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`The compiled API exited (${code}) before it listened:\n${output()}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

const ROOT = path.resolve(__dirname, '../..');

describe('the compiled API server', () => {
  let work: string;
  let servers: string;
  let database: { url: string; remove: () => Promise<void> };
  let child: ChildProcess;
  let output = '';
  let base: string;

  beforeAll(async () => {
    // Started from a folder outside the repository; the output sits inside it, beside its node_modules.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-compiled-api-'));
    fs.mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
    servers = fs.mkdtempSync(path.join(ROOT, 'dist', 'test-servers-'));
    const [{ outdir }, fresh, port] = await Promise.all([
      buildServers({ outdir: servers }),
      createTestDatabaseUrl(),
      freePort(),
    ]);
    database = fresh;
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'api-server.mjs')], {
      cwd: work,
      env: {
        ...process.env,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await logLine(
      child,
      (line) => line.startup === true && String(line.msg).startsWith('The API is served at'),
      () => output,
    );
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.remove();
    for (const folder of [work, servers]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is alive and ready on its database', async () => {
    const alive = await fetch(`${base}/api/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'alive' });
    expect((await fetch(`${base}/api/readyz`)).status).toBe(200);
  });

  it('reads the content from the repository, not from where it was started', () => {
    const loaded = output
      .split('\n')
      .flatMap((text) => (text.startsWith('{') ? [JSON.parse(text) as Record<string, unknown>] : []))
      .find((line) => line.msg === 'content loaded');
    expect(loaded?.contentDir).toBe(path.join(ROOT, 'content'));
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
