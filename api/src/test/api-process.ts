/**
 * The API as real processes, for tests of what must hold across instances: `src/server.ts` alone
 * on a port of its own, or `src/cluster.ts` (several workers on one port). Each talks to the
 * database the test names; the Auth emulator's host comes from the test run's environment.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './free-port';

// Jest runs this file as CommonJS (swc): __dirname, not import.meta.
const API_DIR = path.resolve(__dirname, '../..');

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Waits until its output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startApiProcess(
  script: 'src/server.ts' | 'src/cluster.ts',
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ApiProcess> {
  // A port the caller chose (a range of its own), else any free one.
  const port = env.API_PORT ? Number(env.API_PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', API_PORT: String(port), API_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const waitFor = async (done: () => Promise<boolean> | boolean, what: string, limitMs: number) => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${script} exited (${child.exitCode}) before ${what}:\n${output}`);
      if (await done()) return;
      if (Date.now() > deadline)
        throw new Error(`${script} did not show ${what} within ${limitMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await waitFor(
    () =>
      fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      ),
    `a healthy ${base}`,
    timeoutMs,
  );
  return {
    base,
    child,
    output: () => output,
    waitForOutput: (pattern, limitMs = 60_000) =>
      waitFor(() => pattern.test(output), String(pattern), limitMs),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * One HTTP request over a keep-alive agent (as a browser or a proxy keeps connections): a reset
 * connection rejects, so tests see it rather than a client's silent retry.
 */
export function request(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
