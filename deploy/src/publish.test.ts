import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { APP_NAMES, type AppEntry, type BuildMeta } from '@arttoy/shared/contracts';
import { publishApp, readLatestBuild, writeBuild } from './publish';

let tmp: string;
let origin: string;

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-publish-'));
  origin = path.join(tmp, 'origin');
  process.env.ORIGIN_DIR = origin;
});

afterEach(async () => {
  delete process.env.ORIGIN_DIR;
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Writes a fake build folder: `files` maps relative paths to contents. */
async function fakeDist(name: string, files: Record<string, string | Buffer>): Promise<string> {
  const dir = path.join(tmp, 'dists', name);
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), content);
  }
  return dir;
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .toSorted();
}

const sha384 = (content: string): string => `sha384-${createHash('sha384').update(content).digest('base64')}`;

describe('publishApp', () => {
  it("copies a remote's build into <folder>/<version>/ and describes its entry", async () => {
    const dist = await fakeDist('gallery', {
      'remoteEntry.js': 'var mf_gallery = 1;',
      'chunks/1.js': 'chunk one',
      'index.html': '<html></html>',
    });
    const entry = await publishApp('mf_gallery', dist);

    expect(entry.version).toMatch(/^[0-9a-f]{10}$/);
    expect(entry.entry).toBe(`/mf-gallery/${entry.version}/remoteEntry.js`);
    expect(entry.integrity).toBe(sha384('var mf_gallery = 1;'));
    const target = path.join(origin, 'mf-gallery', entry.version);
    expect(await listTree(target)).toEqual(['chunks/1.js', 'index.html', 'remoteEntry.js']);
    expect(await fs.readFile(path.join(target, 'chunks/1.js'), 'utf8')).toBe('chunk one');
    // Nothing half-copied is left beside it.
    expect(await fs.readdir(path.join(origin, 'mf-gallery'))).toEqual([entry.version]);
  });

  it("points the shell's entry at main.js", async () => {
    const dist = await fakeDist('shell', { 'main.js': 'shell();', 'index.html': '<html></html>' });
    const entry = await publishApp('shell', dist);
    expect(entry.entry).toBe(`/shell/${entry.version}/main.js`);
    expect(entry.integrity).toBe(sha384('shell();'));
  });

  it('gives the same content the same version and copies it once', async () => {
    const files = { 'remoteEntry.js': 'var mf_blog = 1;', 'a.js': 'a' };
    const first = await publishApp('mf_blog', await fakeDist('blog-1', files));
    const target = path.join(origin, 'mf-blog', first.version);
    // Published files never change: a second publish must not write over this folder.
    await fs.writeFile(path.join(target, 'marker'), 'left alone');

    const second = await publishApp('mf_blog', await fakeDist('blog-2', files));

    expect(second).toEqual(first);
    expect(await fs.readFile(path.join(target, 'marker'), 'utf8')).toBe('left alone');
    expect(await fs.readdir(path.join(origin, 'mf-blog'))).toEqual([first.version]);
  });

  it('completes a publish that was cut short, and refuses a version whose published bytes differ', async () => {
    const files = { 'remoteEntry.js': 'var mf_blog = 2;', 'a.js': 'a', 'b.js': 'b' };
    const first = await publishApp('mf_blog', await fakeDist('blog-cut', files));
    const target = path.join(origin, 'mf-blog', first.version);
    await fs.rm(path.join(target, 'b.js'));
    expect(await publishApp('mf_blog', await fakeDist('blog-again', files))).toEqual(first);
    expect(await fs.readFile(path.join(target, 'b.js'), 'utf8')).toBe('b');

    await fs.writeFile(path.join(target, 'a.js'), 'tampered');
    await expect(publishApp('mf_blog', await fakeDist('blog-third', files))).rejects.toThrow(
      `mf-blog/${first.version}/a.js in the origin (folder ${origin}) differs from`,
    );
  });

  it('gives changed content, or a renamed file, a new version', async () => {
    const base = await publishApp(
      'mf_rules',
      await fakeDist('rules-1', { 'remoteEntry.js': 'x', 'a.js': 'a' }),
    );
    const changed = await publishApp(
      'mf_rules',
      await fakeDist('rules-2', { 'remoteEntry.js': 'x', 'a.js': 'b' }),
    );
    const renamed = await publishApp(
      'mf_rules',
      await fakeDist('rules-3', { 'remoteEntry.js': 'x', 'b.js': 'a' }),
    );
    expect(new Set([base.version, changed.version, renamed.version]).size).toBe(3);
    expect((await fs.readdir(path.join(origin, 'mf-rules'))).toSorted()).toEqual(
      [base.version, changed.version, renamed.version].toSorted(),
    );
  });

  it('refuses a missing build folder, saying how to build it', async () => {
    await expect(publishApp('mf_account', path.join(tmp, 'nowhere'))).rejects.toThrow(
      /is missing: build mf-account first \(npm run build -w mf-account\)/,
    );
  });

  it('publishes the compressed copies that hold their files', async () => {
    const entry = 'var mf_blog = {};';
    const dist = await fakeDist('blog-compressed', {
      'remoteEntry.js': entry,
      'remoteEntry.js.br': brotliCompressSync(entry),
      'remoteEntry.js.gz': gzipSync(entry),
    });
    const published = await publishApp('mf_blog', dist);
    expect(await listTree(path.join(origin, 'mf-blog', published.version))).toEqual([
      'remoteEntry.js',
      'remoteEntry.js.br',
      'remoteEntry.js.gz',
    ]);
  });

  it.each([
    [
      'a brotli copy of other code',
      'remoteEntry.js.br',
      brotliCompressSync('var mf_blog = { old: true };'),
      /remoteEntry\.js\.br is not a brotli copy of remoteEntry\.js/,
    ],
    [
      'a gzip copy of other code',
      'remoteEntry.js.gz',
      gzipSync('var mf_blog = { old: true };'),
      /remoteEntry\.js\.gz is not a gzip copy of remoteEntry\.js/,
    ],
    [
      'a copy that is not compressed data',
      'remoteEntry.js.gz',
      Buffer.from('var mf_blog = {};'),
      /remoteEntry\.js\.gz is not a gzip copy/,
    ],
  ])('refuses %s and publishes nothing', async (_case, copy, bytes, message) => {
    const dist = await fakeDist('blog-stale', { 'remoteEntry.js': 'var mf_blog = {};', [copy]: bytes });
    await expect(publishApp('mf_blog', dist)).rejects.toThrow(message);
    await expect(fs.stat(path.join(origin, 'mf-blog'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a folder without the entry file', async () => {
    const dist = await fakeDist('not-a-remote', { 'main.js': 'shell();' });
    await expect(publishApp('mf_account', dist)).rejects.toThrow(
      /has no remoteEntry\.js: it is not a build of mf_account/,
    );
  });
});

function apps(versionOf: (app: string) => string = () => '0123456789'): BuildMeta['apps'] {
  return Object.fromEntries(
    APP_NAMES.map((app) => {
      const folder = app.replace('_', '-');
      const entry: AppEntry = {
        version: versionOf(app),
        entry: `/${folder}/${versionOf(app)}/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}`,
      };
      return [app, entry];
    }),
  ) as BuildMeta['apps'];
}

const latestFile = (): string => path.join(origin, 'builds/latest.json');
const readJson = async (file: string): Promise<unknown> => JSON.parse(await fs.readFile(file, 'utf8'));

describe('writeBuild', () => {
  const now = new Date('2025-03-04T05:06:07.890Z');

  it('writes the build manifest, then points latest.json at it', async () => {
    const { meta, changed } = await writeBuild(apps(), now);

    expect(changed).toBe(true);
    expect(meta.id).toMatch(/^20250304050607-[0-9a-f]{8}$/);
    expect(meta).toMatchObject({ timestamp: now.getTime(), prerendered: [], routeRules: {}, apps: apps() });
    expect(await readJson(path.join(origin, 'builds/meta', `${meta.id}.json`))).toEqual(meta);
    // The pointer counts its changes and names the recorded change (deploy/src/ledger).
    expect(await readJson(latestFile())).toEqual({
      id: meta.id,
      timestamp: now.getTime(),
      revision: 1,
      release: expect.stringMatching(/^000001-/),
    });
    expect(await readLatestBuild()).toEqual(meta);
    expect((await fs.readdir(path.join(origin, 'builds'))).toSorted()).toEqual(['latest.json', 'meta']);
  });

  it('keeps the live build when no app changed', async () => {
    const first = await writeBuild(apps(), now);
    const latestBefore = await fs.readFile(latestFile(), 'utf8');

    const second = await writeBuild(apps(), new Date('2025-06-01T00:00:00Z'));

    expect(second).toEqual({ meta: first.meta, changed: false });
    expect(await fs.readFile(latestFile(), 'utf8')).toBe(latestBefore);
    expect(await fs.readdir(path.join(origin, 'builds/meta'))).toEqual([`${first.meta.id}.json`]);
  });

  it('makes a new build live when one app changed', async () => {
    const first = await writeBuild(apps(), now);
    const second = await writeBuild(
      apps((app) => (app === 'mf_blog' ? 'abcdefabcd' : '0123456789')),
      now,
    );
    expect(second.changed).toBe(true);
    expect(second.meta.id).not.toBe(first.meta.id);
    expect(second.meta.apps.mf_blog.version).toBe('abcdefabcd');
    expect(await readJson(latestFile())).toMatchObject({
      id: second.meta.id,
      timestamp: now.getTime(),
      revision: 2,
    });
  });

  it('refuses an invalid manifest and leaves the live build untouched', async () => {
    const live = await writeBuild(apps(), now);
    const latestBefore = await fs.readFile(latestFile(), 'utf8');
    const bad = apps((app) => (app === 'mf_gallery' ? 'abcdefabcd' : '0123456789'));
    bad.mf_gallery = { ...bad.mf_gallery, entry: 'javascript:alert(1)' };

    await expect(writeBuild(bad, now)).rejects.toThrow(
      /Build manifest to publish is invalid: apps\.mf_gallery\.entry: /,
    );

    expect(await fs.readFile(latestFile(), 'utf8')).toBe(latestBefore);
    expect(await fs.readdir(path.join(origin, 'builds/meta'))).toEqual([`${live.meta.id}.json`]);
    expect(await readLatestBuild()).toEqual(live.meta);
  });

  it('refuses an invalid manifest when nothing is live yet, and writes nothing', async () => {
    const bad = apps();
    bad.shell = { ...bad.shell, integrity: 'sha256-nope' };
    await expect(writeBuild(bad, now)).rejects.toThrow(/apps\.shell\.integrity: /);
    await expect(fs.stat(latestFile())).rejects.toThrow(/ENOENT/);
    expect(await readLatestBuild()).toBeNull();
  });

  it('publishes what publishApp returns', async () => {
    const published = {} as BuildMeta['apps'];
    for (const app of APP_NAMES) {
      const entryName = app === 'shell' ? 'main.js' : 'remoteEntry.js';
      published[app] = await publishApp(app, await fakeDist(app, { [entryName]: `/* ${app} */` }));
    }
    const { meta } = await writeBuild(published, now);
    expect(meta.apps).toEqual(published);
    for (const app of APP_NAMES) {
      const entry = await fs.readFile(path.join(origin, meta.apps[app].entry), 'utf8');
      expect(sha384(entry)).toBe(meta.apps[app].integrity);
    }
  });
});
