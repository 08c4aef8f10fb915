/**
 * The Firebase Auth emulator for tests: started by globalSetup on ports of its own, and helpers
 * that sign users in through it, so tests verify real emulator-issued ID tokens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export const TEST_PROJECT_ID = 'demo-arttoy';
const DEFAULT_HOST = '127.0.0.1:9099';

export function emulatorHost(): string {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_HOST;
}

async function answers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

export interface RunningEmulator {
  host: string;
  /** Stops the emulator if this run started it; one named by FIREBASE_AUTH_EMULATOR_HOST is left alone. */
  stop(): Promise<void>;
}

/**
 * Starts `firebase emulators:start --only auth` with the repo's firebase.json, on free ports of
 * its own rather than 9099: an emulator on 9099 belongs to whoever started it (a browser test run
 * clears its accounts, a developer stops it), and this run's users must survive until it ends.
 * FIREBASE_AUTH_EMULATOR_HOST, when set, names an emulator to use instead.
 */
export async function startAuthEmulator(repoRoot: string, timeoutMs = 120_000): Promise<RunningEmulator> {
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (given) {
    if (!(await answers(given)))
      throw new Error(
        `FIREBASE_AUTH_EMULATOR_HOST=${given}, but no Auth emulator answers there. Start it, or unset the variable.`,
      );
    return { host: given, stop: async () => undefined };
  }
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${authPort}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-auth-emulator-'));
  const config = JSON.parse(fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, object>;
  };
  config.emulators.auth = { ...config.emulators.auth, host: '127.0.0.1', port: authPort };
  config.emulators.hub = { host: '127.0.0.1', port: hubPort };
  config.emulators.logging = { host: '127.0.0.1', port: loggingPort };
  fs.writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(config));
  // Found from the repo root rather than require.resolve, so ES modules (the API's benchmark) can start it too.
  const firebaseBin = path.join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js');
  if (!fs.existsSync(firebaseBin))
    throw new Error(`${firebaseBin} is missing: run npm install at the repo root.`);
  const args = [
    firebaseBin,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    TEST_PROJECT_ID,
    '--config',
    path.join(workDir, 'firebase.json'),
  ];
  // A small guard runs the CLI and ends it if this process dies without its teardown (a crashed
  // jest), so no emulator outlives its run. Both live in one process group, stopped together.
  const guard = `
    const cli = require('node:child_process').spawn(process.execPath, ${JSON.stringify(args)}, { stdio: 'inherit' });
    cli.on('exit', (code) => process.exit(code ?? 1));
    setInterval(() => { try { process.kill(${process.pid}, 0); } catch { cli.kill('SIGTERM'); } }, 1000).unref();
    process.on('SIGTERM', () => cli.kill('SIGTERM'));`;
  // The CLI writes firebase-debug.log into its working directory: the temporary one.
  const child = spawn(process.execPath, ['-e', guard], {
    cwd: workDir,
    env: { ...process.env, CI: 'true' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await answers(host))) {
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(
        `The Firebase Auth emulator did not start on ${host} within ${timeoutMs / 1000} s. Its output:\n${output.slice(-2_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, stop };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The CLI runs in its own process group (detached): stop the whole group.
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

/** Signs a new Google user in through the emulator (a fake IdP token), returning a real emulator ID token. */
export async function signInTestUser(label: string): Promise<TestUser> {
  const sub = `${label}-${randomUUID()}`;
  const email = `${sub}@example.test`;
  const idpToken = JSON.stringify({ sub, email, email_verified: true, name: label });
  const signIn = () =>
    fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          postBody: `id_token=${encodeURIComponent(idpToken)}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
          returnIdpCredential: true,
        }),
      },
    );
  // On a loaded machine the emulator now and then drops a connection ("other side closed"); signing
  // the same IdP subject in again is harmless, so one retry.
  const response = await signIn().catch(() => signIn());
  const body = (await response.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!response.ok || !body.idToken || !body.localId)
    throw new Error(`Emulator sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, idToken: body.idToken };
}

/** Disables a user in the emulator (as an admin would in the console). */
export async function disableUser(uid: string): Promise<void> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, disableUser: true }),
    },
  );
  if (!response.ok) throw new Error(`Emulator could not disable ${uid}: ${await response.text()}`);
}

const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The claims of an emulator ID token for `uid`, valid for an hour, with overrides. */
export function idTokenClaims(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'google.com' },
    ...overrides,
  };
}

/** An unsigned token in the emulator's own format (alg none, empty signature). */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

/** A token signed RS256 with a key of our own, as a forger would make one. */
export function selfSignedToken(claims: Record<string, unknown>): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'forged-key' })}.${base64url(claims)}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

/** The payload of a JWT, decoded (no verification). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** One new signed-in test user per name, labelled `<prefix>-<name>-<run>`. */
export function signInTestUsers<const Names extends readonly string[]>(
  prefix: string,
  run: string,
  names: Names,
): Promise<{ [Index in keyof Names]: TestUser }> {
  return Promise.all(names.map((name) => signInTestUser(`${prefix}-${name}-${run}`))) as Promise<{
    [Index in keyof Names]: TestUser;
  }>;
}

/** Whether the emulator still has a user with this uid (an admin lookup). */
export async function emulatorHasUser(uid: string): Promise<boolean> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  if (!response.ok) throw new Error(`Emulator could not look up ${uid}: ${await response.text()}`);
  const body = (await response.json()) as { users?: unknown[] };
  return (body.users?.length ?? 0) > 0;
}
