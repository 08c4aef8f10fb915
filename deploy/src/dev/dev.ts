/**
 * `npm run dev`: the whole site from source, with hot reload. The API on its own development
 * database (PGlite in .data/pglite-dev, so `npm start`'s data is left alone) and the Firebase Auth
 * emulator, as `npm start` has them; the shell and every remote on their own webpack-dev-server
 * with React Fast Refresh. The shell's dev server is the front door (http://localhost:3000): it
 * answers the dev manifest that names every remote's dev server, serves pages with the dev
 * Content-Security-Policy and proxies /api to the API. Everything listens on 127.0.0.1 only.
 * Pages are rendered in the browser only; server rendering is the production path (`npm start`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkPortFree } from '@arttoy/api';
import { appFolder, type AppName } from '@arttoy/shared/contracts';
import { DEV_HOST, DEV_PORTS, devPort } from '@arttoy/shared/build/dev-site.mjs';
import { startLocalSignIn, type LocalSignIn } from '../local-sign-in';
import { REPO_ROOT } from '../origin';
import { runtimeConfigFromEnv, signInMode } from '../runtime-config';
import { devSiteEnvironment } from './dev-site';
import { deployEnvironment } from '../config';

const env = deployEnvironment();

const USAGE = `Usage: npm run dev
  The API (database in .data/pglite-dev, Auth emulator), the shell and every remote with hot reload.
  Open http://localhost:${DEV_PORTS.shell}. Ctrl-C stops everything.
  Settings: API_PORT (default 3001), DATABASE_URL (default file:.data/pglite-dev), AUTH_EMULATOR=off (no sign-in),
  DEV_PORT_OFFSET (moves the apps' ports ${DEV_PORTS.shell}, ${DEV_PORTS.mf_gallery}-${DEV_PORTS.mf_rules} by that much).`;

try {
  if (
    parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', short: 'h' } } }).values.help
  ) {
    console.log(USAGE);
    process.exit(0);
  }
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

const require = createRequire(path.join(REPO_ROOT, 'package.json'));
const tsxCli = require.resolve('tsx/cli');
const webpackCli = require.resolve('webpack-cli/bin/cli.js');
const apiPort = Number(env.API_PORT ?? 3001);
if (!Number.isInteger(apiPort) || apiPort < 1024 || apiPort > 65535) {
  console.error(`API_PORT must be a port number from 1024 to 65535, got "${env.API_PORT}".`);
  process.exit(2);
}
const apps = Object.keys(DEV_PORTS) as AppName[];
let ports: Record<AppName, number>;
try {
  ports = Object.fromEntries(apps.map((app) => [app, devPort(app)])) as Record<AppName, number>;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

/** Every port first: a busy one is named before anything starts. */
async function checkPorts(): Promise<void> {
  await checkPortFree({
    port: apiPort,
    host: DEV_HOST,
    portSetting: 'API_PORT',
    hostSetting: 'API_HOST',
    command: 'npm run dev',
  });
  for (const app of apps) {
    const port = ports[app];
    await checkPortFree({
      port,
      host: DEV_HOST,
      portSetting: 'DEV_PORT_OFFSET',
      hostSetting: 'HOST',
      command: 'npm run dev',
    }).catch((error: unknown) => {
      throw new Error(
        `${appFolder(app)}'s dev server cannot start: port ${port} is in use. Stop the program holding it (find it with: lsof -i :${port}), ` +
          "or move every app's port: DEV_PORT_OFFSET=10000 npm run dev.",
        { cause: error },
      );
    });
  }
}

const children = new Map<string, ChildProcess>();
let stopping = false;

/** Runs a process with its output prefixed by its name; when a server (not `once`) ends on its own, everything stops. */
function run(
  label: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; once?: boolean },
): ChildProcess {
  // Detached (a process group of its own): Ctrl-C reaches this launcher alone, which stops each server
  // once. A second interrupt, from the terminal and again through tsx, would end the API before it
  // closes its database.
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${label}]`.padEnd(16);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix} ${line}\n`);
    });
  }
  children.set(label, child);
  child.on('exit', (code, signal) => {
    children.delete(label);
    if (stopping || (options.once && code === 0)) return;
    console.error(
      `${label} stopped (${signal ?? `exit ${code}`}); stopping the others. Its output is above.`,
    );
    void stopAll(1);
  });
  return child;
}

let signIn: LocalSignIn | null = null;

/** Resolves once something accepts connections on the port (the API has opened its database and listens). */
async function listening(port: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: DEV_HOST }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopAll(code: number): Promise<never> {
  stopping = true;
  const exits = [...children.values()].map(
    (child) =>
      new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
  );
  for (const child of children.values()) child.kill('SIGTERM');
  // Until the API has closed its database (its lock released) and every dev server has stopped:
  // their output goes through this process, so it must outlive them.
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  for (const [label, child] of children) {
    console.error(`${label} did not stop within 20 s; ending it.`);
    child.kill('SIGKILL');
  }
  await signIn?.stop();
  process.exit(code);
}

async function main(): Promise<void> {
  await checkPorts();
  const mode = signInMode(env);
  const config = runtimeConfigFromEnv(env);
  // Before the API starts: it must find FIREBASE_AUTH_EMULATOR_HOST set.
  if (mode === 'emulator') signIn = await startLocalSignIn();
  else
    console.log(
      mode === 'firebase'
        ? 'Sign-in: the Firebase project of the FIREBASE_* settings.'
        : 'Sign-in: off (AUTH_EMULATOR=off).',
    );

  // The content documents and search index the API serves.
  await new Promise<void>((resolve, reject) => {
    run('content', [tsxCli, 'src/content/build-cli.ts'], {
      cwd: path.join(REPO_ROOT, 'api'),
      once: true,
    }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('Building the content failed (its output is above).')),
    );
  });

  run('api', [tsxCli, 'src/server.ts'], {
    cwd: path.join(REPO_ROOT, 'api'),
    env: {
      API_HOST: DEV_HOST,
      API_PORT: String(apiPort),
      DATABASE_URL: env.DATABASE_URL ?? `file:${path.join(REPO_ROOT, '.data/pglite-dev')}`,
      SITE_ORIGIN: env.SITE_ORIGIN ?? `http://localhost:${ports.shell}`,
      // Readable lines when the launcher writes to a terminal (the API's stdout is a pipe here).
      ...(process.stdout.isTTY && !env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
    },
  });
  // The dev servers start once the API listens: a first start seeds the database, and six compilers
  // beside it on a small machine can hold the seed past the API's start-up time limit.
  await listening(apiPort);
  const siteEnvironment = devSiteEnvironment(config);
  for (const app of apps) {
    run(appFolder(app), [webpackCli, 'serve', '--mode', 'development', '--stats', 'minimal'], {
      cwd: path.join(REPO_ROOT, appFolder(app)),
      env: {
        API_ORIGIN: `http://${DEV_HOST}:${apiPort}`,
        ...(app === 'shell' ? { ARTTOY_DEV_SITE: siteEnvironment } : {}),
      },
    });
  }
  console.log(
    `\nArtToy Club (development) at http://localhost:${ports.shell} once the shell has compiled. Edits show without a reload. Ctrl-C stops everything.\n`,
  );
}

// Every interrupt is handled (a repeat is ignored): the terminal's Ctrl-C arrives again through npm and
// tsx, and the default action of a second one would end this process before the API closes its
// database, breaking the pipe its last lines are written to.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void (stopping ? undefined : stopAll(0)));

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  await stopAll(1);
});
