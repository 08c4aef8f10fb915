/**
 * Node only (the site server and tests; no app bundles it): the Firebase Auth emulator that local
 * runs sign in against. It starts offline with a `demo-*` project, needs no Google account, and
 * takes 127.0.0.1:9099 (firebase.json) plus the emulator hub's ports (4400/4500 when free).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FirebaseSetting } from '../contracts';

export const DEMO_PROJECT_ID = 'demo-arttoy';
export const AUTH_EMULATOR_HOST = '127.0.0.1';
export const AUTH_EMULATOR_PORT = 9099;
export const AUTH_EMULATOR_URL = `http://${AUTH_EMULATOR_HOST}:${AUTH_EMULATOR_PORT}`;
/**
 * The emulator as the page reaches it. The SDK embeds the emulator's helper iframe, which reads
 * sessionStorage: under "localhost" it is same-site with the site (served at localhost), where
 * 127.0.0.1 would make it third-party, and browsers that block third-party storage (incognito,
 * Playwright) would deny it. The emulator listens on 127.0.0.1, which localhost reaches.
 */
export const AUTH_EMULATOR_PAGE_URL = `http://localhost:${AUTH_EMULATOR_PORT}`;

/** A complete Firebase web config for the demo project: the emulator accepts any values, the SDK needs all six. */
export const DEMO_FIREBASE_SETTINGS: Record<FirebaseSetting, string> = {
  apiKey: 'demo-api-key',
  authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
  projectId: DEMO_PROJECT_ID,
  storageBucket: `${DEMO_PROJECT_ID}.appspot.com`,
  messagingSenderId: '000000000000',
  appId: '1:000000000000:web:0000000000000000',
};

export interface AuthEmulatorProcess {
  url: string;
  /** False when an emulator was already answering and this one reuses it. */
  started: boolean;
  /** Resolves with the milliseconds from spawn to the first answer (0 when reused); rejects if it never answers. */
  ready: Promise<number>;
  /** Stops the emulator this call started; one that was already running is left alone. */
  stop(): Promise<void>;
}

export interface RunningEmulator extends Omit<AuthEmulatorProcess, 'ready'> {
  /** Milliseconds from spawn to the first answer (0 when reused). */
  startMs: number;
}

/**
 * One HTTP request with node:http (not fetch: under jsdom, jest's AbortSignal is jsdom's, which
 * Node's fetch refuses). Resolves with the status and body; rejects on a network error or timeout.
 */
function request(
  method: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, timeout: 2_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Whether the Auth emulator answers at `url` (its root says `authEmulator.ready`). */
export async function emulatorAnswers(url = AUTH_EMULATOR_URL): Promise<boolean> {
  try {
    const { status, body } = await request('GET', `${url}/`);
    return (
      status === 200 &&
      (JSON.parse(body) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true
    );
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, AUTH_EMULATOR_HOST, () => probe.close(() => resolve(true)));
  });
}

// Runs the CLI and ends it when the process that asked for it is gone (even after a SIGKILL that
// gave it no chance to clean up), so no emulator outlives its site server or test run.
const GUARD = `
const [ownerPid, ...args] = JSON.parse(process.argv[1]);
const cli = require('node:child_process').spawn(process.execPath, args, { stdio: 'inherit' });
const stop = () => cli.kill('SIGTERM');
cli.on('exit', (code) => process.exit(code ?? 1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setInterval(() => { try { process.kill(ownerPid, 0); } catch { stop(); } }, 1000);
`;

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const group = -child.pid;
  process.kill(group, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** firebase-tools, a development dependency: absent from a production install (npm ci --omit=dev). */
function firebaseToolsFolder(repoRoot: string): string {
  try {
    return path.dirname(
      createRequire(path.join(repoRoot, 'package.json')).resolve('firebase-tools/package.json'),
    );
  } catch (error) {
    throw new Error(
      'The Firebase Auth emulator needs firebase-tools, a development dependency that this install lacks ' +
        '(npm ci --omit=dev). Install the development dependencies (npm ci), or run with AUTH_EMULATOR=off ' +
        'or the FIREBASE_* settings.',
      { cause: error },
    );
  }
}

/**
 * Spawns `firebase emulators:start --only auth` (CI=true: no update check, no prompts) from the
 * repository's firebase.json, or reuses an emulator that already answers. Resolves as soon as it
 * is spawned; `ready` says when it answers. Rejects at once when its port is held by another program.
 */
export async function launchAuthEmulator(options: {
  repoRoot: string;
  timeoutMs?: number;
}): Promise<AuthEmulatorProcess> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  if (await emulatorAnswers())
    return { url: AUTH_EMULATOR_URL, started: false, ready: Promise.resolve(0), stop: async () => undefined };
  if (!(await portIsFree(AUTH_EMULATOR_PORT))) {
    throw new Error(
      `Port ${AUTH_EMULATOR_PORT} on ${AUTH_EMULATOR_HOST} is taken by a program that is not the Firebase Auth emulator, ` +
        `so sign-in cannot start. Stop that program (find it with: lsof -i :${AUTH_EMULATOR_PORT}), ` +
        'or run with AUTH_EMULATOR=off to serve the site without sign-in.',
    );
  }
  const firebaseBin = path.join(firebaseToolsFolder(options.repoRoot), 'lib/bin/firebase.js');
  const cliArgs = [
    firebaseBin,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    DEMO_PROJECT_ID,
    '--config',
    path.join(options.repoRoot, 'firebase.json'),
  ];
  const spawnedAt = Date.now();
  // Detached: its own process group, stopped as one; the CLI writes firebase-debug.log into its working folder.
  const child = spawn(process.execPath, ['-e', GUARD, JSON.stringify([process.pid, ...cliArgs])], {
    cwd: os.tmpdir(),
    env: { ...process.env, CI: 'true' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ready = (async () => {
    while (!(await emulatorAnswers())) {
      if (child.exitCode !== null || Date.now() - spawnedAt > timeoutMs) {
        await stopGroup(child);
        throw new Error(
          `The Firebase Auth emulator did not start on ${AUTH_EMULATOR_URL} within ${timeoutMs / 1000} s. ` +
            `If another emulator suite holds ports 4400/4500, stop it; or run with AUTH_EMULATOR=off. Its output:\n${output}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return Date.now() - spawnedAt;
  })();
  return { url: AUTH_EMULATOR_URL, started: true, ready, stop: () => stopGroup(child) };
}

/** launchAuthEmulator, then waits until it answers. */
export async function startAuthEmulator(options: {
  repoRoot: string;
  timeoutMs?: number;
}): Promise<RunningEmulator> {
  const { ready, ...emulator } = await launchAuthEmulator(options);
  return { ...emulator, startMs: await ready };
}

/** Deletes every account of the demo project (tests start from no users). */
export async function clearEmulatorAccounts(
  url = AUTH_EMULATOR_URL,
  projectId = DEMO_PROJECT_ID,
): Promise<void> {
  const { status, body } = await request('DELETE', `${url}/emulator/v1/projects/${projectId}/accounts`, {
    authorization: 'Bearer owner',
  });
  if (status !== 200)
    throw new Error(`The Auth emulator at ${url} did not clear its accounts (HTTP ${status}): ${body}`);
}
