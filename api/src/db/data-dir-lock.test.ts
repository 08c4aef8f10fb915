import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, lockPathFor } from './data-dir-lock';

describe('the PGlite data directory lock', () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-lock-'));
    dataDir = path.join(root, 'pglite');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const writeLock = (info: object) => fs.writeFileSync(lockPathFor(dataDir), JSON.stringify(info));
  /** The pid of a process that has exited, so no process has it (for now). */
  const deadPid = () => spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid ?? 0;

  it('sits beside the directory and is removed on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(lock.path).toBe(path.join(root, 'pglite.lock'));
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: os.hostname(),
    });
    lock.release();
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('refuses a second holder while the first lives, saying who holds it and what to do', () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        new RegExp(
          `already in use by process ${process.pid} on .*Stop the other API process.*DATABASE_URL=file:.*delete ${lock.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      );
    } finally {
      lock.release();
    }
    acquireDataDirLock(dataDir).release();
  });

  it('takes over a lock left by a process that died', () => {
    writeLock({
      pid: deadPid(),
      hostname: os.hostname(),
      startedAt: '2020-01-01T00:00:00.000Z',
      token: 'crashed',
    });
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file that is not being written right now', () => {
    fs.writeFileSync(lockPathFor(dataDir), '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPathFor(dataDir), old, old);
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a lock held from another host, which it cannot check', () => {
    writeLock({
      pid: deadPid(),
      hostname: 'another-host',
      startedAt: '2020-01-01T00:00:00.000Z',
      token: 'remote',
    });
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process \d+ on another-host/);
  });

  it('does not remove a lock that is no longer its own', () => {
    const lock = acquireDataDirLock(dataDir);
    writeLock({ pid: process.pid, hostname: os.hostname(), startedAt: 'now', token: 'someone-else' });
    lock.release();
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(true);
  });
});
