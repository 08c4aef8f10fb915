/**
 * Twenty deploys at once on a bucket origin (Azurite): five teams deploy their remote four times
 * through the ledger, from five processes (each team's deploys split between two of them, as two
 * pipelines would), all sent together. Every deploy lands in the history, the live build ends
 * with each remote's last version, no update is lost. The same pipelines as the folder origin's
 * test (ledger/ledger-races.test.ts); here the compare-and-swap is the bucket's own `If-Match`.
 */
import { randomBytes } from 'node:crypto';
import { BlobServiceClient } from '@azure/storage-blob';
import {
  APP_NAMES,
  appFolder,
  REMOTE_NAMES,
  type BuildMeta,
  type RemoteName,
} from '@arttoy/shared/contracts';
import { history, publishBuild, readEnvironment } from '../ledger';
import { startWorkers, type WorkerPool } from '../ledger/race-pool';
import { AzureBlobOriginStore } from './azure-blob';
import { startAzurite, type RunningAzurite } from './azurite';

const VERSIONS = ['v1', 'v2', 'v3', 'v4'];
const teamOf = (remote: RemoteName): string => appFolder(remote).replace(/^mf-/, '');
/** Team t's two pipelines run in workers t and t+1 (mod 5): every worker serves two teams. */
const pipelineOf = (team: number, index: number): number => (team + (index % 2)) % REMOTE_NAMES.length;

let azurite: RunningAzurite;
let store: AzureBlobOriginStore;
let workers: WorkerPool;

beforeAll(async () => {
  azurite = await startAzurite();
  const container = `origin-${randomBytes(6).toString('hex')}`;
  store = new AzureBlobOriginStore(
    BlobServiceClient.fromConnectionString(azurite.connectionString),
    container,
  );
  const apps = Object.fromEntries(
    APP_NAMES.map((app) => [
      app,
      { version: 'v0', entry: `/${appFolder(app)}/v0/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}` },
    ]),
  ) as BuildMeta['apps'];
  await publishBuild(store, apps, 'build');
  workers = await startWorkers(5, {
    ORIGIN_STORE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    ORIGIN_CONTAINER: container,
  });
}, 180_000);

afterAll(async () => {
  await workers?.stop();
  await azurite?.stop();
});

it('lands twenty simultaneous deploys of five remotes by five teams from five processes, losing none', async () => {
  const answers = await Promise.all(
    REMOTE_NAMES.flatMap((remote, team) =>
      VERSIONS.map((version, index) =>
        // Each version expects the one before it: a deploy whose predecessor has not landed yet tries again.
        workers.run(pipelineOf(team, index), {
          type: 'deploy',
          app: remote,
          version,
          expect: index === 0 ? 'v0' : VERSIONS[index - 1]!,
          waitFor: ['v0', ...VERSIONS.slice(0, Math.max(0, index - 1))],
          by: teamOf(remote),
        }),
      ),
    ),
  );
  expect(answers.filter((answer) => answer.type !== 'deployed')).toEqual([]);

  // The live build has every remote at its last version, the shell untouched.
  const live = (await readEnvironment(store, 'production'))!;
  for (const remote of REMOTE_NAMES) expect(live.meta.apps[remote].version).toBe('v4');
  expect(live.meta.apps.shell.version).toBe('v0');
  expect(live.pointer.revision).toBe(21);

  // The history holds all twenty, each remote's in its order and by its team, after the publish.
  const records = await history(store, 'production', { limit: 100 });
  expect(records).toHaveLength(21);
  expect(records.at(-1)).toMatchObject({ kind: 'publish', by: 'build' });
  for (const remote of REMOTE_NAMES) {
    const deploys = records.filter((record) => record.app === remote).toReversed();
    expect(deploys.map((record) => [record.kind, record.by, record.from, record.to])).toEqual(
      VERSIONS.map((version, i) => ['deploy', teamOf(remote), i === 0 ? 'v0' : VERSIONS[i - 1], version]),
    );
  }
  const released = new Set(answers.map((answer) => (answer.type === 'deployed' ? answer.release : '')));
  expect(new Set(records.filter((record) => record.kind === 'deploy').map((record) => record.id))).toEqual(
    released,
  );
}, 300_000);

it('counts every increment of five processes swapping one object at once', async () => {
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, worker) =>
      workers.run(worker, { type: 'increment', key: 'counter.json', times: 10 }),
    ),
  );
  expect(answers.map((answer) => answer.type)).toEqual(Array(5).fill('incremented'));
  expect((await store.get('counter.json'))?.bytes.toString()).toBe('50');
}, 300_000);
