import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { APP_NAMES, DEFAULT_RUNTIME_CONFIG, type BuildMeta } from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from './publish';
import { createSiteServer } from './site-server';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const SHELL_INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ArtToy Club</title></head>',
  '<body><div id="root"></div><script defer src="/%SHELL_BASE%/main.js"></script></body></html>',
].join('');

let tmp: string;
let origin: string;
let meta: BuildMeta;
let app: FastifyInstance;

async function fakeDist(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(tmp, 'dists', name);
  await fs.mkdir(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(dir, file), content);
  return dir;
}

/** Publishes small fake builds of every app into the temporary origin, as `npm run build` does. */
async function publishSite(shellScript: string): Promise<BuildMeta> {
  const apps = {} as BuildMeta['apps'];
  for (const name of APP_NAMES) {
    const files: Record<string, string> =
      name === 'shell'
        ? { 'index.html': SHELL_INDEX, 'main.js': shellScript }
        : { 'remoteEntry.js': `var ${name} = {};` };
    apps[name] = await publishApp(name, await fakeDist(`${name}-${shellScript.length}`, files));
  }
  return (await writeBuild(apps)).meta;
}

/** Runs publishing against the temporary origin only (publish.ts reads ORIGIN_DIR). */
async function withOriginDir<T>(task: () => Promise<T>): Promise<T> {
  process.env.ORIGIN_DIR = origin;
  try {
    return await task();
  } finally {
    delete process.env.ORIGIN_DIR;
  }
}

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-site-'));
  origin = path.join(tmp, 'origin');
  meta = await withOriginDir(() => publishSite('console.log("shell");'));
  // The server is told its origin; it must not need ORIGIN_DIR (unset here on purpose).
  app = await createSiteServer({ origin, config: DEFAULT_RUNTIME_CONFIG });
});

afterEach(async () => {
  await app.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  });
}

