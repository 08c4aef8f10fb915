/**
 * The origin in a local folder (`.origin/`, the zero-config default), as an OriginStore.
 *
 * - `putIfAbsent` writes a temporary file and hard-links it to the key: `link` fails with EEXIST
 *   when the key exists, so two writers of one key never overwrite each other and no reader ever
 *   sees half an object.
 * - `putIfMatch` is a compare-and-swap between processes (the CLI, the deploy service, a test's
 *   child processes): it takes the key's lock file (an exclusive create), compares the etag, writes
 *   a temporary file and renames it over the key (readers see the old bytes or the new, never half).
 *   A lock left by a process that died is taken over (see `acquire`).
 *
 * Temporary and lock files live in `.store/` at the root: the site server and nginx serve no
 * dotfiles, and `list` skips it. Only one machine writes a folder origin (the lock's holder is
 * identified by host and pid); several machines share an object store instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OriginStore, PreconditionFailed, type StoredObject } from './store';

/** The sha256 of the bytes: what `putIfMatch` compares. */
export const etagOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const INTERNAL = '.store';
const KEY = /^(?!\.)[A-Za-z0-9._@+-]+(\/(?!\.)[A-Za-z0-9._@+-]+)*$/;

/**
 * A lock older than this is stale even when its holder looks alive (a paused or hung process):
 * a compare-and-swap holds it for one small write, milliseconds.
 */
const STALE_LOCK_MS = 30_000;

// Not `instanceof Error`: errors of node's own modules come from another realm under jest.
const isCode = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return isCode(error, 'EPERM');
  }
}

export class LocalOriginStore implements OriginStore {
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `folder ${root}`;
  }

  /** The file of a key; refuses keys that could leave the folder or reach the store's own files. */
  private file(key: string): string {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..'))
      throw new Error(`Origin key "${key}" is not a relative path of plain names.`);
    return path.join(this.root, ...key.split('/'));
  }

  private async temporaryFile(bytes: Buffer): Promise<string> {
    const dir = path.join(this.root, INTERNAL, 'tmp');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${process.pid}-${randomBytes(8).toString('hex')}`);
    await fs.writeFile(file, bytes);
    return file;
  }

  async get(key: string): Promise<StoredObject | null> {
    const bytes = await fs.readFile(this.file(key)).catch((error: unknown) => {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
      throw error;
    });
    return bytes && { bytes, etag: etagOf(bytes) };
  }

  async putIfAbsent(key: string, bytes: Buffer): Promise<boolean> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = await this.temporaryFile(bytes);
    try {
      await fs.link(temporary, target);
      return true;
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false;
      throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async putIfMatch(key: string, bytes: Buffer, ifMatch: string | null): Promise<string> {
    const target = this.file(key);
    const release = await this.acquire(key);
    try {
      const current = await this.get(key);
      const found = current?.etag ?? null;
      if (found !== ifMatch) throw new PreconditionFailed(key, found);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = await this.temporaryFile(bytes);
      await fs.rename(temporary, target);
      return etagOf(bytes);
    } finally {
      await release();
    }
  }

  async list(prefix: string): Promise<string[]> {
    const entries = await fs
      .readdir(this.root, { recursive: true, withFileTypes: true })
      .catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return [];
        throw error;
      });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((key) => !key.startsWith(`${INTERNAL}/`) && key.startsWith(prefix))
      .toSorted();
  }

  /**
   * Takes the key's lock: `open(…, 'wx')` succeeds for one process only. The file names its holder
   * (host, pid, a random token). A lock whose holder on this host is gone, or that is older than
   * STALE_LOCK_MS, is broken under a second lock (`.break`), after checking it is still the same
   * lock (its token), so two processes that both found it stale cannot remove a fresh one.
   * Resolves with the function that releases it.
   */
  private async acquire(key: string): Promise<() => Promise<void>> {
    const dir = path.join(this.root, INTERNAL, 'locks');
    await fs.mkdir(dir, { recursive: true });
    const lock = path.join(dir, `${key.replaceAll('/', '~')}.lock`);
    const token = `${os.hostname()} ${process.pid} ${randomBytes(8).toString('hex')}`;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await fs.writeFile(lock, token, { flag: 'wx' });
        return async () => {
          // Only our own lock: a lock broken as stale may belong to someone else by now.
          if ((await fs.readFile(lock, 'utf8').catch(() => null)) === token)
            await fs.rm(lock, { force: true });
        };
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      await this.breakIfStale(lock);
      // Another writer holds it for one small write: try again soon, spreading the retries.
      await pause(Math.min(50, 1 + attempt) * Math.random());
    }
  }

  private async breakIfStale(lock: string): Promise<void> {
    const held = await this.lockHolder(lock);
    if (!held || !held.stale) return;
    const breaker = `${lock}.break`;
    try {
      await fs.writeFile(breaker, '', { flag: 'wx' });
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
      // Someone is breaking it; a breaker left by a process that died mid-break is itself old.
      const stat = await fs.stat(breaker).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_LOCK_MS) await fs.rm(breaker, { force: true });
      return;
    }
    try {
      const again = await this.lockHolder(lock);
      if (again?.token === held.token) await fs.rm(lock, { force: true });
    } finally {
      await fs.rm(breaker, { force: true });
    }
  }

  private async lockHolder(lock: string): Promise<{ token: string; stale: boolean } | null> {
    const [token, stat] = await Promise.all([
      fs.readFile(lock, 'utf8').catch(() => null),
      fs.stat(lock).catch(() => null),
    ]);
    if (token === null || stat === null) return null;
    const old = Date.now() - stat.mtimeMs > STALE_LOCK_MS;
    // Created but not yet written (its holder writes at once): stale only once old.
    if (token === '') return { token, stale: old };
    const [host, pid] = token.split(' ');
    const gone = host === os.hostname() && !processIsAlive(Number(pid));
    return { token, stale: gone || old };
  }
}
