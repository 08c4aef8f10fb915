/**
 * Twenty deploys at once, of five remotes by five teams, from five processes (each team's deploys
 * split between two of them, as two pipelines would) on the folder origin; then two pipelines of
 * each team racing for the same remote.
 *
 * Before the ledger this lost updates: `writeBuild` read latest.json, wrote a manifest of every app
 * and renamed latest.json over whatever had landed meanwhile, so a deploy of mf-blog that read the
 * build before mf-gallery's deploy landed put the old mf-gallery back. Five processes, each team
 * deploying v1..v4 of its remote in turn, with commit ccb120e's deploy/src/publish.ts, ended three
 * runs out of three with remotes short of v4: 2, 4 and 3 of the five (in one run four were back at
 * v0), and nothing said who had deployed what. Here every deploy is a compare-and-swap on the
 * pointer, decided again when the pointer moved.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  APP_NAMES,
  appFolder,
  REMOTE_NAMES,
  type BuildMeta,
  type RemoteName,
} from '@arttoy/shared/contracts';
import { LocalOriginStore } from '../origin-store/local';
import { history, publishBuild, readEnvironment } from './index';
import { readMeta } from './records';
import { startWorkers, type WorkerPool } from './race-pool';

const VERSIONS = ['v1', 'v2', 'v3', 'v4'];
const teamOf = (remote: RemoteName): string => appFolder(remote).replace(/^mf-/, '');

const pipelineOf = (team: number, index: number): number => (team + (index % 2)) % REMOTE_NAMES.length;

let root: string;
let store: LocalOriginStore;
let workers: WorkerPool;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-ledger-races-'));
  store = new LocalOriginStore(root);
  const apps = Object.fromEntries(
    APP_NAMES.map((app) => [
      app,
      { version: 'v0', entry: `/${appFolder(app)}/v0/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}` },
    ]),
  ) as BuildMeta['apps'];
  await publishBuild(store, apps, 'build');
  // Team t's two pipelines run in workers t and t+1 (mod 5): every worker serves two teams.
  workers = await startWorkers(5, root);
}, 180_000);

afterAll(async () => {
  await workers?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

it('lands twenty simultaneous deploys of five remotes, every one recorded, none undone', async () => {
  const answers = await Promise.all(
    REMOTE_NAMES.flatMap((remote, team) =>
      VERSIONS.map((version, index) =>
        // Each version expects the one before it: the team's deploys are ordered even though all
        // twenty are sent at once (a deploy whose predecessor has not landed yet tries again).
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

  const live = (await readEnvironment(store, 'production'))!;
  for (const remote of REMOTE_NAMES) expect(live.meta.apps[remote].version).toBe('v4');
  expect(live.pointer.revision).toBe(21);

  const records = await history(store, 'production', { limit: 100 });
  expect(records).toHaveLength(21);
  const deployed = records
    .filter((record) => record.kind === 'deploy')
    .map((record) => `${record.app}@${record.to}`);
  expect(deployed.toSorted()).toEqual(
    REMOTE_NAMES.flatMap((remote) => VERSIONS.map((v) => `${remote}@${v}`)).toSorted(),
  );
  const released = new Set(answers.map((answer) => (answer.type === 'deployed' ? answer.release : '')));
  expect(new Set(records.filter((record) => record.kind === 'deploy').map((record) => record.id))).toEqual(
    released,
  );

  // No update lost: each change's build is its parent's with only its own app changed.
  for (const [index, record] of records.entries()) {
    const parent = records[index + 1];
    if (!parent) break;
    expect(record.revision).toBe(parent.revision + 1);
    const [before, after] = await Promise.all([
      readMeta(store, parent.buildId),
      readMeta(store, record.buildId),
    ]);
    expect(after!.apps).toEqual({ ...before!.apps, [record.app!]: after!.apps[record.app!] });
    expect(record.from).toBe(before!.apps[record.app!].version);
  }
}, 180_000);

it('orders two pipelines deploying the same remote at once: one lands, the other is told what it lost to', async () => {
  const answers = await Promise.all(
    REMOTE_NAMES.flatMap((remote, team) =>
      ['a', 'b'].map((pipeline, index) =>
        workers.run(pipelineOf(team, index), {
          type: 'deploy',
          app: remote,
          version: `v5${pipeline}`,
          expect: 'v4',
          by: teamOf(remote),
        }),
      ),
    ),
  );
  const live = (await readEnvironment(store, 'production'))!;
  const records = await history(store, 'production', { limit: 100 });
  for (const [team, remote] of REMOTE_NAMES.entries()) {
    const pair = [answers[2 * team]!, answers[2 * team + 1]!];
    const won = pair.filter((answer) => answer.type === 'deployed');
    const lost = pair.filter((answer) => answer.type === 'lost');
    expect([won.length, lost.length]).toEqual([1, 1]);
    const winner = records.find((record) => won[0]!.type === 'deployed' && record.id === won[0]!.release)!;
    expect(live.meta.apps[remote].version).toBe(winner.to);
    // The loser hears the version it lost to, and the change that made it live.
    expect(lost[0]).toMatchObject({ found: winner.to, release: winner.id });
  }
  expect(records).toHaveLength(26);
}, 180_000);
