// Builds the apps (the shell and the five remotes) for production, as many at a time as the machine
// has cores (each app's webpack is one process), and stops at the first failure: the apps still
// building are stopped, the failed app's output is printed last, and a summary names it.
//   node shared/build/build-apps.mjs [--jobs N] [app …]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('../../', import.meta.url).pathname;
export const APPS = ['shell', 'mf-gallery', 'mf-blog', 'mf-mysterybox', 'mf-account', 'mf-rules'];
const USAGE = `Usage: node shared/build/build-apps.mjs [--jobs N] [app …]
  Builds the given apps (default: all of ${APPS.join(', ')}) for production, N at a time
  (default: the number of cores, at most the number of apps). Stops at the first failure.`;

/**
 * Reads the command line; throws with the usage for anything it does not know.
 * @param {string[]} args
 * @returns {{ help: true } | { help: false, apps: string[], jobs: number }}
 */
export function parseBuildArgs(args, cores = os.availableParallelism()) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { jobs: { type: 'string', short: 'j' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error });
  }
  if (parsed.values.help) return { help: true };
  const apps = parsed.positionals.length > 0 ? parsed.positionals : APPS;
  const unknown = apps.filter((app) => !APPS.includes(app));
  if (unknown.length > 0)
    throw new Error(
      `Unknown app ${unknown.map((app) => `"${app}"`).join(', ')}: the apps are ${APPS.join(', ')}.\n${USAGE}`,
    );
  const jobs = parsed.values.jobs === undefined ? Math.min(cores, apps.length) : Number(parsed.values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new Error(`--jobs must be a whole number of at least 1, got "${parsed.values.jobs}".\n${USAGE}`);
  return { help: false, apps: [...new Set(apps)], jobs };
}

/**
 * Runs `run(app)` for every app, `jobs` at a time, in order; after the first failure starts no
 * other app and calls `stop` on the ones running. Resolves to each app's outcome, in the apps' order.
 * @template {{ ok: boolean }} R
 * @param {string[]} apps
 * @param {number} jobs
 * @param {(app: string) => { done: Promise<R>, stop: () => void }} run
 * @returns {Promise<Array<{ app: string, outcome: R | 'stopped' | 'not started' }>>}
 */
export async function buildInTurn(apps, jobs, run) {
  /** @type {Map<string, R | 'stopped' | 'not started'>} */
  const outcomes = new Map(apps.map((app) => [app, 'not started']));
  const running = new Map();
  let failed = false;
  let next = 0;
  await new Promise((resolve) => {
    const startMore = () => {
      if (failed) return;
      const free = Math.min(jobs - running.size, apps.length - next);
      for (let started = 0; started < free; started += 1) {
        const app = apps[next++];
        const build = run(app);
        running.set(app, build);
        build.done.then((outcome) => {
          running.delete(app);
          // An app stopped because another failed stays "stopped", however its process ended.
          if (outcomes.get(app) !== 'stopped') outcomes.set(app, outcome);
          if (!outcome.ok && !failed) {
            failed = true;
            for (const [other, handle] of running) {
              outcomes.set(other, 'stopped');
              handle.stop();
            }
          }
          if (running.size === 0 && (failed || next >= apps.length)) resolve(undefined);
          else startMore();
        });
      }
    };
    if (apps.length === 0) resolve(undefined);
    else startMore();
  });
  return apps.map((app) => ({
    app,
    outcome: /** @type {R | 'stopped' | 'not started'} */ (outcomes.get(app)),
  }));
}

// Resolved when a build starts, so the app list can be read before the packages are installed.
const webpackCli = () => createRequire(path.join(ROOT, 'package.json')).resolve('webpack-cli/bin/cli.js');

/** One app's production build in its own process; its output is kept and printed when it ends. */
function buildApp(app) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [webpackCli(), '--mode', 'production'], {
    cwd: path.join(ROOT, app),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) =>
      resolve({
        ok: code === 0,
        code,
        signal,
        seconds: (performance.now() - startedAt) / 1000,
        output: Buffer.concat(output).toString(),
      }),
    );
  });
  return { done, stop: () => child.kill('SIGTERM') };
}

function describe(outcome) {
  if (typeof outcome === 'string') return outcome;
  return `${outcome.ok ? 'ok' : `FAILED (${outcome.signal ?? `exit ${outcome.code}`})`}  ${outcome.seconds.toFixed(1)} s`;
}

async function main() {
  let options;
  try {
    options = parseBuildArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const startedAt = performance.now();
  console.log(`Building ${options.apps.join(', ')} (${options.jobs} at a time)…`);
  const results = await buildInTurn(options.apps, options.jobs, (app) => {
    const build = buildApp(app);
    return {
      stop: build.stop,
      done: build.done.then((outcome) => {
        // The failed app's output is printed after the others', where the eye lands.
        if (outcome.ok) process.stdout.write(`\n── ${app} ──\n${outcome.output}`);
        return outcome;
      }),
    };
  });
  const failures = results.filter(({ outcome }) => typeof outcome !== 'string' && !outcome.ok);
  for (const { app, outcome } of failures)
    process.stderr.write(`\n── ${app} (failed) ──\n${/** @type {{ output: string }} */ (outcome).output}`);
  console.log(`\nBuild summary (${((performance.now() - startedAt) / 1000).toFixed(1)} s):`);
  for (const { app, outcome } of results) console.log(`  ${app.padEnd(14)} ${describe(outcome)}`);
  if (failures.length > 0) {
    console.error(
      `\nThe build failed: ${failures.map(({ app }) => app).join(', ')} (its output is above). Apps not built are marked "stopped" or "not started".`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
