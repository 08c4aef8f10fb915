import fs from 'node:fs/promises';
import path from 'node:path';
import {
  APP_NAMES,
  appFolder,
  buildMetaPath,
  LATEST_BUILD_PATH,
  parseBuildMeta,
  type AppEntry,
  type AppName,
  type BuildMeta,
} from '@arttoy/shared/contracts';
import { originDir } from './origin';
import { publishApp, readLatestBuild, writeAtomically, writeBuild } from './publish';

/** Accepts the folder (`mf-gallery`) or the container name (`mf_gallery`). */
export function parseAppName(value: string | undefined): AppName {
  const match = APP_NAMES.find((name) => name === value || appFolder(name) === value);
  if (!match) throw new Error(`Unknown app "${value ?? ''}". Apps: ${APP_NAMES.map(appFolder).join(', ')}.`);
  return match;
}

/** Every build manifest in the origin, oldest first. */
export async function buildHistory(origin = originDir()): Promise<BuildMeta[]> {
  const dir = path.join(origin, 'builds/meta');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  const builds = await Promise.all(
    files.map(async (file) =>
      parseBuildMeta(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')), path.join(dir, file)),
    ),
  );
  return builds.toSorted((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id));
}

async function liveBuild(origin: string): Promise<BuildMeta> {
  const live = await readLatestBuild(origin);
  if (!live) throw new Error(`No build is live in ${origin}: publish the whole site first (npm run build).`);
  return live;
}

/**
 * Publishes one app's build and makes it live: a new build manifest carries every other app's
 * current entry unchanged, so their files (and caches) are untouched.
 */
export async function deployApp(
  app: AppName,
  dist: string,
  now = new Date(),
): Promise<{ meta: BuildMeta; changed: boolean }> {
  const origin = originDir();
  const live = await liveBuild(origin);
  const entry = await publishApp(app, dist);
  return writeBuild({ ...live.apps, [app]: entry }, now);
}

/**
 * Puts back the version of one app that was published before the live one (in order of first
 * publication), keeping every other app as it is. Refuses when there is no earlier version.
 */
export async function rollbackApp(
  app: AppName,
  now = new Date(),
): Promise<{ meta: BuildMeta; restored: AppEntry }> {
  const origin = originDir();
  const live = await liveBuild(origin);
  const firstSeen = new Map<string, { at: number; entry: AppEntry }>();
  for (const build of await buildHistory(origin)) {
    const entry = build.apps[app];
    if (!firstSeen.has(entry.version)) firstSeen.set(entry.version, { at: build.timestamp, entry });
  }
  const versions = [...firstSeen.values()].toSorted((a, b) => a.at - b.at);
  const index = versions.findIndex((candidate) => candidate.entry.version === live.apps[app].version);
  const previous = index > 0 ? versions[index - 1] : undefined;
  if (!previous)
    throw new Error(
      `${appFolder(app)} has no version older than ${live.apps[app].version} in ${origin}; nothing to roll back to.`,
    );
  const { meta } = await writeBuild({ ...live.apps, [app]: previous.entry }, now);
  return { meta, restored: previous.entry };
}

/** Makes an earlier build of the whole site live again (after checking its manifest). */
export async function rollbackTo(buildId: string): Promise<BuildMeta> {
  const origin = originDir();
  const file = path.join(origin, buildMetaPath(buildId));
  const text = await fs.readFile(file, 'utf8').catch(() => {
    throw new Error(`Build ${buildId} is not in ${origin}/builds/meta; list the builds with: npm run builds`);
  });
  const meta = parseBuildMeta(JSON.parse(text), file);
  await writeAtomically(
    path.join(origin, LATEST_BUILD_PATH),
    `${JSON.stringify({ id: meta.id, timestamp: Date.now() })}\n`,
  );
  return meta;
}
