// Child processes of the benchmark: each in its own process group, so stopping it stops what it started.
import { spawn } from 'node:child_process';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Runs a command to completion; rejects with its output's tail when it fails. */
export function run(command, args, { env = {}, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let tail = '';
    const keep = (chunk) => {
      tail = (tail + chunk).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${tail}`)),
    );
  });
}

export async function waitForUrl(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

/** Starts a long-running process and waits until `readyUrl` answers; returns its stop function. */
export async function startServer(command, args, readyUrl, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-4000);
  });
  const exited = new Promise((_, reject) =>
    child.on('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${errors}`)),
    ),
  );
  await Promise.race([waitForUrl(readyUrl), exited]);
  exited.catch(() => {});
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
}
