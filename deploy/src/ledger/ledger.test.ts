import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppEntry, type AppName, type BuildMeta } from '@arttoy/shared/contracts';
import { LocalOriginStore } from '../origin-store/local';
import {
  deployVersion,
  endCanary,
  history,
  LedgerError,
  LostRace,
  promote,
  publishBuild,
  readEnvironment,
  rollbackApp,
  rollbackToBuild,
  startCanary,
} from './index';

let root: string;
let store: LocalOriginStore;
let clock: number;
const tick = (): number => (clock += 60_000);

const entryOf = (app: AppName, version: string): AppEntry => ({
  version,
  entry: `/${appFolder(app)}/${version}/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}`,
});

const appsAt = (version: string): BuildMeta['apps'] =>
  Object.fromEntries(APP_NAMES.map((app) => [app, entryOf(app, version)])) as BuildMeta['apps'];

const deploy = (app: AppName, version: string, extra: { env?: string; expect?: string; by?: string } = {}) =>
  deployVersion(store, {
    env: extra.env ?? 'production',
    app,
    entry: entryOf(app, version),
    expect: extra.expect,
    by: extra.by ?? 'gallery',
    now: tick(),
  });

const live = async (env = 'production'): Promise<BuildMeta> => (await readEnvironment(store, env))!.meta;

