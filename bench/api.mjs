// The API half of `npm run bench`: autocannon against the API alone on 127.0.0.1, on PGlite and on
// PostgreSQL (when one answers), at a few concurrency levels. See api/bench/load.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from './lib/processes.mjs';

export async function benchApi({ duration, log }) {
  log('API load…');
  const output = path.join(os.tmpdir(), `arttoy-api-bench-${process.pid}.json`);
  await run('npm', ['run', 'bench', '-w', 'api'], { env: { BENCH_DURATION: String(duration), BENCH_JSON: output, BENCH_CONNECTIONS: '1,10,50' } });
  const rows = JSON.parse(await fs.readFile(output, 'utf8'));
  await fs.rm(output, { force: true });
  return rows;
}
