// The API half of `npm run bench`: autocannon against the API alone on 127.0.0.1, on PGlite and on
// PostgreSQL (when one answers), at a few concurrency levels. See api/bench/load.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, run } from './lib/processes.mjs';

/** Starts the buyers' Auth emulator (bench/auth-emulator.mts) in the background: `host` resolves once it answers. */
export function startBenchEmulator() {
  const child = spawn('npx', ['tsx', 'bench/auth-emulator.mts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const host = new Promise((resolve, reject) => {
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
      const found = /^AUTH_EMULATOR_HOST=(\S+)$/m.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) =>
      reject(new Error(`The benchmark's Auth emulator exited with ${code}:\n${output}`)),
    );
  });
  host.catch(() => {});
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return { host, stop };
}

export async function benchApi({ duration, log, emulatorHost }) {
  log('API load…');
  const output = path.join(os.tmpdir(), `arttoy-api-bench-${process.pid}.json`);
  const env = {
    BENCH_DURATION: String(duration),
    BENCH_JSON: output,
    BENCH_CONNECTIONS: '1,10,50',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  };
  await run('npm', ['run', 'bench', '-w', 'api'], { env });
  const rows = JSON.parse(await fs.readFile(output, 'utf8'));
  await fs.rm(output, { force: true });
  return rows;
}
