import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  appFolder,
  parseBuildContract,
  type AppEntry,
  type AppName,
  type BuildMeta,
} from '@arttoy/shared/contracts';
import { PRODUCTION, publishBuild, readEnvironment, type Team } from './ledger';
import { entryFile, originDir } from './origin';
import { deployEnvironment } from './config';
import { originStoreFromEnv } from './origin-store/from-env';
import { LocalOriginStore } from './origin-store/local';
import { type OriginStore } from './origin-store/store';

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

/**
 * Copies one app's build into `<app-folder>/<version>/` of the origin store, each file written once
 * (`putIfAbsent`): a file already there is checked, not rewritten, so a publish cut short is
 * completed by the next one, and a version whose published bytes differ is refused.
 */
export async function publishApp(
  app: AppName,
  dist: string,
  store: OriginStore = configuredOrigin(),
): Promise<AppEntry> {
  const files = await listFiles(dist).catch(() => {
    throw new Error(
      `${dist} is missing: build ${appFolder(app)} first (npm run build -w ${appFolder(app)}).`,
    );
  });
  if (!files.includes(entryFile(app)))
    throw new Error(`${dist} has no ${entryFile(app)}: it is not a build of ${app}.`);
  await checkCompressedCopies(dist, files);
  const version = await contentVersion(dist, files);
  const prefix = `${appFolder(app)}/${version}`;
  const published = new Map<string, Buffer>();
  // A few at a time: a build has hundreds of files, and a bucket answers each write over the network.
  for (let start = 0; start < files.length; start += 16) {
    await Promise.all(
      files.slice(start, start + 16).map(async (file) => {
        const bytes = await fs.readFile(path.join(dist, file));
        if (!(await store.putIfAbsent(`${prefix}/${file}`, bytes))) {
          const existing = await store.get(`${prefix}/${file}`);
          if (!existing?.bytes.equals(bytes))
            throw new Error(
              `${prefix}/${file} in the origin (${store.description}) differs from ${path.join(dist, file)}: a published version never changes. Remove the damaged version folder, then publish again.`,
            );
        }
        published.set(file, bytes);
      }),
    );
  }
  const entry: AppEntry = {
    version,
    entry: `/${prefix}/${entryFile(app)}`,
    integrity: sriOf(published.get(entryFile(app))!),
  };
  Object.assign(entry, await readContract(app, dist, files));
  const server = published.get(SERVER_ENTRY);
  if (server) entry.server = { entry: `/${prefix}/${SERVER_ENTRY}`, integrity: sriOf(server) };
  return entry;
}

/** The origin store of a folder (by default the one ORIGIN_DIR names). */
export const folderOrigin = (origin = originDir()): OriginStore => new LocalOriginStore(origin);

/** The origin the environment names: that folder by default, a bucket with ORIGIN_STORE (origin-store/from-env.ts). */
export const configuredOrigin = (): OriginStore => originStoreFromEnv(deployEnvironment());

/** The live build of an origin (by default the one ORIGIN_DIR names), or null when none is published. */
export async function readLatestBuild(origin: string | OriginStore = originDir()): Promise<BuildMeta | null> {
  const store = typeof origin === 'string' ? folderOrigin(origin) : origin;
  return (await readEnvironment(store, PRODUCTION))?.meta ?? null;
}

/**
 * Makes a set of apps live in production through the ledger (deploy/src/ledger): the manifest is
 * validated and written, the change recorded, and only then `builds/latest.json` is swapped (a
 * compare-and-swap), so an interrupted publish leaves the previous build live and a concurrent
 * deploy is never undone. An unchanged set of apps keeps the current build.
 */
export async function writeBuild(
  apps: BuildMeta['apps'],
  now = new Date(),
  store: OriginStore = configuredOrigin(),
  by: Team = 'build',
): Promise<{ meta: BuildMeta; changed: boolean }> {
  const { meta, changed } = await publishBuild(store, apps, by, now.getTime());
  return { meta, changed };
}
