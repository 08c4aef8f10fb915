/**
 * One team's deploy pipeline in a process of its own, for the simultaneous-deploys test on a bucket
 * origin: deploys its remote's versions one after the other through the ledger, each expecting the
 * one before. Says `ready` once connected, deploys when told `go` on stdin, then prints one JSON
 * line per deploy, and one with the number of swaps it lost, and exits.
 *
 *   ORIGIN_STORE=azure AZURE_STORAGE_CONNECTION_STRING=… ORIGIN_CONTAINER=… \
 *     tsx deploy-worker.ts '{"team":"gallery","app":"mf_gallery","versions":["a1","a2"],"expect":"a0"}'
 */
import { once } from 'node:events';
import { appFolder, type AppName } from '@arttoy/shared/contracts';
import { deployEnvironment } from '../../config';
import { deployVersion } from '../../ledger';
import { originStoreFromEnv } from '../from-env';
import { PreconditionFailed } from '../store';

interface Job {
  team: string;
  app: AppName;
  versions: string[];
  /** The version live before the first deploy. */
  expect: string;
}

const job = JSON.parse(process.argv[2] ?? '') as Job;
const store = originStoreFromEnv(deployEnvironment());
// Counts the swaps this process lost to another (each was decided again): how hard the teams raced.
let lostSwaps = 0;
const swap = store.putIfMatch.bind(store);
store.putIfMatch = (...args) =>
  swap(...args).catch((error: unknown) => {
    if (error instanceof PreconditionFailed) lostSwaps += 1;
    throw error;
  });
// The first request connects (and proves the settings) before the others are told to start.
await store.list('builds/env/');
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
let told = '';
while (!told.includes('go')) told += String((await once(process.stdin, 'data'))[0]);

let expect = job.expect;
for (const version of job.versions) {
  const entry = { version, entry: `/${appFolder(job.app)}/${version}/remoteEntry.js` };
  const { release, changed } = await deployVersion(store, {
    env: 'production',
    app: job.app,
    entry,
    expect,
    by: job.team,
  });
  process.stdout.write(`${JSON.stringify({ app: job.app, version, changed, release: release?.id })}\n`);
  expect = version;
}
process.stdout.write(`${JSON.stringify({ lostSwaps })}\n`);
process.exit(0);
