/**
 * Azurite, the Azure Storage emulator (pure Node, from npm), for the tests of the bucket origin and
 * for a local run against a bucket: its Blob service only, in memory, telemetry off (it would
 * otherwise report to Azure), on a port of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/** Azurite's one account and its published key (the same on every machine; not a secret). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const HOST = '127.0.0.1';

export const azuriteConnectionString = (port: number): string =>
  `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};` +
  `BlobEndpoint=http://${HOST}:${port}/${AZURITE_ACCOUNT};`;

export interface RunningAzurite {
  port: number;
  connectionString: string;
  stop(): Promise<void>;
}

// Azurite runs in this small wrapper, which ends it when the process that asked for it is gone
// (even after a SIGKILL that gave it no chance to clean up), so no emulator outlives its test run.
const GUARD = `
const [ownerPid, main, ...args] = JSON.parse(process.argv[1]);
process.argv = [process.argv[0], main, ...args];
setInterval(() => { try { process.kill(ownerPid, 0); } catch { process.exit(0); } }, 1000);
require(main);
`;

/** A port no one listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Starts Azurite's Blob service and resolves once it listens (`port`: a free one by default). */
export async function startAzurite(
  options: { port?: number; timeoutMs?: number } = {},
): Promise<RunningAzurite> {
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 120_000;
  const require = createRequire(import.meta.filename);
  const main = path.join(path.dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const args = [
    '--blobHost',
    HOST,
    '--blobPort',
    String(port),
    '--inMemoryPersistence',
    '--disableTelemetry',
  ];
  const child = spawn(process.execPath, ['-e', GUARD, JSON.stringify([process.pid, main, ...args])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs / 1000} s`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stopChild(child).then(() =>
        reject(
          new Error(`Azurite (the Azure Blob emulator) on ${HOST}:${port} ${why}. Its output:\n${output}`),
        ),
      );
    };
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (output.includes('successfully listens')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(`exited (code ${code})`));
  });
  return { port, connectionString: azuriteConnectionString(port), stop: () => stopChild(child) };
}
