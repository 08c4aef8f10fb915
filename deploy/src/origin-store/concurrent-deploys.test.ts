/**
 * 20 deploys at once on a bucket origin (Azurite): five teams, each in a process of its own,
 * deploy their remote four times through the ledger, all starting together. Every deploy lands in
 * the history, the live build ends with each remote's last version, no update is lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BlobServiceClient } from '@azure/storage-blob';
import {
  appFolder,
  APP_NAMES,
  REMOTE_NAMES,
  type BuildMeta,
  type RemoteName,
} from '@arttoy/shared/contracts';
import { history, publishBuild, readEnvironment } from '../ledger';
import { AzureBlobOriginStore } from './azure-blob';
import { startAzurite, type RunningAzurite } from './azurite';

const DEPLOY_DIR = path.resolve(import.meta.dirname, '../..');
const WORKER = path.join(import.meta.dirname, 'testing/deploy-worker.ts');
const TEAMS: Record<RemoteName, string> = {
  mf_gallery: 'gallery',
  mf_blog: 'blog',
  mf_mysterybox: 'mysterybox',
  mf_account: 'account',
  mf_rules: 'rules',
};
const ROUNDS = 4;

let azurite: RunningAzurite;
const children: ChildProcess[] = [];

beforeAll(async () => {
  azurite = await startAzurite();
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await azurite?.stop();
});

const entryOf = (app: (typeof APP_NAMES)[number], version: string) => ({
  version,
  entry: `/${appFolder(app)}/${version}/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}`,
});

/** Starts one team's process and resolves with it once it says it is connected. */
async function team(
  env: NodeJS.ProcessEnv,
  job: object,
): Promise<{ child: ChildProcess; lines: string[]; done: Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(job)], {
    cwd: DEPLOY_DIR,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines: string[] = [];
  const done = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'ready') resolve();
      else lines.push(line);
    });
    void done.then((code) =>
      reject(new Error(`A deploy process exited (${code}) before it was ready: ${errors}`)),
    );
  });
  await ready;
  void done.then((code) => {
    if (code !== 0) console.error(`A deploy process exited with ${code}: ${errors}`);
  });
  return { child, lines, done };
}

it('lands 20 simultaneous deploys of 5 remotes by 5 teams from 5 processes, losing none', async () => {
  const container = `origin-${randomBytes(6).toString('hex')}`;
  const store = new AzureBlobOriginStore(
    BlobServiceClient.fromConnectionString(azurite.connectionString),
    container,
  );
  const apps = Object.fromEntries(APP_NAMES.map((app) => [app, entryOf(app, 'v0')])) as BuildMeta['apps'];
  await publishBuild(store, apps, 'build');

  const versions = (app: RemoteName) =>
    Array.from({ length: ROUNDS }, (_, i) => `${app.replace('_', '-')}-v${i + 1}`);
  const env = {
    ...process.env,
    ORIGIN_STORE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    ORIGIN_CONTAINER: container,
  };
  const teams = await Promise.all(
    REMOTE_NAMES.map((app) => team(env, { team: TEAMS[app], app, versions: versions(app), expect: 'v0' })),
  );
  // Every process is connected: all start at once.
  for (const { child } of teams) child.stdin!.end('go\n');
  expect(await Promise.all(teams.map(({ done }) => done))).toEqual(REMOTE_NAMES.map(() => 0));

  // Each process saw each of its deploys land as a change (after any swaps it lost), then said how many it lost.
  const reports = teams.map(({ lines }) => lines.map((line) => JSON.parse(line) as Record<string, unknown>));
  if (process.env.REPORT_LOST_SWAPS) console.log(reports.map((lines) => lines.at(-1)));
  for (const [index, app] of REMOTE_NAMES.entries())
    expect(reports[index]).toEqual([
      ...versions(app).map((version) => expect.objectContaining({ app, version, changed: true })),
      { lostSwaps: expect.any(Number) },
    ]);

  // The live build has every remote at its last version, the shell untouched.
  const live = await readEnvironment(store, 'production');
  for (const app of REMOTE_NAMES) expect(live?.meta.apps[app].version).toBe(versions(app).at(-1));
  expect(live?.meta.apps.shell.version).toBe('v0');
  expect(live?.pointer.revision).toBe(1 + REMOTE_NAMES.length * ROUNDS);

  // The history holds all 20, each remote's in its order, by its team, and the publish before them.
  const changes = await history(store, 'production', { limit: 100 });
  expect(changes).toHaveLength(1 + REMOTE_NAMES.length * ROUNDS);
  expect(changes.at(-1)).toMatchObject({ kind: 'publish', by: 'build' });
  for (const app of REMOTE_NAMES) {
    const deploys = changes.filter((release) => release.app === app).toReversed();
    expect(deploys.map((release) => [release.kind, release.by, release.from, release.to])).toEqual(
      versions(app).map((version, i) => [
        'deploy',
        TEAMS[app],
        i === 0 ? 'v0' : versions(app)[i - 1],
        version,
      ]),
    );
  }
}, 300_000);
