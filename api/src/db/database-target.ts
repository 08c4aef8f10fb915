/**
 * Which database the API uses, from DATABASE_URL or the plugin's options:
 * - unset: PGlite (embedded PostgreSQL) in `<repo>/.data/pglite`, created on first start;
 * - `file:<dir>`: PGlite in that directory (relative to where the command was started);
 * - `memory:`: PGlite in memory, gone on exit (tests, throwaway runs);
 * - `postgres://…` or `postgresql://…`: a PostgreSQL server, pooled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiEnvironment, type Environment } from '../config';

export type DatabaseTarget =
  | { engine: 'pglite'; dataDir: string }
  | { engine: 'pglite'; dataDir: null }
  | { engine: 'postgres'; url: string };

export interface DatabaseTargetOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

export function resolveDatabaseTarget(
  options: DatabaseTargetOptions,
  env: Environment = apiEnvironment(),
): DatabaseTarget {
  const startDir = env.INIT_CWD ?? process.cwd();
  const url = options.databaseUrl ?? (env.DATABASE_URL || undefined);
  if (url === undefined) {
    return { engine: 'pglite', dataDir: path.resolve(startDir, options.dataDir ?? defaultDataDir(startDir)) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: 'postgres', url };
  if (url === 'memory:' || url === 'memory://') return { engine: 'pglite', dataDir: null };
  if (url.startsWith('file:')) {
    const dir = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    if (dir === '')
      throw new Error(
        'DATABASE_URL=file: names no directory: write file:.data/pglite or file:/absolute/dir.',
      );
    return { engine: 'pglite', dataDir: path.resolve(startDir, dir) };
  }
  throw new Error(
    `DATABASE_URL must start with postgres://, postgresql://, file: or memory: (got "${redact(url)}"). ` +
      'Leave it unset to use the embedded database in .data/pglite.',
  );
}

/** `<repo>/.data/pglite`: the repository is the nearest folder up whose package.json lists workspaces. */
export function defaultDataDir(startDir: string): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in (JSON.parse(fs.readFileSync(manifest, 'utf8')) as object))
      break;
    const parent = path.dirname(dir);
    if (parent === dir) {
      dir = path.resolve(startDir);
      break;
    }
    dir = parent;
  }
  return path.join(dir, '.data', 'pglite');
}

/** A URL for logs and messages, without its password. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.engine === 'postgres') return `PostgreSQL at ${redact(target.url)}`;
  return target.dataDir === null ? 'PGlite in memory' : `PGlite in ${target.dataDir}`;
}
