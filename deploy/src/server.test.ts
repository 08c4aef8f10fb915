/**
 * `npm start`'s server process (`server.ts`) on a busy port: it stops before it starts anything,
 * with what to do.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const DEPLOY_DIR = path.resolve(__dirname, '..');

function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: DEPLOY_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that did start would serve until stopped.
    const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the site server on a busy port', () => {
  let other: net.Server;
  let port: number;
  let root: string;
  beforeAll(async () => {
    other = net.createServer();
    await new Promise<void>((resolve) => other.listen({ port: 0, host: '127.0.0.1' }, resolve));
    port = (other.address() as net.AddressInfo).port;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-busy-port-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => other.close(() => resolve()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops before the database and the Auth emulator start, naming PORT', async () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('FIREBASE_')),
    );
    const dataDir = path.join(root, 'pglite');
    const result = await runServer({
      ...env,
      PORT: String(port),
      DATABASE_URL: `file:${dataDir}`,
      AUTH_EMULATOR: 'on',
      LOG_FORMAT: 'json',
    });
    expect(result.stderr.trim()).toBe(
      `Port ${port} is in use (by another npm start?). Stop it (find it with: lsof -i :${port}) or set PORT to use another port: PORT=${port + 1} npm start.`,
    );
    expect(result.code).toBe(1);
    // Nothing started: no sign-in or database line, no database folder.
    expect(result.stdout).toBe('');
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);
});
