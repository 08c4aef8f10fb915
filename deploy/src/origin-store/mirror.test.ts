/**
 * The site server serving a bucket origin (Azurite) through its local copy: a page of the live
 * build, its files, and the next deploy without a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import type { FastifyInstance } from 'fastify';
import { APP_NAMES, DEFAULT_RUNTIME_CONFIG, type BuildMeta } from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from '../publish';
import { createSiteServer } from '../site-server';
import { AzureBlobOriginStore } from './azure-blob';
import { startAzurite, type RunningAzurite } from './azurite';
import { createOriginMirror, type OriginMirror, siteOriginFolder } from './mirror';

const SHELL_INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ArtToy Club</title></head>',
  '<body><div id="root"></div><script defer src="/%SHELL_BASE%/main.js"></script></body></html>',
].join('');

let azurite: RunningAzurite;
let service: BlobServiceClient;
let tmp: string;
let store: AzureBlobOriginStore;
let mirror: OriginMirror;
let site: FastifyInstance | null = null;

beforeAll(async () => {
  azurite = await startAzurite();
  service = BlobServiceClient.fromConnectionString(azurite.connectionString);
}, 120_000);

afterAll(() => azurite?.stop());

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-mirror-'));
  store = new AzureBlobOriginStore(service, `origin-${randomBytes(6).toString('hex')}`);
  mirror = createOriginMirror(store, path.join(tmp, 'cache'));
});

afterEach(async () => {
  await mirror.stop();
  await site?.close();
  site = null;
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Publishes small fake builds of every app into the bucket, as `npm run build` does with ORIGIN_STORE=azure. */
async function publishToBucket(shellScript: string): Promise<BuildMeta> {
  const apps = {} as BuildMeta['apps'];
  for (const name of APP_NAMES) {
    const dist = path.join(tmp, 'dists', `${name}-${shellScript.length}`);
    await fs.mkdir(dist, { recursive: true });
    const files: Record<string, string> =
      name === 'shell'
        ? { 'index.html': SHELL_INDEX, 'main.js': shellScript }
        : { 'remoteEntry.js': `var ${name} = {};` };
    for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(dist, file), content);
    apps[name] = await publishApp(name, dist, store);
  }
  return (await writeBuild(apps, new Date(), store)).meta;
}

