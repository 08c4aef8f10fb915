/**
 * `npm run deploy-service` (main.ts) stopped by SIGTERM: it drains like the site server and the API
 * (answers say `Connection: close` for DRAIN_MS, then it closes and exits 0), and a second signal
 * while it drains stops it at once with exit 1 (the close-with-grace convention).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@arttoy/api/test/free-port';
import { probe } from '@arttoy/api/test/held-request';

const DEPLOY_DIR = path.resolve(__dirname, '../..');

let tmp: string;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Starts the service and signals it once it drains; resolves with its base URL, its exit and its output. */
async function startAndSignal() {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-deploy-drain-'));
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/deploy-service/main.ts'], {
    cwd: DEPLOY_DIR,
    env: {
      ...process.env,
      DEPLOY_PORT: String(port),
      DEPLOY_HOST: '127.0.0.1',
      DEPLOY_STATE_DIR: path.join(tmp, 'state'),
      ORIGIN_DIR: path.join(tmp, 'origin'),
      CANARY_JUDGE: 'off',
      LOG_FORMAT: 'json',
      // The window in which the draining service still answers: the probe is sent as soon as the drain is logged.
      DRAIN_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = child;
  let output = '';
  running.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
  const waitForOutput = async (pattern: RegExp) => {
    while (!pattern.test(output)) {
      if (running.exitCode !== null)
        throw new Error(`the deploy service exited before ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await waitForOutput(/Deploy service at/);
  const health = `http://127.0.0.1:${port}/v1/health`;
  expect(await probe(health)).toEqual({ status: 200, connection: 'keep-alive' });
  running.kill('SIGTERM');
  await waitForOutput(/"msg":"shutting down: draining"/);
  expect(await probe(health)).toEqual({ status: 200, connection: 'close' });
  return { running, exited, output: () => output };
}

describe('the deploy service stopped by SIGTERM', () => {
  it('answers Connection: close while it drains, then exits 0', async () => {
    const { exited } = await startAndSignal();
    expect(await exited).toBe(0);
  }, 60_000);

  it('exits 1 at once on a second signal while it drains', async () => {
    const { running, exited, output } = await startAndSignal();
    running.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(output()).toContain('second SIGTERM, exiting');
  }, 60_000);
});