const canarySettings = { percent: 10, windowMs: 600_000, margin: 0.02, minViews: 50 };

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-ledger-'));
  store = new LocalOriginStore(root);
  clock = Date.UTC(2026, 10, 27);
  await publishBuild(store, appsAt('v1'), 'build', tick());
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('deployVersion', () => {
  it('makes one version live, records who, what and from which version, and keeps every other app', async () => {
    const before = await live();
    const { release, meta, changed } = await deploy('mf_gallery', 'v2', { expect: 'v1' });
    expect(changed).toBe(true);
    expect(meta.apps).toEqual({ ...before.apps, mf_gallery: entryOf('mf_gallery', 'v2') });
    const state = (await readEnvironment(store, 'production'))!;
    expect(state.pointer).toMatchObject({ id: meta.id, revision: 2, release: release!.id });
    expect(release).toMatchObject({
      env: 'production',
      revision: 2,
      kind: 'deploy',
      app: 'mf_gallery',
      from: 'v1',
      to: 'v2',
      by: 'gallery',
      buildId: meta.id,
    });
    const records = await history(store, 'production');
    expect(records.map((record) => record.kind)).toEqual(['deploy', 'publish']);
    expect(records[0]!.parent).toBe(records[1]!.id);
  });

  it('changes nothing when the version is already live', async () => {
    const before = (await readEnvironment(store, 'production'))!;
    const { changed, release } = await deploy('mf_gallery', 'v1');
    expect(changed).toBe(false);
    expect(release?.id).toBe(before.pointer.release);
    expect((await readEnvironment(store, 'production'))!.etag).toBe(before.etag);
  });

  it('refuses a deploy that expected another version, naming the version it lost to', async () => {
    const winner = await deploy('mf_rules', 'v2', { expect: 'v1' });
    const lost = deploy('mf_rules', 'v3', { expect: 'v1' });
    await expect(lost).rejects.toBeInstanceOf(LostRace);
    await expect(lost).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
      reason: 'lost_race',
      found: 'v2',
      expected: 'v1',
      release: winner.release!.id,
    });
    expect((await live()).apps.mf_rules.version).toBe('v2');
  });

  it('refuses an unknown app and an entry that fails its schema, before anything changes', async () => {
    const before = (await readEnvironment(store, 'production'))!;
    await expect(
      deployVersion(store, {
        env: 'production',
        app: 'mf_shop' as AppName,
        entry: entryOf('mf_blog', 'v2'),
        by: 'x',
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      reason: 'unknown_app',
      message: expect.stringMatching(/Unknown app "mf_shop"/),
    });
    await expect(
      deployVersion(store, {
        env: 'production',
        app: 'mf_blog',
        entry: { version: 'v2', entry: 'javascript:alert(1)' },
        by: 'blog',
      }),
    ).rejects.toMatchObject({
      statusCode: 422,
      reason: 'invalid_entry',
      message: expect.stringMatching(/entry: /),
    });
    await expect(deploy('mf_blog', 'v2', { env: 'Prod!' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(deploy('mf_blog', 'v2', { env: 'canary' })).rejects.toMatchObject({ statusCode: 400 });
    expect((await readEnvironment(store, 'production'))!.etag).toBe(before.etag);
  });

  it("starts another environment from production's build, and leaves production alone", async () => {
    const production = await live();
    const { meta, release } = await deploy('mf_blog', 'v2', { env: 'preview' });
    expect(meta.apps).toEqual({ ...production.apps, mf_blog: entryOf('mf_blog', 'v2') });
    expect(release).toMatchObject({
      env: 'preview',
      revision: 1,
      parent: null,
      from: 'v1',
      base: production.id,
    });
    expect(await live()).toEqual(production);
    expect(await fs.readFile(path.join(root, 'builds/env/preview.json'), 'utf8')).toContain(meta.id);
  });

  it('refuses to deploy before anything was published', async () => {
    const empty = new LocalOriginStore(path.join(root, 'empty'));
    await expect(
      deployVersion(empty, { env: 'preview', app: 'mf_blog', entry: entryOf('mf_blog', 'v2'), by: 'blog' }),
    ).rejects.toMatchObject({ statusCode: 409, reason: 'no_build_live' });
  });
});

describe('rollbackApp', () => {
  it('walks back through the versions an environment had, then refuses', async () => {
    await deploy('mf_gallery', 'v2');
    await deploy('mf_blog', 'v2');
    await deploy('mf_gallery', 'v3');
    const toV2 = await rollbackApp(store, {
      env: 'production',
      app: 'mf_gallery',
      by: 'gallery',
      now: tick(),
    });
    expect(toV2.restored.version).toBe('v2');
    expect(toV2.meta.apps.mf_blog.version).toBe('v2');
    expect(toV2.release).toMatchObject({ kind: 'rollback', from: 'v3', to: 'v2' });
    const toV1 = await rollbackApp(store, {
      env: 'production',
      app: 'mf_gallery',
      by: 'gallery',
      now: tick(),
    });
    expect(toV1.restored.version).toBe('v1');
    await expect(
      rollbackApp(store, { env: 'production', app: 'mf_gallery', by: 'gallery', now: tick() }),
    ).rejects.toMatchObject({ statusCode: 409, reason: 'nothing_to_roll_back' });
  });

  it('puts back a named version, and refuses one the environment never ran', async () => {
    await deploy('mf_gallery', 'v2');
    await deploy('mf_gallery', 'v3', { env: 'preview' });
    await deploy('mf_gallery', 'v4');
    const { restored } = await rollbackApp(store, {
      env: 'production',
      app: 'mf_gallery',
      to: 'v1',
      by: 'gallery',
    });
    expect(restored).toEqual(entryOf('mf_gallery', 'v1'));
    // v3 was only ever in preview.
    await expect(
      rollbackApp(store, { env: 'production', app: 'mf_gallery', to: 'v3', by: 'gallery' }),
    ).rejects.toMatchObject({ statusCode: 422, reason: 'unknown_version' });
  });

  it('rolls a preview back to the version it started from', async () => {
    await deploy('mf_gallery', 'v2', { env: 'preview' });
    const { restored } = await rollbackApp(store, { env: 'preview', app: 'mf_gallery', by: 'gallery' });
    expect(restored.version).toBe('v1');
  });

  it('makes a whole earlier build live again, and refuses an unknown one', async () => {
    const first = await live();
    await deploy('mf_gallery', 'v2');
    const { meta, release } = await rollbackToBuild(store, {
      env: 'production',
      buildId: first.id,
      by: 'ops',
    });
    expect(meta.id).toBe(first.id);
    expect(release).toMatchObject({ kind: 'rollback', changed: ['mf_gallery'] });
    const again = await rollbackToBuild(store, { env: 'production', buildId: first.id, by: 'ops' });
    expect(again).toMatchObject({ changed: false, release: { id: release!.id } });
    await expect(
      rollbackToBuild(store, { env: 'production', buildId: '20990101000000-deadbeef', by: 'ops' }),
    ).rejects.toMatchObject({ statusCode: 404, reason: 'unknown_build' });
  });
});

describe('promote', () => {
  it('makes the version QA saw in preview live in production', async () => {
    await deploy('mf_account', 'v7', { env: 'preview' });
    const { meta, release } = await promote(store, { from: 'preview', app: 'mf_account', by: 'account' });
    expect(meta.apps.mf_account.version).toBe('v7');
    expect(release).toMatchObject({
      env: 'production',
      kind: 'promote',
      source: 'preview',
      from: 'v1',
      to: 'v7',
    });
  });

  it('refuses an environment with nothing deployed, and a canary that is not running', async () => {
    await expect(promote(store, { from: 'qa-blog', app: 'mf_blog', by: 'blog' })).rejects.toMatchObject({
      reason: 'no_build_live',
    });
    await expect(promote(store, { from: 'canary', app: 'mf_blog', by: 'blog' })).rejects.toMatchObject({
      statusCode: 409,
      reason: 'no_canary',
    });
  });
});

describe('canaries', () => {
  it('starts a canary on the stable build, carries it over a deploy of another app, and rolls it back', async () => {
    const stable = await live();
    const { canary, release } = await startCanary(store, {
      app: 'mf_rules',
      entry: entryOf('mf_rules', 'v2'),
      ...canarySettings,
      by: 'rules',
      now: tick(),
    });
    const state = (await readEnvironment(store, 'production'))!;
    expect(state.meta.id).toBe(stable.id);
    expect(state.pointer.canary).toEqual(canary);
    expect(canary).toMatchObject({ app: 'mf_rules', percent: 10, release: release!.id });
    expect((await readEnvironment(store, 'production'))!.pointer.canary?.release).toBe(release!.id);

    // Another team's deploy lands; the canary's candidate is rebuilt on it.
    await deploy('mf_blog', 'v2');
    const moved = (await readEnvironment(store, 'production'))!;
    expect(moved.pointer.canary?.release).toBe(canary.release);
    const candidate = JSON.parse(
      await fs.readFile(path.join(root, 'builds/meta', `${moved.pointer.canary!.id}.json`), 'utf8'),
    ) as BuildMeta;
    expect(candidate.apps).toEqual({ ...moved.meta.apps, mf_rules: entryOf('mf_rules', 'v2') });

    // The canary's own remote cannot be deployed meanwhile.
    await expect(deploy('mf_rules', 'v3')).rejects.toMatchObject({
      statusCode: 409,
      reason: 'canary_running',
    });
    await expect(
      startCanary(store, { app: 'mf_blog', entry: entryOf('mf_blog', 'v3'), ...canarySettings, by: 'blog' }),
    ).rejects.toMatchObject({ reason: 'canary_running' });

    const ended = await endCanary(store, {
      outcome: 'rollback',
      reason: 'error rate 9% against 1%',
      by: 'canary-judge',
      expectRelease: canary.release,
    });
    expect(ended.release).toMatchObject({ kind: 'canary-rollback', app: 'mf_rules', from: 'v2', to: 'v1' });
    const after = (await readEnvironment(store, 'production'))!;
    expect(after.pointer.canary).toBeUndefined();
    expect(after.meta.apps.mf_rules.version).toBe('v1');
    await expect(
      endCanary(store, { outcome: 'rollback', by: 'canary-judge', expectRelease: canary.release }),
    ).rejects.toMatchObject({ reason: 'no_canary' });
  });

  it('promotes a canary that held', async () => {
    await startCanary(store, {
      app: 'mf_rules',
      entry: entryOf('mf_rules', 'v2'),
      ...canarySettings,
      by: 'rules',
    });
    const { meta, release } = await promote(store, { from: 'canary', app: 'mf_rules', by: 'rules' });
    expect(meta.apps.mf_rules.version).toBe('v2');
    expect(release).toMatchObject({ kind: 'canary-promote', from: 'v1', to: 'v2' });
    expect((await readEnvironment(store, 'production'))!.pointer.canary).toBeUndefined();
    expect((await history(store, 'production', { app: 'mf_rules' })).map((record) => record.kind)).toEqual([
      'canary-promote',
      'canary',
      'publish',
    ]);
  });

  it('refuses the shell, an invalid share, and a version already live', async () => {
    await expect(
      startCanary(store, { app: 'shell', entry: entryOf('shell', 'v2'), ...canarySettings, by: 'shell' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      startCanary(store, {
        app: 'mf_rules',
        entry: entryOf('mf_rules', 'v2'),
        ...canarySettings,
        percent: 0,
        by: 'rules',
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/percent/) });
    await expect(
      startCanary(store, {
        app: 'mf_rules',
        entry: entryOf('mf_rules', 'v1'),
        ...canarySettings,
        by: 'rules',
      }),
    ).rejects.toMatchObject({ statusCode: 409, reason: 'already_live' });
    expect((await readEnvironment(store, 'production'))!.pointer.canary).toBeUndefined();
  });
});

describe('history', () => {
  it("lists an environment's changes newest first, per app and up to a limit", async () => {
    await deploy('mf_gallery', 'v2');
    await deploy('mf_blog', 'v2');
    await deploy('mf_gallery', 'v3');
    const gallery = await history(store, 'production', { app: 'mf_gallery' });
    expect(gallery.map((record) => [record.kind, record.to ?? null])).toEqual([
      ['deploy', 'v3'],
      ['deploy', 'v2'],
      ['publish', null],
    ]);
    expect(await history(store, 'production', { limit: 2 })).toHaveLength(2);
    expect(await history(store, 'qa-none')).toEqual([]);
  });
});

describe('reading the origin', () => {
  it('names the key of a corrupt pointer or record', async () => {
    const { release } = await deploy('mf_gallery', 'v2');
    await fs.writeFile(path.join(root, 'deploys/releases/production', `${release!.id}.json`), '{"id":');
    await expect(history(store, 'production')).rejects.toThrow(
      new RegExp(`deploys/releases/production/${release!.id}\\.json in the origin is invalid: not JSON`),
    );
    await fs.writeFile(path.join(root, 'builds/latest.json'), JSON.stringify({ id: 'x', timestamp: 1 }));
    const refused = readEnvironment(store, 'production');
    await expect(refused).rejects.toBeInstanceOf(LedgerError);
    await expect(refused).rejects.toThrow(/builds\/latest\.json in the origin is invalid: id: /);
  });
});

describe('contracts', () => {
  const contract = 1;
  const shellProviding = (version: string): AppEntry => ({
    ...entryOf('shell', version),
    provides: { contract, shared: { '@arttoy/shared': '1.0.0', react: '19.3.0' } },
  });
  const rulesNeeding = (version: string, range: string): AppEntry => ({
    ...entryOf('mf_rules', version),
    needs: { contract, shared: { '@arttoy/shared': range, react: '^19.3.0' } },
  });

  it('refuses a remote the live shell does not fit, naming the dependency and both versions, and changes nothing', async () => {
    await deployVersion(store, {
      env: 'production',
      app: 'shell',
      entry: shellProviding('s2'),
      by: 'shell',
      now: tick(),
    });
    const before = await readEnvironment(store, 'production');
    const refused = deployVersion(store, {
      env: 'production',
      app: 'mf_rules',
      entry: rulesNeeding('r2', '^2.0.0'),
      by: 'rules',
      now: tick(),
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 422,
      reason: 'incompatible',
      message: expect.stringContaining('mf_rules r2 needs @arttoy/shared ^2.0.0; shell s2 provides 1.0.0.'),
    });
    expect(await readEnvironment(store, 'production')).toEqual(before);
    await expect(
      startCanary(store, {
        app: 'mf_rules',
        entry: rulesNeeding('r2', '^2.0.0'),
        by: 'rules',
        now: tick(),
        ...canarySettings,
      }),
    ).rejects.toMatchObject({ reason: 'incompatible' });
  });

  it('refuses a shell that would break a live remote', async () => {
    await deployVersion(store, {
      env: 'production',
      app: 'mf_rules',
      entry: rulesNeeding('r2', '^1.0.0'),
      by: 'rules',
      now: tick(),
    });
    const oldShell: AppEntry = {
      ...entryOf('shell', 's0'),
      provides: { contract, shared: { '@arttoy/shared': '0.9.0', react: '19.3.0' } },
    };
    await expect(
      deployVersion(store, { env: 'production', app: 'shell', entry: oldShell, by: 'shell', now: tick() }),
    ).rejects.toMatchObject({
      reason: 'incompatible',
      message: expect.stringContaining('mf_rules r2 needs @arttoy/shared ^1.0.0; shell s0 provides 0.9.0.'),
    });
    await expect(
      deployVersion(store, {
        env: 'production',
        app: 'shell',
        entry: shellProviding('s3'),
        by: 'shell',
        now: tick(),
      }),
    ).resolves.toMatchObject({ changed: true });
  });
});
