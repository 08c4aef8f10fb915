import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_NAMES, type AppEntry, type AppName, type RuntimeConfig } from '@arttoy/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { renderNginxConfig } from './nginx-config';
import { entryFile } from './origin';
import { publishApp, writeBuild } from './publish';
import { createSiteServer } from './site-server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONFIG: RuntimeConfig = {
  firebase: {},
  contact: { phone: '1', email: 'a@b.c' },
  buildPollIntervalMs: 60_000,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await fetch(`http://127.0.0.1:${port}/builds/latest.json`).then(
      () => true,
      () => false,
    );
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer on port ${port}`);
}

let tmp: string;
let site: FastifyInstance;
let nginx: ChildProcess;
let port: number;
let shellEntryGzip: Buffer;
let meta: Awaited<ReturnType<typeof writeBuild>>['meta'];

beforeAll(async () => {
  if (spawnSync(NGINX, ['-v']).status !== 0)
    throw new Error(`nginx is not installed at ${NGINX}: apt-get install nginx-light (or set NGINX_PATH).`);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-nginx-'));
  // nginx's workers may run as another user: they must be able to read the origin.
  await fs.chmod(tmp, 0o755);
  const origin = path.join(tmp, 'origin');
  process.env.ORIGIN_DIR = origin;
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) {
    const dist = path.join(tmp, 'dist', app);
    await fs.mkdir(dist, { recursive: true });
    const entry = `/* ${app} */\n${'console.log("padding so gzip applies");\n'.repeat(60)}`;
    await fs.writeFile(path.join(dist, entryFile(app)), entry);
    // The build's gzip copy (level 9; nginx compresses on the fly at level 1).
    if (app === 'shell') {
      shellEntryGzip = gzipSync(entry, { level: 9 });
      await fs.writeFile(path.join(dist, `${entryFile(app)}.gz`), shellEntryGzip);
    }
    // Remotes' builds carry their standalone QA page.
    if (app !== 'shell')
      await fs.writeFile(
        path.join(dist, 'index.html'),
        '<!doctype html><title>QA</title><script src="main.js"></script>',
      );
    if (app === 'shell')
      await fs.writeFile(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><title>t</title></head><body><script defer src="/%SHELL_BASE%/main.js"></script></body></html>',
      );
    apps[app] = await publishApp(app, dist);
  }
  ({ meta } = await writeBuild(apps));
  // Trusting nginx alone, as deployed.
  process.env.TRUST_PROXY = '1';
  try {
    site = await createSiteServer({ origin, config: CONFIG });
  } finally {
    delete process.env.TRUST_PROXY;
  }
  // What the site server takes for the client's address (rate limits count by it).
  site.get('/test/client-ip', (request, reply) => reply.send({ ip: request.ip }));
  await site.listen({ port: 0, host: '127.0.0.1' });
  const sitePort = (site.server.address() as net.AddressInfo).port;

  port = await freePort();
  const runDir = path.join(tmp, 'run');
  await fs.mkdir(runDir);
  const configFile = path.join(runDir, 'nginx.conf');
  await fs.writeFile(
    configFile,
    await renderNginxConfig({ originDir: origin, port, upstream: `127.0.0.1:${sitePort}`, runDir }),
  );
  const check = spawnSync(NGINX, ['-t', '-p', runDir, '-c', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  nginx = spawn(NGINX, ['-p', runDir, '-c', configFile, '-g', 'daemon off;'], { stdio: 'ignore' });
  await waitForPort(port);
});

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await site?.close();
  delete process.env.ORIGIN_DIR;
  await fs.rm(tmp, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${url}`, { headers });

describe('the site behind nginx', () => {
  it('serves the documents with the status of the route table', async () => {
    const home = await get('/gallery/style/soft-vinyl');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`<meta name="build-id" content="${meta.id}">`);
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('serves published versions immutable, with CORS for integrity checks, compressed', async () => {
    const response = await get(meta.apps.mf_gallery.entry, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends a published file's gzip copy as it is", async () => {
    // Read undecoded (fetch would decompress): the bytes on the wire must be the copy's own.
    const response = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            `http://127.0.0.1:${port}${meta.apps.shell.entry}`,
            { headers: { 'accept-encoding': 'gzip' } },
            (answer) => {
              const chunks: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => chunks.push(chunk));
              answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      },
    );
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.equals(shellEntryGzip)).toBe(true);
  });

  it('serves the manifests for revalidation', async () => {
    const response = await get('/builds/latest.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toMatchObject({ id: meta.id });
  });

  it('refuses the HTML in version folders and never lets a published file be framed', async () => {
    const folders = Object.values(meta.apps).map((app) => app.entry.slice(0, app.entry.lastIndexOf('/') + 1));
    for (const url of folders.flatMap((folder) => [`${folder}index.html`, `${folder}Index.HTM`, folder])) {
      const response = await get(url);
      expect([url, response.status, response.headers.get('x-frame-options')]).toEqual([url, 404, 'DENY']);
    }
    for (const url of [meta.apps.mf_gallery.entry, '/builds/latest.json'])
      expect((await get(url)).headers.get('x-frame-options')).toBe('DENY');
  });

  it('passes the address nginx saw as the client’s, not one the client claimed', async () => {
    for (const claimed of ['203.0.113.66', '203.0.113.66, 198.51.100.7']) {
      expect(await (await get('/test/client-ip', { 'x-forwarded-for': claimed })).json()).toEqual({
        ip: '127.0.0.1',
      });
    }
  });

  it('answers 404 for a file that was never published', async () => {
    expect((await get('/mf-gallery/0000000000/remoteEntry.js')).status).toBe(404);
  });
});

describe('renderNginxConfig', () => {
  it('refuses values that would break the configuration', async () => {
    const base = { originDir: '/srv/origin', port: 8080, upstream: '127.0.0.1:3000', runDir: '/run/arttoy' };
    await expect(renderNginxConfig({ ...base, originDir: 'relative/dir' })).rejects.toThrow(/absolute path/);
    await expect(renderNginxConfig({ ...base, originDir: '/srv/a;b' })).rejects.toThrow(/semicolons/);
    await expect(renderNginxConfig({ ...base, port: 0 })).rejects.toThrow(/port/);
    await expect(renderNginxConfig({ ...base, upstream: 'http://x' })).rejects.toThrow(/host:port/);
    expect(await renderNginxConfig(base)).toContain('root /srv/origin;');
  });
});
