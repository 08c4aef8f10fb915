/**
 * `npm start`'s server process (the site server with the API in it and the deploy service beside
 * it) stopped by SIGTERM as a deploy stops it, while a large file is being downloaded by a client
 * that reads slowly, a request is in flight to the API (its client still sending the body) and a
 * live feed stream is open: readiness fails at once and new answers say `Connection: close`; after
 * the drain window the server ends the stream, the download and the request still finish with
 * their whole answers, and the process exits 0 on its own, the deploy service closed with it.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, type BuildMeta } from '@arttoy/shared/contracts';
import { openEventStream } from '@arttoy/api/test/event-stream';
import { freePort } from '@arttoy/api/test/free-port';
import { holdDownload, holdUpload, probe } from '@arttoy/api/test/held-request';
import { folderOrigin, publishApp, writeBuild } from './publish';

const DEPLOY_DIR = path.resolve(__dirname, '..');
/** Far more than the sockets on both sides hold: the server is still writing it when the drain starts. */
const LARGE_FILE_BYTES = 32 * 1024 * 1024;

const BEACON = JSON.stringify({
  route: '/rules/terms_of_service',
  build: 'drain-test-build',
  versions: { shell: '1.0.0-drain' },
  views: 1,
  errors: [],
});

let tmp: string;
afterEach(() => fs.rm(tmp, { recursive: true, force: true }));

/** Small fake builds of every app, the shell's with a large file, published into `origin`. */
async function publishSite(origin: string, large: Buffer): Promise<BuildMeta> {
  const store = folderOrigin(origin);
  const apps = {} as BuildMeta['apps'];
  for (const name of APP_NAMES) {
    const dist = path.join(tmp, 'dists', name);
    await fs.mkdir(dist, { recursive: true });
    if (name === 'shell') {
      await fs.writeFile(
        path.join(dist, 'index.html'),
        '<!doctype html><html lang="en"><head><title>ArtToy Club</title></head><body><div id="root"></div></body></html>',
      );
      await fs.writeFile(path.join(dist, 'main.js'), 'console.log("shell");');
      await fs.writeFile(path.join(dist, 'large.bin'), large);
    } else await fs.writeFile(path.join(dist, 'remoteEntry.js'), `var ${name} = {};`);
    apps[name] = await publishApp(name, dist, store);
  }
  return (await writeBuild(apps, new Date(), store)).meta;
}

describe('the site server stopped by SIGTERM', () => {
  it('drains: readiness fails at once, the download and the request finish, the stream ends, exit 0', async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-drain-'));
    const origin = path.join(tmp, 'origin');
    const large = randomBytes(LARGE_FILE_BYTES);
    const meta = await publishSite(origin, large);
    const [port, deployPort] = [await freePort(), await freePort()];
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('FIREBASE_')),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: DEPLOY_DIR,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ORIGIN_DIR: origin,
        DATABASE_URL: 'memory:',
        // The machine's shared Auth emulator holds the one port an emulator takes: none is started here.
        AUTH_EMULATOR: 'off',
        DEPLOY_PORT: String(deployPort),
        DEPLOY_STATE_DIR: path.join(tmp, 'deploy-state'),
        CANARY_JUDGE: 'off',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        // The window in which the draining server still answers new requests: the probes below are
        // sent as soon as the drain is logged, well within it.
        DRAIN_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const waitForOutput = async (pattern: RegExp) => {
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`the site server exited before ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const base = `http://127.0.0.1:${port}`;
    const agent = new http.Agent({ keepAlive: true });
    let signalled = false;
    try {
      await waitForOutput(/Deploy service at/);
      expect(await probe(`${base}/readyz`)).toEqual({ status: 200, connection: 'keep-alive' });
      const feed = await openEventStream(`${base}/api/feed`);
      await feed.until((stream) => stream.frames.some((frame) => frame.retry !== null));
      const download = await holdDownload(agent, `${base}/shell/${meta.apps.shell.version}/large.bin`, {
        'accept-encoding': 'identity',
      });
      const upload = holdUpload(agent, `${base}/api/field`, BEACON);
      await waitForOutput(/"url":"\/api\/field"[^\n]*"msg":"incoming request"/);

      child.kill('SIGTERM');
      signalled = true;
      await waitForOutput(/"msg":"shutting down: draining"/);
      expect(await probe(`${base}/readyz`)).toEqual({ status: 503, connection: 'close' });
      expect(await probe(`${base}/api/readyz`)).toEqual({ status: 503, connection: 'close' });
      expect(await probe(`http://127.0.0.1:${deployPort}/v1/health`)).toEqual({
        status: 200,
        connection: 'close',
      });

      // The close begins after the window: the server ends the stream, then waits for the request
      // and the download, which the clients finish only now.
      await feed.closed;
      await waitForOutput(/"msg":"closing: waiting for running requests to finish"/);
      const uploaded = await upload.finish();
      expect({ status: uploaded.status, body: JSON.parse(uploaded.body) as unknown }).toEqual({
        status: 202,
        body: { views: 1, errors: 0, vitals: 0 },
      });
      const downloaded = await download.finish();
      expect({ status: downloaded.status, bytes: downloaded.bytes, sha256: downloaded.sha256 }).toEqual({
        status: 200,
        bytes: LARGE_FILE_BYTES,
        sha256: createHash('sha256').update(large).digest('hex'),
      });
    } finally {
      agent.destroy();
      // Once signalled it stops by itself (a second signal would force it).
      if (!signalled) child.kill('SIGTERM');
      await exited;
    }
    // Exits 0 by itself, warning of nothing (such as requests cut off by the close's time limit).
    expect({
      code: await exited,
      warnings: output.split('\n').filter((line) => /^\{"level":(40|50|60)/.test(line)),
    }).toEqual({ code: 0, warnings: [] });
  }, 120_000);
});
