import path from 'node:path';
import { PROJECT_ROOT } from '@arttoy/api/project-files';
import { appFolder, type AppName } from '@arttoy/shared/contracts';
import { type Environment, deployEnvironment } from './config';

/** The repository root, from the sources or from the compiled servers alike. */
export const REPO_ROOT = PROJECT_ROOT;

/**
 * The origin layout, one folder that any static host or object store can serve:
 *   <app-folder>/<version>/…        every app's files, published once, never changed
 *   builds/meta/<buildId>.json      one build of the whole site: every app's entry and version
 *   builds/latest.json              the live build id
 */
export function originDir(env: Environment = deployEnvironment()): string {
  return path.resolve(env.ORIGIN_DIR ?? path.join(REPO_ROOT, '.origin'));
}

export function distDir(app: AppName): string {
  return path.join(REPO_ROOT, appFolder(app), 'dist');
}

/** The file of an app that the manifest points at. */
export function entryFile(app: AppName): string {
  return app === 'shell' ? 'main.js' : 'remoteEntry.js';
}
