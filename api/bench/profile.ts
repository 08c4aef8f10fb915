/**
 * `npm run bench:profile -w api`: where a catalogue read's time goes. Serves the read from the
 * database (ANSWER_CACHE=off) on a PostgreSQL bench database under `node --cpu-prof`, loads it at
 * 50 connections for BENCH_DURATION seconds (default 10), then writes the flame graph of that load
 * (start-up and warm-up left out) to
 * bench/results/<date>-catalogue-read.svg and prints self time by owner and by function.
 * BENCH_PATH and BENCH_POSTGRES_URL as for bench/load.ts; PROFILE_OUT names another SVG file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_DIR, postgresBenchDatabase, READ_PATH, serve } from './harness';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
if (!Number.isFinite(DURATION) || DURATION <= 0) throw new Error(`BENCH_DURATION must be a number of seconds, got "${process.env.BENCH_DURATION}".`);
const output = path.resolve(process.env.PROFILE_OUT ?? path.join(API_DIR, '..', 'bench/results', `${new Date().toISOString().slice(0, 10)}-catalogue-read.svg`));

const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-profile-'));
const database = await postgresBenchDatabase();
try {
  const spawned = Date.now();
  const served = await serve('bench/unlimited-server.ts', { DATABASE_URL: database.url, ANSWER_CACHE: 'off' }, ['--cpu-prof', '--cpu-prof-dir', profiles]);
  let run: autocannon.Result;
  let loadStarted = 0;
  try {
    await autocannon({ url: `${served.base}${READ_PATH}`, connections: 50, duration: 1 });
    loadStarted = Date.now();
    run = await autocannon({ url: `${served.base}${READ_PATH}`, connections: 50, duration: DURATION });
  } finally {
    await served.stop();
  }
  const [profile] = fs.readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
  if (!profile) throw new Error(`The server wrote no CPU profile into ${profiles}.`);
  const title = `GET ${READ_PATH}, uncached, PostgreSQL, 50 connections, ${Math.round(run.requests.average)} req/s`;
  console.log(`${title} (p99 ${run.latency.p99} ms)`);
  execFileSync(process.execPath, [path.join(API_DIR, '..', 'bench/lib/flamegraph.mjs'), path.join(profiles, profile), output, title, '--from-ms', String(loadStarted - spawned)], { stdio: 'inherit' });
  console.log(`flame graph: ${path.relative(process.cwd(), output)}`);
} finally {
  await database.drop();
  fs.rmSync(profiles, { recursive: true, force: true });
}
