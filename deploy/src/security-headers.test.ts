/**
 * The site's security headers on every kind of response (documents, published files, the API under
 * /api and its errors), and the preview cookie's flags, on plain http and behind a TLS proxy:
 * HSTS and Secure cookies only when the request really came over https (X-Forwarded-Proto is
 * believed only with TRUST_PROXY=1; otherwise any client could claim it).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APP_NAMES, type BuildMeta, DEFAULT_RUNTIME_CONFIG } from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from './publish';
import { createSiteServer } from './site-server';
import { readSiteIcons } from './site-icons';

const SHELL_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ArtToy Club</title></head><body><div id="root"></div><script defer src="/%SHELL_BASE%/main.js"></script></body></html>';
/** A remote's standalone QA page, as its build writes it beside its entry. */
const QA_PAGE =
  '<!doctype html><html><head><title>QA</title></head><body><script src="main.js"></script></body></html>';
/** The content API's local preview token (api/src/content/preview-tokens.ts), valid outside production. */
const LOCAL_PREVIEW_TOKEN = 'local-preview';

let tmp: string;
let meta: BuildMeta;
const servers: Record<'direct' | 'proxied', FastifyInstance> = {} as never;

/** A small published site (every app a file or two) in a temporary origin. */
async function publishSite(origin: string): Promise<BuildMeta> {
  process.env.ORIGIN_DIR = origin;
  try {
    const apps = {} as BuildMeta['apps'];
    for (const name of APP_NAMES) {
      const dist = path.join(tmp, 'dists', name);
      await fs.mkdir(dist, { recursive: true });
      const files: Record<string, string> =
        name === 'shell'
          ? { 'index.html': SHELL_INDEX, 'main.js': 'console.log(1);' }
          : { 'remoteEntry.js': `var ${name} = {};`, 'index.html': QA_PAGE };
      for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(dist, file), content);
      apps[name] = await publishApp(name, dist);
    }
    return (await writeBuild(apps)).meta;
  } finally {
    delete process.env.ORIGIN_DIR;
  }
}

async function startSite(origin: string, trustProxy: boolean): Promise<FastifyInstance> {
  const saved = process.env.TRUST_PROXY;
  if (trustProxy) process.env.TRUST_PROXY = '1';
  else delete process.env.TRUST_PROXY;
  try {
    return await createSiteServer({
      origin,
      config: DEFAULT_RUNTIME_CONFIG,
      api: { databaseUrl: 'memory:', seed: 'if-empty', rateLimits: false, orderSweepIntervalMs: 0 },
    });
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-headers-'));
  const origin = path.join(tmp, 'origin');
  meta = await publishSite(origin);
  ({ 'icon.svg': svgIcon, 'site.webmanifest': manifest } = (await readSiteIcons()).urls);
  servers.direct = await startSite(origin, false);
  servers.proxied = await startSite(origin, true);
}, 120_000);