describe('a bucket origin served by the site server', () => {
  it("serves the live build's pages and files from the bucket, and the next deploy without a restart", async () => {
    const first = await publishToBucket('console.log("first");');
    expect((await mirror.sync()).pointers).toEqual(['builds/latest.json']);
    site = await createSiteServer({
      origin: mirror.folder,
      config: DEFAULT_RUNTIME_CONFIG,
      serverRender: false,
    });

    const page = await site.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="build-id" content="${first.id}">`);
    expect(page.body).toContain(`<script defer src="/shell/${first.apps.shell.version}/main.js"></script>`);
    const script = await site.inject({ method: 'GET', url: `/shell/${first.apps.shell.version}/main.js` });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("first");');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // Nothing changed in the bucket: nothing is copied again.
    expect(await mirror.sync()).toEqual({ pointers: [], copied: 0 });

    const second = await publishToBucket('console.log("second, a new shell");');
    const synced = await mirror.sync();
    expect(synced.pointers).toEqual(['builds/latest.json']);
    // The new manifest and the shell's new version folder; the remotes' folders were there already.
    expect(synced.copied).toBe(1 + 2);
    const next = await site.inject({ method: 'GET', url: '/' });
    expect(next.body).toContain(`<meta name="build-id" content="${second.id}">`);
    // The version the first build named is still served (a browser of the old page may still ask).
    expect(
      (await site.inject({ method: 'GET', url: `/shell/${first.apps.shell.version}/main.js` })).statusCode,
    ).toBe(200);
  });

  it('mirrors the other environments and a canary build too', async () => {
    const stable = await publishToBucket('console.log("stable");');
    const candidate = await publishToBucket('console.log("canary candidate");');
    const preview = await publishToBucket('console.log("preview build");');
    // Production on the stable build with a canary of the candidate; preview on a third build.
    const canary = {
      app: 'mf_rules',
      id: candidate.id,
      percent: 10,
      release: 'release-0001',
      startedAt: 1,
      windowMs: 60_000,
      margin: 0.02,
      minViews: 50,
    };
    const latest = await store.get('builds/latest.json');
    await store.putIfMatch(
      'builds/latest.json',
      Buffer.from(JSON.stringify({ id: stable.id, timestamp: 2, canary })),
      latest!.etag,
    );
    await store.putIfMatch(
      'builds/env/preview.json',
      Buffer.from(JSON.stringify({ id: preview.id, timestamp: 3 })),
      null,
    );
    expect((await mirror.sync()).pointers.toSorted()).toEqual([
      'builds/env/preview.json',
      'builds/latest.json',
    ]);
    for (const meta of [stable, candidate, preview]) {
      await expect(
        fs.readFile(path.join(mirror.folder, 'builds/meta', `${meta.id}.json`)),
      ).resolves.toBeTruthy();
      await expect(
        fs.readFile(path.join(mirror.folder, 'shell', meta.apps.shell.version, 'main.js'), 'utf8'),
      ).resolves.toMatch(/console\.log/);
    }
  });

  it('never names a build in the folder whose files are not all there', async () => {
    const first = await publishToBucket('console.log("first");');
    await mirror.sync();
    const localId = async (key: string) =>
      (JSON.parse(await fs.readFile(path.join(mirror.folder, key), 'utf8')) as { id: string }).id;
    // A pointer naming a manifest that was never uploaded (a broken writer): the folder keeps the old one.
    const latest = await store.get('builds/latest.json');
    await store.putIfMatch(
      'builds/latest.json',
      Buffer.from(JSON.stringify({ id: 'missing-build', timestamp: 5 })),
      latest!.etag,
    );
    await expect(mirror.sync()).rejects.toThrow(
      'Not followed (kept as they were): builds/latest.json: ' +
        `${store.description} has no builds/meta/missing-build.json, which a live build needs.`,
    );
    expect(await localId('builds/latest.json')).toBe(first.id);

    // One environment's broken pointer does not hold the others back.
    const broken = await store.get('builds/latest.json');
    await store.putIfMatch('builds/latest.json', latest!.bytes, broken!.etag);
    await store.putIfMatch(
      'builds/env/preview.json',
      Buffer.from(JSON.stringify({ id: 'missing-too', timestamp: 6 })),
      null,
    );
    const second = await publishToBucket('console.log("second");');
    await expect(mirror.sync()).rejects.toThrow(
      /^Not followed \(kept as they were\): builds\/env\/preview\.json: [^;]+$/,
    );
    expect(await localId('builds/latest.json')).toBe(second.id);
    await expect(fs.stat(path.join(mirror.folder, 'builds/env/preview.json'))).rejects.toThrow(/ENOENT/);
  });

  it('is what the site server serves with ORIGIN_STORE=azure: synced before it starts, then followed', async () => {
    const first = await publishToBucket('console.log("first");');
    const messages: string[] = [];
    const served = await siteOriginFolder(
      {
        ORIGIN_STORE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
        ORIGIN_CONTAINER: store.containerName,
        ORIGIN_CACHE_DIR: path.join(tmp, 'served'),
        ORIGIN_SYNC_MS: '100',
      },
      { info: (message) => messages.push(message), error: (message) => messages.push(message) },
    );
    try {
      expect(served.folder).toBe(path.join(tmp, 'served'));
      expect(messages).toEqual([
        `Origin: ${store.description}, served from its copy in ${served.folder} (synced every 100 ms).`,
      ]);
      const liveId = async () =>
        (
          JSON.parse(await fs.readFile(path.join(served.folder, 'builds/latest.json'), 'utf8')) as {
            id: string;
          }
        ).id;
      expect(await liveId()).toBe(first.id);
      const second = await publishToBucket('console.log("second");');
      // Followed without being asked: wait for the copy to name the new build.
      while ((await liveId()) !== second.id) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(
        fs.readFile(path.join(served.folder, 'shell', second.apps.shell.version, 'main.js'), 'utf8'),
      ).resolves.toBe('console.log("second");');
    } finally {
      await served.stop();
    }
  });

  it('is the origin folder itself when no bucket is configured', async () => {
    const messages: string[] = [];
    const log = {
      info: (message: string) => messages.push(message),
      error: (message: string) => messages.push(message),
    };
    const served = await siteOriginFolder({ ORIGIN_DIR: path.join(tmp, 'origin') }, log);
    expect(served.folder).toBe(path.join(tmp, 'origin'));
    // Nothing is copied, nothing followed.
    expect(messages).toEqual([]);
    await expect(fs.stat(path.join(tmp, 'cache'))).rejects.toThrow(/ENOENT/);
  });
});
