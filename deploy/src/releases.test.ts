import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppEntry, type AppName } from '@arttoy/shared/contracts';
import { entryFile } from './origin';
import { publishApp, readLatestBuild, writeBuild } from './publish';
import { buildHistory, deployApp, parseAppName, rollbackApp, rollbackTo } from './releases';

let tmp: string;
let origin: string;
let clock: number;

/** Strictly increasing build times, so the history has an order. */
const nextTime = (): Date => new Date((clock += 60_000));

async function fakeDist(app: AppName, marker: string): Promise<string> {
  const dir = path.join(tmp, 'dists', `${app}-${marker}`);
  await fs.mkdir(path.join(dir, 'chunks'), { recursive: true });
  await fs.writeFile(path.join(dir, entryFile(app)), `/* ${app} ${marker} */`);
  await fs.writeFile(path.join(dir, 'chunks/1.js'), `chunk of ${app} ${marker}`);
  if (app === 'shell')
    await fs.writeFile(
      path.join(dir, 'index.html'),
      '<html><head></head><script src=/%SHELL_BASE%/main.js></script></html>',
    );
  return dir;
}

async function publishSite(marker: string): Promise<void> {
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) apps[app] = await publishApp(app, await fakeDist(app, marker));
  await writeBuild(apps, nextTime());
}

async function filesOf(app: AppName, version: string): Promise<Record<string, string>> {
  const dir = path.join(origin, appFolder(app), version);
  const names = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  );
  return Object.fromEntries(
    await Promise.all(
      names.map(async (entry) => [
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8'),
      ]),
    ),
  );
}

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-releases-'));
  origin = path.join(tmp, 'origin');
  process.env.ORIGIN_DIR = origin;
  clock = Date.UTC(2026, 10, 21);
  await publishSite('v1');
});

afterEach(async () => {
  delete process.env.ORIGIN_DIR;
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('parseAppName', () => {
  it('accepts folder and container names, and refuses others with the list', () => {
    expect(parseAppName('mf-gallery')).toBe('mf_gallery');
    expect(parseAppName('mf_gallery')).toBe('mf_gallery');
    expect(parseAppName('shell')).toBe('shell');
    expect(() => parseAppName('mf-shop')).toThrow(/Unknown app "mf-shop". Apps: shell, mf-gallery/);
  });
});

describe('deploying one app', () => {
  it('makes the new version live and keeps every other app, and its files, as they were', async () => {
    const before = (await readLatestBuild())!;
    const othersBefore = await Promise.all(
      APP_NAMES.filter((app) => app !== 'mf_gallery').map((app) => filesOf(app, before.apps[app].version)),
    );

    const { meta, changed } = await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v2'), nextTime());
    expect(changed).toBe(true);
    expect((await readLatestBuild())!.id).toBe(meta.id);
    expect(meta.id).not.toBe(before.id);
    expect(meta.apps.mf_gallery.version).not.toBe(before.apps.mf_gallery.version);
    for (const app of APP_NAMES.filter((name) => name !== 'mf_gallery'))
      expect(meta.apps[app]).toEqual(before.apps[app]);
    const othersAfter = await Promise.all(
      APP_NAMES.filter((app) => app !== 'mf_gallery').map((app) => filesOf(app, meta.apps[app].version)),
    );
    expect(othersAfter).toEqual(othersBefore);
    // The old gallery stays published: pages still open on the old build can load it.
    expect(await filesOf('mf_gallery', before.apps.mf_gallery.version)).toMatchObject({
      'remoteEntry.js': '/* mf_gallery v1 */',
    });
  });

  it('changes nothing when the same build is deployed again', async () => {
    const before = (await readLatestBuild())!;
    const { meta, changed } = await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v1'), nextTime());
    expect(changed).toBe(false);
    expect(meta.id).toBe(before.id);
  });

  it('refuses to deploy one app before the site was ever published', async () => {
    await fs.rm(path.join(origin, 'builds'), { recursive: true });
    await expect(deployApp('mf_gallery', await fakeDist('mf_gallery', 'v2'))).rejects.toThrow(
      /No build is live/,
    );
  });
});

describe('rolling back', () => {
  it('puts back the previous version of one app', async () => {
    const v1 = (await readLatestBuild())!;
    await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v2'), nextTime());
    await deployApp('mf_blog', await fakeDist('mf_blog', 'v2'), nextTime());
    const beforeRollback = (await readLatestBuild())!;

    const { meta, restored } = await rollbackApp('mf_gallery', nextTime());
    expect(restored).toEqual(v1.apps.mf_gallery);
    expect(meta.apps.mf_gallery).toEqual(v1.apps.mf_gallery);
    expect(meta.apps.mf_blog).toEqual(beforeRollback.apps.mf_blog);
    expect((await readLatestBuild())!.id).toBe(meta.id);
  });

  it('walks back in publication order, and refuses past the first version', async () => {
    await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v2'), nextTime());
    await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v3'), nextTime());
    const toV2 = await rollbackApp('mf_gallery', nextTime());
    const toV1 = await rollbackApp('mf_gallery', nextTime());
    expect(await filesOf('mf_gallery', toV2.restored.version)).toMatchObject({
      'remoteEntry.js': '/* mf_gallery v2 */',
    });
    expect(await filesOf('mf_gallery', toV1.restored.version)).toMatchObject({
      'remoteEntry.js': '/* mf_gallery v1 */',
    });
    await expect(rollbackApp('mf_gallery', nextTime())).rejects.toThrow(/has no version older than/);
  });

  it('makes an earlier build of the whole site live again', async () => {
    const first = (await readLatestBuild())!;
    await deployApp('mf_gallery', await fakeDist('mf_gallery', 'v2'), nextTime());
    const meta = await rollbackTo(first.id);
    expect(meta.id).toBe(first.id);
    expect((await readLatestBuild())!.apps).toEqual(first.apps);
    expect((await buildHistory()).map((build) => build.id)).toContain(first.id);
  });

  it('refuses an unknown or invalid build and leaves the live one', async () => {
    const live = (await readLatestBuild())!;
    await expect(rollbackTo('20990101000000-deadbeef')).rejects.toThrow(/is not in/);
    await fs.writeFile(
      path.join(origin, 'builds/meta/20990101000000-deadbeef.json'),
      JSON.stringify({ id: 'x' }),
    );
    await expect(rollbackTo('20990101000000-deadbeef')).rejects.toThrow(/is invalid/);
    expect((await readLatestBuild())!.id).toBe(live.id);
  });
});
