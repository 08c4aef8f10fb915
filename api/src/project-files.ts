/**
 * Where the project's own files are: the SQL migrations and functions, the content and its build,
 * the origin, the icons. Every server reads them through this module, so they are found the same
 * way from the TypeScript sources (tsx, jest) and from the compiled servers in dist/servers/, where
 * esbuild has put every module into one file and a module's own folder no longer says where it
 * came from.
 */
import path from 'node:path';

/**
 * Set by the server build (shared/build/build-servers.mjs) to the project root relative to the
 * compiled file's folder; not defined when the sources run.
 */
declare const ARTTOY_PROJECT_ROOT_FROM_BUILD: string | undefined;

/** True in the compiled servers (dist/servers/*.mjs), false when the TypeScript sources run. */
export const COMPILED = typeof ARTTOY_PROJECT_ROOT_FROM_BUILD === 'string';

/** The repository root: the folder of the root package.json (npm workspaces). */
export const PROJECT_ROOT = COMPILED
  ? path.resolve(import.meta.dirname, ARTTOY_PROJECT_ROOT_FROM_BUILD as string)
  : path.resolve(import.meta.dirname, '../..');

/** A path inside the repository, from forward-slash segments such as `api/src/db/migrations`. */
export function projectPath(relative: string): string {
  return path.join(PROJECT_ROOT, ...relative.split('/'));
}
