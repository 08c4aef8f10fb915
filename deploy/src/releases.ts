/**
 * Deploying and rolling back one app of the live site from this machine (`npm run deploy`,
 * `npm run rollback`, `npm run builds`). Every change goes through the ledger (deploy/src/ledger):
 * recorded, and made live by compare-and-swap, so two teams deploying at once both land.
 */
import { APP_NAMES, appFolder, type AppEntry, type AppName, type BuildMeta } from '@arttoy/shared/contracts';
import {
  deployVersion,
  PRODUCTION,
  readEnvironment,
  rollbackApp as rollbackAppVersion,
  rollbackToBuild,
  type Team,
} from './ledger';
import { readMeta } from './ledger/records';
import { type OriginStore } from './origin-store/store';
import { configuredOrigin, publishApp } from './publish';

/** Accepts the folder (`mf-gallery`) or the container name (`mf_gallery`). */
export function parseAppName(value: string | undefined): AppName {
  const match = APP_NAMES.find((name) => name === value || appFolder(name) === value);
  if (!match) throw new Error(`Unknown app "${value ?? ''}". Apps: ${APP_NAMES.map(appFolder).join(', ')}.`);
  return match;
}

/** Every build manifest in the origin, oldest first. */
export async function buildHistory(store: OriginStore = configuredOrigin()): Promise<BuildMeta[]> {
  const ids = (await store.list('builds/meta/'))
    .filter((key) => key.endsWith('.json'))
    .map((key) => key.slice('builds/meta/'.length, -'.json'.length));
  const builds = await Promise.all(ids.map((id) => readMeta(store, id)));
  return builds
    .filter((build): build is BuildMeta => build !== null)
    .toSorted((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id));
}

/**
 * Publishes one app's build and makes it live: the new build manifest carries every other app's
 * current entry unchanged, so their files (and caches) are untouched.
 */
export async function deployApp(
  app: AppName,
  dist: string,
  now = new Date(),
  store: OriginStore = configuredOrigin(),
  by: Team = 'local',
): Promise<{ meta: BuildMeta; changed: boolean }> {
  const live = await readEnvironment(store, PRODUCTION);
  if (!live)
    throw new Error(
      `No build is live in ${store.description}: publish the whole site first (npm run build).`,
    );
  const entry = await publishApp(app, dist, store);
  const { meta, changed } = await deployVersion(store, {
    env: PRODUCTION,
    app,
    entry,
    by,
    now: now.getTime(),
  });
  return { meta, changed };
}

/**
 * Puts back the version of one app that was live before the live one (in the order they were
 * first live), keeping every other app as it is. Refuses when there is no earlier version.
 */
export async function rollbackApp(
  app: AppName,
  now = new Date(),
  store: OriginStore = configuredOrigin(),
  by: Team = 'local',
): Promise<{ meta: BuildMeta; restored: AppEntry }> {
  const { meta, restored } = await rollbackAppVersion(store, {
    env: PRODUCTION,
    app,
    by,
    now: now.getTime(),
  });
  return { meta, restored };
}

/** Makes an earlier build of the whole site live again (after checking its manifest). */
export async function rollbackTo(
  buildId: string,
  store: OriginStore = configuredOrigin(),
  by: Team = 'local',
): Promise<BuildMeta> {
  return (await rollbackToBuild(store, { env: PRODUCTION, buildId, by })).meta;
}
