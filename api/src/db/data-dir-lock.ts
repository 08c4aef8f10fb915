/**
 * One process per PGlite data directory. PGlite has no lock of its own, and two processes writing
 * one directory corrupt it without a word, so the API holds `<dataDir>.lock` (created with O_EXCL)
 * for as long as it runs. A lock left by a process that died is taken over: its pid is checked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
  token: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): void;
}

export function lockPathFor(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

/** Takes the lock for `dataDir` or throws DataDirLockedError saying who holds it and what to do. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const mine: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    token: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  };
  // Three rounds: a stale lock is removed in one round and ours created in the next.
  for (let round = 0; round < 3; round += 1) {
    if (tryCreate(lockPath, mine)) return ownedLock(lockPath, mine.token);
    const holder = readLock(lockPath);
    if (holder === undefined) continue; // removed meanwhile: try again
    if (holder !== null && isHeldBy(holder)) throw lockedError(dataDir, lockPath, holder);
    removeStale(lockPath, holder);
  }
  throw new DataDirLockedError(
    `Could not take the lock ${lockPath} for the database in ${dataDir}: another process keeps re-creating it. Stop the other API process and retry.`,
  );
}

function tryCreate(lockPath: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeFileSync(fd, `${JSON.stringify(info)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** The holder's info; null if the file is unreadable as a lock; undefined if it is gone. */
function readLock(lockPath: string): LockInfo | null | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = JSON.parse(text) as Partial<LockInfo>;
    return typeof info.pid === 'number' && typeof info.token === 'string' ? (info as LockInfo) : null;
  } catch {
    // Empty or half-written: a process is creating it right now, or died while doing so.
    return isFresh(lockPath) ? { pid: -1, hostname: os.hostname(), startedAt: 'just now', token: '' } : null;
  }
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

/** Whether the holder may still be running. A lock from another host cannot be checked: it counts as held. */
function isHeldBy(holder: LockInfo): boolean {
  if (holder.pid === -1) return true;
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock without removing a fresh one that another starting process has just put in
 * its place: the file is first renamed to a name of ours, then checked, then deleted or put back.
 */
function removeStale(lockPath: string, stale: LockInfo | null): void {
  const claimed = `${lockPath}.${process.pid}.stale`;
  try {
    fs.renameSync(lockPath, claimed);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const taken = readLock(claimed);
  if (taken && stale && taken.token !== stale.token) {
    try {
      fs.linkSync(claimed, lockPath);
    } catch {
      // Someone else holds it by now; the next round reports them.
    }
  }
  fs.rmSync(claimed, { force: true });
}

function ownedLock(lockPath: string, token: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    if (readLock(lockPath)?.token === token) fs.rmSync(lockPath, { force: true });
  };
  // A process that exits without closing the API (process.exit, an uncaught error) still frees it.
  process.once('exit', release);
  return { path: lockPath, release };
}

function lockedError(dataDir: string, lockPath: string, holder: LockInfo): DataDirLockedError {
  const who =
    holder.pid === -1
      ? 'another process that is starting right now'
      : `process ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}`;
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is already in use by ${who}. ` +
      'Two processes on one PGlite directory corrupt it, so this one will not start. ' +
      'Stop the other API process (or the site server that includes it), or give this one its own directory ' +
      'with DATABASE_URL=file:/another/dir, or use PostgreSQL with DATABASE_URL=postgres://… . ' +
      `If no such process is running, delete ${lockPath}.`,
  );
}