afterAll(async () => {
  await servers.direct?.close();
  await servers.proxied?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
const directive = (policy: string, name: string) =>
  policy
    .split(/;\s*/)
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

/** Stands for the published shell entry's path, known once the site is published. */
const SHELL_ENTRY = '<shell entry>';
/** Stands for the hashed URL of the SVG favicon (site-icons.ts). */
const SVG_ICON = '<svg icon>';
const MANIFEST = '<manifest>';
let svgIcon: string;
let manifest: string;
const PLACEHOLDERS: Record<string, () => string> = {
  [SHELL_ENTRY]: () => `/${meta.apps.shell.entry}`,
  [SVG_ICON]: () => svgIcon,
  [MANIFEST]: () => manifest,
};
const resolve = (url: string) => PLACEHOLDERS[url]?.() ?? url;

/** One response of each kind the site serves. */
const kinds = () => [
  ['a document', '/mysterybox'],
  ['a 404 document', '/no-such-page'],
  ['a published file', SHELL_ENTRY],
  ['an icon', SVG_ICON],
  ['the favicon', '/favicon.ico'],
  ['the web app manifest', MANIFEST],
  ['an API answer', '/api/styles'],
  ['an API error', '/api/orders'],
];

describe('security headers', () => {
  it.each(kinds())('sends nosniff, a referrer policy and no framing on %s', async (_kind, url) => {
    const response = await servers.direct.inject({ method: 'GET', url: resolve(url) });
    expect({ status: response.statusCode, body: response.statusCode >= 500 ? response.body : '' }).toEqual({
      status: response.statusCode,
      body: '',
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The site server's DENY, or helmet's SAMEORIGIN under /api (whose CSP also forbids framing).
    expect(['DENY', 'SAMEORIGIN']).toContain(response.headers['x-frame-options']);
  });

  it('gives documents a policy: scripts from this origin and the manifest’s only, no inline script, never framed', async () => {
    const document = await servers.direct.inject({ method: 'GET', url: '/gallery' });
    expect(document.statusCode).toBe(200);
    const policy = String(document.headers['content-security-policy']);
    const scripts = directive(policy, 'script-src');
    expect(scripts).toContain("'self'");
    expect(
      scripts.filter((source) => /unsafe-inline|unsafe-eval|^\*$|^https?:$|^data:$/.test(source)),
    ).toEqual([]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  });

  it("lets a developer's browser load its remote override from this machine, and nobody else's", async () => {
    const policyWith = async (cookie: string) =>
      String(
        (await servers.direct.inject({ method: 'GET', url: '/gallery', headers: { cookie } })).headers[
          'content-security-policy'
        ],
      );
    const local = await policyWith('remote-override=mf_gallery@http://localhost:3101/remoteEntry.js');
    expect(directive(local, 'script-src')).toContain('http://localhost:3101');
    expect(directive(local, 'connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:3101', 'ws://localhost:3101']),
    );
    expect(local).not.toMatch(/unsafe-eval/);
    const foreign = await policyWith('remote-override=mf_gallery@https://evil.example/remoteEntry.js');
    expect(foreign).not.toContain('evil.example');
    expect(directive(await policyWith(''), 'script-src')).not.toContain('http://localhost:3101');
  });

  it('gives the API a deny-all policy (JSON and SVG load nothing)', async () => {
    const policy = String(
      (await servers.direct.inject({ method: 'GET', url: '/api/figures?pageSize=1' })).headers[
        'content-security-policy'
      ],
    );
    expect(directive(policy, 'default-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it.each(kinds())('sends HSTS on %s behind a TLS proxy it trusts', async (_kind, url) => {
    const response = await servers.proxied.inject({ method: 'GET', url: resolve(url), headers: HTTPS });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains$/);
  });

  it.each(kinds())(
    'never sends HSTS on %s over plain http, nor when an untrusted client claims https',
    async (_kind, given) => {
      const url = resolve(given);
      expect(
        (await servers.proxied.inject({ method: 'GET', url })).headers['strict-transport-security'],
      ).toBeUndefined();
      expect(
        (await servers.direct.inject({ method: 'GET', url })).headers['strict-transport-security'],
      ).toBeUndefined();
      expect(
        (await servers.direct.inject({ method: 'GET', url, headers: HTTPS })).headers[
          'strict-transport-security'
        ],
      ).toBeUndefined();
    },
  );
});

describe('answers that are no page', () => {
  const folderOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/') + 1);

  it('refuses the HTML in version folders (the shell’s template, remotes’ QA pages): never a document without the policy', async () => {
    const urls = Object.values(meta.apps).flatMap((app) => [
      `${folderOf(app.entry)}index.html`,
      `${folderOf(app.entry)}INDEX.HTM`,
      folderOf(app.entry),
    ]);
    expect(urls).toContain(`${folderOf(meta.apps.mf_gallery.entry)}index.html`);
    for (const url of urls) {
      const response = await servers.direct.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        404,
        expect.stringMatching(/^application\/json/),
      ]);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: expect.stringContaining(url) },
      });
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    // The files beside them are still served.
    expect((await servers.direct.inject({ method: 'GET', url: meta.apps.mf_gallery.entry })).statusCode).toBe(
      200,
    );
  });

  it.each([
    '/gallery/%E0%A4%A',
    '/%E0%A4%A',
    '/api/figures/%E0%A4%A',
    '/api/%E0%A4%A',
    '/mf-gallery/%E0%A4%A',
  ])('answers the undecodable path %s with a 400 in the API’s error shape and its headers', async (url) => {
    const response = await servers.direct.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_request', message: `'${url}' is not a valid url component` },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(directive(String(response.headers['content-security-policy']), 'default-src')).toEqual(["'none'"]);
  });

  it('answers methods no page takes, and failures outside /api, in the same shape', async () => {
    const response = await servers.direct.inject({ method: 'POST', url: '/gallery', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'POST /gallery was not found on this site.' },
    });
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the preview cookie', () => {
  const enter = (server: FastifyInstance, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'GET',
      url: `/api/content/preview?token=${LOCAL_PREVIEW_TOKEN}&redirect=/blog`,
      headers,
    });
  const flags = (setCookie: string | string[] | undefined) =>
    String(setCookie)
      .split(';')
      .map((part) => part.trim().toLowerCase());

  it('is HttpOnly and SameSite=Lax, and Secure behind a trusted TLS proxy', async () => {
    const secure = await enter(servers.proxied, HTTPS);
    expect(secure.statusCode).toBe(303);
    expect(flags(secure.headers['set-cookie'])).toEqual(
      expect.arrayContaining([
        `previewtoken=${LOCAL_PREVIEW_TOKEN}`,
        'httponly',
        'samesite=lax',
        'secure',
        'path=/',
      ]),
    );
    expect(secure.headers['cache-control']).toBe('no-store');
  });

  it('is not Secure on plain http (a browser would drop it) nor on an untrusted claim of https', async () => {
    for (const response of [await enter(servers.direct), await enter(servers.direct, HTTPS)]) {
      const cookie = flags(response.headers['set-cookie']);
      expect(cookie).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      expect(cookie).not.toContain('secure');
    }
  });

  it('is not set for a wrong token, and leaving clears it with the same flags', async () => {
    const wrong = await servers.proxied.inject({
      method: 'GET',
      url: '/api/content/preview?token=guess&redirect=/blog',
      headers: HTTPS,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const left = await servers.proxied.inject({
      method: 'GET',
      url: '/api/content/preview?exit=true&redirect=/blog',
      headers: HTTPS,
    });
    expect(flags(left.headers['set-cookie'])).toEqual(
      expect.arrayContaining(['previewtoken=', 'httponly', 'samesite=lax', 'secure']),
    );
  });
});
