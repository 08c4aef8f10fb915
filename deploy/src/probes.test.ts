/**
 * The site server's probes and its drain, as a process: /healthz is 200 while it runs, /readyz
 * names what is not ready, turns 503 ("draining") as soon as SIGTERM arrives while the server still
 * answers, and the server then exits 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

const DEPLOY_DIR = path.resolve(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A GET over one kept-alive agent, so a request sent after SIGTERM rides an open connection. */
function get(agent: http.Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the site server probes and drain', () => {
  it('is alive, not ready without a build, and 503 draining at once on SIGTERM, then exits 0', async () => {
    const origin = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-probes-'));
    const port = await freePort();
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
        SITE_API: 'off',
        AUTH_EMULATOR: 'off',
        LOG_FORMAT: 'json',
        // The window in which a draining server still answers on open connections: the probe below
        // is sent as soon as the drain is logged, well within it.
        DRAIN_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const base = `http://127.0.0.1:${port}`;
    try {
      while (!output.includes('is served at')) {
        if (child.exitCode !== null) throw new Error(`the site server exited early:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await get(agent, `${base}/healthz`)).toEqual({ status: 200, body: '{"status":"alive"}' });
      const notBuilt = await get(agent, `${base}/readyz`);
      expect(notBuilt.status).toBe(503);
      expect(JSON.parse(notBuilt.body)).toEqual({
        status: 'not ready',
        checks: { origin: false, draining: true },
        failed: ['origin'],
      });

      child.kill('SIGTERM');
      while (!output.includes('shutting down: draining'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      const draining = await get(agent, `${base}/readyz`);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body).failed).toEqual(['origin', 'draining']);
      expect((await get(agent, `${base}/healthz`)).status).toBe(200);
    } finally {
      agent.destroy();
      if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    fs.rmSync(origin, { recursive: true, force: true });
    // A start, then DRAIN_MS of drain: past jest's default ceiling on a loaded machine.
  }, 60_000);
});
