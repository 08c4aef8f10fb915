import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  APP_NAMES,
  appFolder,
  buildMetaPath,
  LATEST_BUILD_PATH,
  parseBuildContract,
  parseBuildMeta,
  parseLatestBuild,
  type AppEntry,
  type AppName,
  type BuildMeta,
} from '@arttoy/shared/contracts';
import { entryFile, originDir } from './origin';

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? listFiles(dir, relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat().toSorted();
}

const DECOMPRESS: Record<string, { name: string; decompress: (bytes: Buffer) => Buffer }> = {
  '.br': { name: 'brotli', decompress: brotliDecompressSync },
  '.gz': { name: 'gzip', decompress: gunzipSync },
};

/**
 * The servers send a file's precompressed copy (main.js.br beside main.js) to browsers that take its
 * encoding: a copy left over from another build would give them other code than everyone else.
 */
async function checkCompressedCopies(dist: string, files: string[]): Promise<void> {
  const present = new Set(files);
  for (const file of files) {
    const extension = path.extname(file);
    const original = file.slice(0, -extension.length);
    const encoding = DECOMPRESS[extension];
    if (!encoding || !present.has(original)) continue;
    const [copy, bytes] = await Promise.all([
      fs.readFile(path.join(dist, file)),
      fs.readFile(path.join(dist, original)),
    ]);
    let same = false;
    try {
      same = encoding.decompress(copy).equals(bytes);
    } catch {
      // Not even valid compressed data: refused below like any other mismatch.
    }
    if (!same) {
      throw new Error(
        `${path.join(dist, file)} is not a ${encoding.name} copy of ${original}: browsers that take ${encoding.name} would get other code. Rebuild the app, or delete the stale copy.`,
      );
    }
  }
}

/** A version derived from the content: the same build publishes to the same folder, once. */
async function contentVersion(dir: string, files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

export function sriOf(bytes: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Writes a file so readers see the old or the new content, never half of it. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, file);
}

/** The server container inside an app's build (shared/build/webpack.mjs writes it beside the browser build). */
export const SERVER_ENTRY = 'server/remoteEntry.js';

/** The contract file the build writes beside its entry (shared/build/contract-plugin.mjs). */
export const CONTRACT_FILE = 'contract.json';

/**
 * What the build needs from the shell and, for the shell, provides: carried into its manifest entry,
 * where the deploy service and the pages check a remote against the shell. A build made before
 * builds recorded it has none, and is published without.
 */
async function readContract(app: AppName, dir: string, files: string[]): Promise<Partial<AppEntry>> {
  if (!files.includes(CONTRACT_FILE)) return {};
  const file = path.join(dir, CONTRACT_FILE);
  const contract = parseBuildContract(JSON.parse(await fs.readFile(file, 'utf8')), file);
  if (contract.app !== app) throw new Error(`${file} is the contract of ${contract.app}, not of ${app}.`);
  return { needs: contract.needs, ...(contract.provides ? { provides: contract.provides } : {}) };
}

/** Copies one app's build into `<app-folder>/<version>/` of the origin (skipped when that version is there). */
export async function publishApp(app: AppName, dist: string): Promise<AppEntry> {
  const files = await listFiles(dist).catch(() => {
    throw new Error(
      `${dist} is missing: build ${appFolder(app)} first (npm run build -w ${appFolder(app)}).`,
    );
  });
  if (!files.includes(entryFile(app)))
    throw new Error(`${dist} has no ${entryFile(app)}: it is not a build of ${app}.`);
  await checkCompressedCopies(dist, files);
  const version = await contentVersion(dist, files);
  const target = path.join(originDir(), appFolder(app), version);
  const exists = await fs.stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const staging = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.cp(dist, staging, { recursive: true });
    await fs.rename(staging, target);
  }
  const entryBytes = await fs.readFile(path.join(target, entryFile(app)));
  const published: AppEntry = {
    version,
    entry: `/${appFolder(app)}/${version}/${entryFile(app)}`,
    integrity: sriOf(entryBytes),
  };
  Object.assign(published, await readContract(app, target, files));
  if (files.includes(SERVER_ENTRY)) {
    const serverBytes = await fs.readFile(path.join(target, SERVER_ENTRY));
    published.server = {
      entry: `/${appFolder(app)}/${version}/${SERVER_ENTRY}`,
      integrity: sriOf(serverBytes),
    };
  }
  return published;
}

/** The live build of an origin (by default the one ORIGIN_DIR names), or null when none is published. */
export async function readLatestBuild(origin = originDir()): Promise<BuildMeta | null> {
  const latestFile = path.join(origin, LATEST_BUILD_PATH);
  const latestText = await fs.readFile(latestFile, 'utf8').catch(() => null);
  if (latestText === null) return null;
  const latest = parseLatestBuild(JSON.parse(latestText), latestFile);
  const metaFile = path.join(origin, buildMetaPath(latest.id));
  return parseBuildMeta(JSON.parse(await fs.readFile(metaFile, 'utf8')), metaFile);
}

function buildId(now: Date, apps: BuildMeta['apps']): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const digest = createHash('sha256').update(JSON.stringify(apps)).digest('hex').slice(0, 8);
  return `${stamp}-${digest}`;
}

/**
 * Writes a build manifest and makes it live: the manifest is validated, written, and only then
 * latest.json is switched (write-then-rename), so an interrupted deploy leaves the previous build live.
 * Returns the live build; an unchanged set of apps keeps the current build.
 */
export async function writeBuild(
  apps: BuildMeta['apps'],
  now = new Date(),
): Promise<{ meta: BuildMeta; changed: boolean }> {
  const current = await readLatestBuild().catch(() => null);
  if (current && APP_NAMES.every((app) => JSON.stringify(current.apps[app]) === JSON.stringify(apps[app]))) {
    return { meta: current, changed: false };
  }
  const candidate = {
    id: buildId(now, apps),
    timestamp: now.getTime(),
    prerendered: [],
    routeRules: {},
    apps,
  };
  const meta = parseBuildMeta(candidate, 'to publish');
  await writeAtomically(path.join(originDir(), buildMetaPath(meta.id)), `${JSON.stringify(meta, null, 2)}\n`);
  await writeAtomically(
    path.join(originDir(), LATEST_BUILD_PATH),
    `${JSON.stringify({ id: meta.id, timestamp: meta.timestamp })}\n`,
  );
  return { meta, changed: true };
}
