import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { APP_NAMES, DEFAULT_RUNTIME_CONFIG, type BuildMeta } from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from './publish';
import { createSiteServer } from './site-server';
import { canaryBucket, signPreviewToken } from './variants';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PREVIEW_SECRET = 'the-site-server-tests-preview-secret-0123456789';

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
  app = await createSiteServer({ origin, config: DEFAULT_RUNTIME_CONFIG, previewSecret: PREVIEW_SECRET });
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

  it('compresses documents only with the encodings whose flush it sets, never zstd', async () => {
    // Node 22's zlib offers zstd too, and Chromium takes it; the document's early part must still leave at once.
    const document = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'zstd, br, gzip' },
    });
    expect(document.headers['content-encoding']).toBe('br');
    const onlyZstd = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'zstd' } });
    expect(onlyZstd.headers['content-encoding']).toBeUndefined();
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

describe('the build each visitor is served', () => {
  const RELEASE = 'release-canary-test-1';
  let candidate: BuildMeta;

  beforeEach(async () => {
    candidate = await withOriginDir(() => publishSite('console.log("shell, candidate");'));
  });

  /** Production's pointer: the stable build, with a canary of `candidate` or none. */
  async function pointProduction(canaryPercent: number | null): Promise<void> {
    const pointer = {
      id: meta.id,
      timestamp: meta.timestamp,
      ...(canaryPercent === null
        ? {}
        : {
            canary: {
              app: 'mf_rules',
              id: candidate.id,
              percent: canaryPercent,
              release: RELEASE,
              startedAt: 1,
              windowMs: 60_000,
              margin: 0.02,
              minViews: 10,
            },
          }),
    };
    // The pointer as the ledger would write it (these tests set a canary without its release records).
    await fs.writeFile(path.join(origin, 'builds/latest.json'), JSON.stringify(pointer));
  }

  /** A visitor id whose bucket for this canary is below 50 (`canary`) or not. */
  function visitorIn(side: 'canary' | 'stable'): string {
    for (let n = 0; ; n += 1) {
      const id = `test-visitor-${String(n).padStart(6, '0')}`;
      if (canaryBucket(id, RELEASE) < 50 === (side === 'canary')) return id;
    }
  }

  const servedBuild = (body: string) => ({
    id: /<meta name="build-id" content="([^"]+)">/.exec(body)?.[1],
    channel: /<meta name="build-channel" content="([^"]+)">/.exec(body)?.[1],
  });

  it('serves everyone the stable build, cacheable and without cookies, when no canary runs', async () => {
    await pointProduction(null);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(servedBuild(response.body)).toEqual({ id: meta.id, channel: 'stable' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("gives a new visitor a long-lived id while a canary runs, and serves the build of the id's bucket", async () => {
    await pointProduction(50);
    const response = await app.inject({ method: 'GET', url: '/gallery' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(
      /^arttoy-vid=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=34560000; SameSite=Lax; HttpOnly$/,
    );
    const visitorId = /^arttoy-vid=([^;]+)/.exec(cookie)![1]!;
    expect(servedBuild(response.body)).toEqual(
      canaryBucket(visitorId, RELEASE) < 50
        ? { id: candidate.id, channel: 'canary' }
        : { id: meta.id, channel: 'stable' },
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it.each([
    ['canary', () => candidate.id],
    ['stable', () => meta.id],
  ] as const)(
    'serves a %s visitor the same build on every request while the canary runs, documents and payloads privately',
    async (side, build) => {
      await pointProduction(50);
      const cookie = `arttoy-vid=${visitorIn(side)}`;
      for (const url of ['/', '/rules', '/']) {
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(servedBuild(response.body)).toEqual({ id: build(), channel: side });
        expect(response.headers['cache-control']).toBe('private, no-cache');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      const payload = await app.inject({ method: 'GET', url: '/_payload.json', headers: { cookie } });
      expect(payload.statusCode).toBe(200);
      expect(payload.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('serves a canary visitor the stable build, shareable again, once the canary ends', async () => {
    await pointProduction(50);
    const cookie = `arttoy-vid=${visitorIn('canary')}`;
    expect(servedBuild((await app.inject({ method: 'GET', url: '/', headers: { cookie } })).body).id).toBe(
      candidate.id,
    );
    await pointProduction(null);
    const response = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(servedBuild(response.body)).toEqual({ id: meta.id, channel: 'stable' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  describe('through a preview link', () => {
    const link = (claims: { build?: string; exp?: number; env?: string }, secret = PREVIEW_SECRET) =>
      `/_preview?token=${signPreviewToken(secret, {
        env: 'preview',
        build: candidate.id,
        exp: Date.now() + 3_600_000,
        ...claims,
      })}`;

    it("sets an HttpOnly cookie until the link expires, sends the visitor to the page, and serves that visitor the link's build", async () => {
      await pointProduction(null);
      const taken = await app.inject({ method: 'GET', url: `${link({})}&path=/gallery%3Fsort%3Dnew` });
      expect(taken.statusCode).toBe(303);
      expect(taken.headers.location).toBe('/gallery?sort=new');
      expect(taken.headers['cache-control']).toBe('no-store');
      const cookie = String(taken.headers['set-cookie']);
      expect(cookie).toMatch(/^arttoy-preview=[^;]+; Path=\/; Max-Age=(359\d|3600); SameSite=Lax; HttpOnly$/);

      const previewed = await app.inject({
        method: 'GET',
        url: '/gallery?sort=new',
        headers: { cookie: cookie.split(';')[0]! },
      });
      expect(servedBuild(previewed.body)).toEqual({ id: candidate.id, channel: 'preview' });
      expect(previewed.headers['cache-control']).toBe('private, no-cache');
      // Production visitors never get it.
      const production = await app.inject({ method: 'GET', url: '/gallery?sort=new' });
      expect(servedBuild(production.body)).toEqual({ id: meta.id, channel: 'stable' });
    });

    it.each([
      ['an expired link', () => link({ exp: Date.now() - 1 }), 410, 'expired'],
      [
        'a link signed elsewhere',
        () => link({}, `${PREVIEW_SECRET}-elsewhere`),
        403,
        'not made by this site',
      ],
      ['a link without a token', () => '/_preview', 400, 'A preview link is'],
      ['a link to another site', () => `${link({})}&path=//elsewhere.example/`, 400, 'A preview link is'],
      [
        'a link to a build that is gone',
        () => link({ build: '20200101000000-gone0000' }),
        404,
        'no longer published',
      ],
    ])('refuses %s with a page that says so, and no cookie', async (_case, url, status, message) => {
      const response = await app.inject({ method: 'GET', url: url() });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).toContain(message);
    });

    it('drops an expired or forged preview cookie and serves production', async () => {
      await pointProduction(null);
      for (const token of [
        signPreviewToken(PREVIEW_SECRET, { env: 'preview', build: candidate.id, exp: Date.now() - 1 }),
        signPreviewToken(`${PREVIEW_SECRET}-elsewhere`, {
          env: 'preview',
          build: candidate.id,
          exp: Date.now() + 60_000,
        }),
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: '/',
          headers: { cookie: `arttoy-preview=${token}` },
        });
        expect(servedBuild(response.body)).toEqual({ id: meta.id, channel: 'stable' });
        expect(response.headers['set-cookie']).toEqual([
          'arttoy-preview=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly',
        ]);
      }
    });

    it('is left by /_preview/exit, on the page it names on this site, else home', async () => {
      for (const [url, location] of [
        ['/_preview/exit', '/'],
        ['/_preview/exit?path=%2Fgallery%3Fpage%3D2', '/gallery?page=2'],
        ['/_preview/exit?path=%2F%2Fevil.example', '/'],
        ['/_preview/exit?path=https%3A%2F%2Fevil.example', '/'],
      ]) {
        const response = await app.inject({ method: 'GET', url: url! });
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(location);
        expect(response.headers['set-cookie']).toBe(
          'arttoy-preview=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly',
        );
      }
    });
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