describe('the site server', () => {
  it("serves / as the shell's document of the live build", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      `<script defer src="/shell/${meta.apps.shell.version}/main.js"></script>`,
    );
    expect(response.body).toContain(`<meta name="build-id" content="${meta.id}">`);
    expect(response.body).not.toContain('%SHELL_BASE%');
    expectSecurityHeaders(response.headers);
  });

  it("preloads the owner's remote entry on a remote's page", async () => {
    const response = await app.inject({ method: 'GET', url: '/gallery/style/soft-vinyl?sort=new' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<link rel="preload" as="script" href="${meta.apps.mf_gallery.entry}" integrity="${meta.apps.mf_gallery.integrity}" crossorigin="anonymous">`,
    );
  });

  it.each(['/nope', '/no/such/page', '/mysterybox/abc'])(
    'answers %s with a 404 HTML document',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<meta name="build-id" content="${meta.id}">`);
      expect(response.body).not.toContain('as="script"');
      expectSecurityHeaders(response.headers);
    },
  );

  it("answers a page's payload for client navigation at <page>/_payload.json, with the page's status", async () => {
    for (const [url, page] of [
      ['/_payload.json', '/'],
      ['/gallery/style/soft-vinyl/_payload.json?sort=new', '/gallery/style/soft-vinyl?sort=new'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      // These fake builds have no server containers: nothing could be read.
      expect(response.json()).toEqual({ path: page, remote: null, data: {} });
      expectSecurityHeaders(response.headers);
    }
    const notAPage = await app.inject({ method: 'GET', url: '/no/such/page/_payload.json' });
    expect(notAPage.statusCode).toBe(404);
    expect(notAPage.json()).toEqual({ path: '/no/such/page', remote: null, data: {} });
    const badBox = await app.inject({ method: 'GET', url: '/mysterybox/abc/_payload.json' });
    expect(badBox.statusCode).toBe(404);
  });

  it('serves versioned files as immutable', async () => {
    for (const [url, body] of [
      [meta.apps.shell.entry, 'console.log("shell");'],
      [meta.apps.mf_gallery.entry, 'var mf_gallery = {};'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(body);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expectSecurityHeaders(response.headers);
    }
  });

  it("sends a file's precompressed copy to a browser that takes its encoding", async () => {
    // Marked apart from the original, so the test tells the build's copy from compression on the fly.
    const folder = path.join(origin, 'shell', meta.apps.shell.version);
    await fs.writeFile(path.join(folder, 'main.js.br'), brotliCompressSync('console.log("brotli copy");'));
    await fs.writeFile(path.join(folder, 'main.js.gz'), gzipSync('console.log("gzip copy");'));
    const fetchEntry = (acceptEncoding: string) =>
      app.inject({
        method: 'GET',
        url: meta.apps.shell.entry,
        headers: { 'accept-encoding': acceptEncoding },
      });

    const brotli = await fetchEntry('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("brotli copy");');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await fetchEntry('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("gzip copy");');

    const identity = await fetchEntry('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe('console.log("shell");');
  });

  it("publishes an app's server container with its integrity, and never sends it to a browser", async () => {
    const dist = await fakeDist('rules-with-server', { 'remoteEntry.js': 'var mf_rules = {};' });
    await fs.mkdir(path.join(dist, 'server'));
    await fs.writeFile(path.join(dist, 'server/remoteEntry.js'), 'module.exports = {};');
    const entry = await withOriginDir(() => publishApp('mf_rules', dist));
    expect(entry.server).toEqual({
      entry: `/mf-rules/${entry.version}/server/remoteEntry.js`,
      integrity: expect.stringMatching(/^sha384-/),
    });
    expect(
      (await app.inject({ method: 'GET', url: `/mf-rules/${entry.version}/remoteEntry.js` })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: entry.server!.entry })).statusCode).toBe(404);
  });

  it('answers a missing versioned file with 404', async () => {
    const response = await app.inject({ method: 'GET', url: `/shell/${meta.apps.shell.version}/missing.js` });
    expect(response.statusCode).toBe(404);
  });

  it('serves the build pointers for revalidation', async () => {
    const latest = await app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-cache');
    // The pointer also counts its changes and names the recorded change (deploy/src/ledger).
    expect(latest.json()).toMatchObject({ id: meta.id, timestamp: meta.timestamp, revision: 1 });
    expectSecurityHeaders(latest.headers);

    const manifest = await app.inject({ method: 'GET', url: `/builds/meta/${meta.id}.json` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual(meta);
  });

  it('serves a newly published build without a restart', async () => {
    await app.inject({ method: 'GET', url: '/' });
    const next = await withOriginDir(() => publishSite('console.log("shell, next");'));
    expect(next.id).not.toBe(meta.id);
    // The server notices a deploy by latest.json's modification time; make it differ for certain.
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(origin, 'builds/latest.json'), later, later);

    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain(`<meta name="build-id" content="${next.id}">`);
    expect(response.body).toContain(`src="/shell/${next.apps.shell.version}/main.js"`);
  });
});

describe('the site icons', () => {
  /** The `href` of every `<link>` with this `rel` in a document. */
  const hrefs = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((match) => match[1] ?? '');

  it.each(['/', '/gallery', '/no-such-page'])(
    'are linked from the head of %s, and each link answers 200 with its type and a year of caching',
    async (page) => {
      const html = (await app.inject({ method: 'GET', url: page })).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const [png, svg] = hrefs(head, 'icon');
      expect(head).toContain(`<link rel="icon" href="${png}" type="image/png" sizes="32x32">`);
      expect(head).toContain(`<link rel="icon" href="${svg}" type="image/svg+xml">`);
      const linked = {
        [png ?? '']: 'image/png',
        [svg ?? '']: 'image/svg+xml',
        [hrefs(head, 'apple-touch-icon')[0] ?? '']: 'image/png',
        [hrefs(head, 'manifest')[0] ?? '']: 'application/manifest+json',
      };
      expect(Object.keys(linked)).toHaveLength(4);
      for (const [url, type] of Object.entries(linked)) {
        expect(url).toMatch(/^\/icons\//);
        const response = await app.inject({ method: 'GET', url });
        expect([url, response.statusCode, response.headers['content-type']]).toEqual([url, 200, type]);
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expectSecurityHeaders(response.headers);
      }
    },
  );

  it("serves the manifest's icons, and the names browsers ask for unlinked with a day's caching", async () => {
    const head = (await app.inject({ method: 'GET', url: '/' })).body;
    const manifest = (await app.inject({ method: 'GET', url: hrefs(head, 'manifest')[0] ?? '' })).json() as {
      icons: { src: string; type: string }[];
    };
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of manifest.icons) {
      const response = await app.inject({ method: 'GET', url: icon.src });
      expect([icon.src, response.statusCode, response.headers['content-type']]).toEqual([
        icon.src,
        200,
        icon.type,
      ]);
    }
    for (const [url, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect([
        url,
        response.statusCode,
        response.headers['content-type'],
        response.headers['cache-control'],
      ]).toEqual([url, 200, type, 'public, max-age=86400']);
    }
  });

  it('answers an icon name it does not have with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/icons/icon.000000000000.svg' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the site server without a published build', () => {
  it('answers documents with an error that says to build', async () => {
    const empty = path.join(tmp, 'empty-origin');
    await fs.mkdir(empty);
    const bare = await createSiteServer({ origin: empty, config: DEFAULT_RUNTIME_CONFIG });
    try {
      const response = await bare.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'unavailable', message: expect.stringContaining('No build is published') },
      });
    } finally {
      await bare.close();
    }
  });
});
