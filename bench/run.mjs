// `npm run bench`: builds the site, measures it in Chromium against a monolith and static HTML,
// loads the API, and writes bench/results/<date>.json, .md and .svg. Never part of `npm test`.
//
// Options: --runs N (default 10 per build and route), --warm-runs N (default 3 per build),
// --lighthouse-runs N (default 3; 0 skips),
// --no-build (measure the build already in .origin/), --no-api, --api-duration S (default 2).
// CHROMIUM_PATH (default /usr/bin/chromium).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchApi, startBenchEmulator } from './api.mjs';
import { ROOT } from './lib/processes.mjs';
import { budgets, chart, markdown, summarise } from './lib/report.mjs';
import { THROTTLING } from './lib/measure.mjs';
import { benchWeb } from './web.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'warm-runs': { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-api': { type: 'boolean', default: false },
    'api-duration': { type: 'string', default: '2' },
  },
});
const count = (name, minimum) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < minimum) {
    console.error(`--${name} must be a whole number ≥ ${minimum}, got "${args[name]}".`);
    process.exit(2);
  }
  return value;
};
const runs = count('runs', 1);
const warmRuns = count('warm-runs', 1);
const lighthouseRuns = count('lighthouse-runs', 0);
const apiDuration = count('api-duration', 1);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const started = Date.now();
const log = (message) => console.log(`[bench ${Math.round((Date.now() - started) / 1000)} s] ${message}`);

// The API half's Auth emulator starts now: its start-up overlaps the builds.
const emulator = args['no-api'] ? null : startBenchEmulator();
let web;
let api = [];
try {
  web = await benchWeb({ runs, warmRuns, lighthouseRuns, build: !args['no-build'], executablePath, log });
  if (emulator) api = await benchApi({ duration: apiDuration, log, emulatorHost: await emulator.host });
} finally {
  emulator?.stop();
}
const rows = summarise(web);
const result = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  throttling: `mobile: ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downloadKbps / 1000} Mbit/s down, ${THROTTLING.uploadKbps} kbit/s up, ${THROTTLING.cpuSlowdown}× CPU`,
  runs,
  warmRuns,
  lighthouseRuns,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  rows,
  missing: web.missing,
  warm: web.warm,
  homeFirstLoadKbGzip: web.homeFirstLoadKbGzip,
  api,
  samples: web.samples,
};
result.budgets = budgets(rows, web);

const directory = path.join(ROOT, 'bench/results');
await fs.mkdir(directory, { recursive: true });
const stem = path.join(directory, result.date.slice(0, 10));
const table = markdown(result);
await fs.writeFile(`${stem}.json`, `${JSON.stringify(result, null, 2)}\n`);
await fs.writeFile(`${stem}.md`, `# Benchmark ${result.date}\n\n${table}\n`);
await fs.writeFile(`${stem}.svg`, chart(rows));
console.log(
  `\n${table}\n\nWritten: ${path.relative(ROOT, stem)}.{json,md,svg} in ${result.durationSeconds} s.`,
);
