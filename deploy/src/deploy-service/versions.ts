/**
 * An app's version on its way in: its files are uploaded one by one into the origin
 * (`<app-folder>/<version>/<file>`, immutable: the same bytes again are fine, other bytes are refused),
 * then sealed. Sealing recomputes the version from the files (the content hash `npm run build`'s publish
 * gives a build), checks the entry is there and every `.br`/`.gz` copy matches its file, and writes the
 * version record `deploys/versions/<app-folder>/<version>.json`. Only a sealed version can be deployed:
 * the service builds the manifest entry from its record, never from what a client says.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import * as z from 'zod';
import {
  appEntrySchema,
  appFolder,
  parseBuildContract,
  type AppEntry,
  type AppName,
} from '@arttoy/shared/contracts';
import type { OriginStore } from '../origin-store/store';
import { entryFile } from '../origin';
import { SERVER_ENTRY, sriOf } from '../publish';
import { Refusal } from './errors';

/** The content hash publish.ts gives a build: 10 hex digits. */
export const VERSION = /^[0-9a-f]{10}$/;
/** A file's path inside its version: plain names (none starting with a dot), as the origin's keys are. */
const FILE_PATH = /^(?!\.)[A-Za-z0-9._@+-]+(?:\/(?!\.)[A-Za-z0-9._@+-]+)*$/;

/** What a build says it needs from the shell (shared singletons, contract version): see readContract below. */
export const NEEDS_FILE = 'contract.json';

const versionRecordSchema = z.object({
  app: z.string(),
  version: z.string(),
  sealedAt: z.number().int(),
  by: z.string(),
  /** The manifest entry a deploy of this version writes (entry, integrity, server entry). */
  entry: z.custom<AppEntry>((value) => v.safeParse(appEntrySchema, value).success, 'not a manifest entry'),
  files: z.array(z.object({ path: z.string(), sha256: z.string(), size: z.number().int() })),
  /** Records sealed before entries carried their contract kept it here. */
  needs: z.unknown().optional(),
});
export type VersionRecord = z.output<typeof versionRecordSchema>;

export const versionRecordKey = (app: AppName, version: string) =>
  `deploys/versions/${appFolder(app)}/${version}.json`;
const filesPrefix = (app: AppName, version: string) => `${appFolder(app)}/${version}/`;

export function checkVersion(version: string): void {
  if (!VERSION.test(version))
    throw new Refusal(
      400,
      'invalid_version',
      `A version is the 10 hex digits of its content hash; got "${version}".`,
    );
}

export function checkFilePath(file: string): void {
  if (file.length > 300 || !FILE_PATH.test(file))
    throw new Refusal(
      400,
      'invalid_path',
      `"${file}" is not a file path inside a version (names of letters, digits, . _ - @ +, none starting with a dot; at most 300 characters).`,
    );
}

interface FileBytes {
  path: string;
  bytes: Buffer;
}

/** The version publish.ts derives: sha256 over every file's path and bytes, in path order. */
export function contentVersionOf(files: readonly FileBytes[]): string {
  const hash = createHash('sha256');
  for (const file of files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    hash.update(file.path).update('\0').update(file.bytes).update('\0');
  return hash.digest('hex').slice(0, 10);
}

const DECOMPRESS: Record<string, { name: string; decompress: (bytes: Buffer) => Buffer }> = {
  '.br': { name: 'brotli', decompress: brotliDecompressSync },
  '.gz': { name: 'gzip', decompress: gunzipSync },
};

/** publish.ts's check: a stale `.br`/`.gz` copy would give the browsers that take it other code. */
export function staleCompressedCopies(files: readonly FileBytes[]): string[] {
  const byPath = new Map(files.map((file) => [file.path, file.bytes]));
  const stale: string[] = [];
  for (const file of files) {
    const extension = path.posix.extname(file.path);
    const encoding = DECOMPRESS[extension];
    const original = byPath.get(file.path.slice(0, -extension.length));
    if (!encoding || !original) continue;
    let same = false;
    try {
      same = encoding.decompress(file.bytes).equals(original);
    } catch {
      // Not even valid compressed data: stale like any other mismatch.
    }
    if (!same)
      stale.push(`${file.path} is not a ${encoding.name} copy of ${file.path.slice(0, -extension.length)}`);
  }
  return stale;
}

export async function readVersionRecord(
  store: OriginStore,
  app: AppName,
  version: string,
): Promise<VersionRecord | null> {
  const stored = await store.get(versionRecordKey(app, version));
  if (!stored) return null;
  return versionRecordSchema.parse(JSON.parse(stored.bytes.toString('utf8')));
}

/** Stores one file of a version. `created` is false when the same bytes were already there. */
export async function uploadFile(
  store: OriginStore,
  { app, version, file, bytes }: { app: AppName; version: string; file: string; bytes: Buffer },
): Promise<{ created: boolean }> {
  checkVersion(version);
  checkFilePath(file);
  const key = `${filesPrefix(app, version)}${file}`;
  const sealed = (await store.get(versionRecordKey(app, version))) !== null;
  if (!sealed && (await store.putIfAbsent(key, bytes))) return { created: true };
  const existing = await store.get(key);
  if (existing && existing.bytes.equals(bytes)) return { created: false };
  if (sealed)
    throw new Refusal(
      409,
      'sealed',
      `${appFolder(app)} ${version} is sealed; ${file} is not one of its files.`,
    );
  throw new Refusal(
    409,
    'file_exists',
    `${appFolder(app)} ${version} already has other bytes for ${file}: a version's files never change. Upload a new build (its content gives it a new version).`,
  );
}

/** The files uploaded so far, with their sha256 (the CLI skips those). */
export async function uploadedFiles(
  store: OriginStore,
  app: AppName,
  version: string,
): Promise<{ path: string; sha256: string }[]> {
  checkVersion(version);
  const prefix = filesPrefix(app, version);
  const keys = await store.list(prefix);
  return Promise.all(
    keys.map(async (key) => {
      const stored = await store.get(key);
      return {
        path: key.slice(prefix.length),
        sha256: createHash('sha256')
          .update(stored?.bytes ?? Buffer.alloc(0))
          .digest('hex'),
      };
    }),
  );
}

/**
 * What the build says it needs from the shell (and, for the shell, provides): its contract file
 * (shared/build/contract-plugin.mjs), carried into the manifest entry, where the ledger checks every
 * build it makes. A build made before builds recorded it has none.
 */
function readContract(app: AppName, files: readonly FileBytes[]): Pick<AppEntry, 'needs' | 'provides'> {
  const file = files.find((candidate) => candidate.path === NEEDS_FILE);
  if (!file) return {};
  let contract;
  try {
    contract = parseBuildContract(JSON.parse(file.bytes.toString('utf8')), NEEDS_FILE);
  } catch (error) {
    throw new Refusal(422, 'invalid_needs', `${NEEDS_FILE} of this version: ${(error as Error).message}.`);
  }
  if (contract.app !== app)
    throw new Refusal(
      422,
      'invalid_needs',
      `${NEEDS_FILE} is the contract of ${contract.app}, not of ${app}.`,
    );
  return { needs: contract.needs, ...(contract.provides ? { provides: contract.provides } : {}) };
}

/** Checks the uploaded files and writes the version record (the same record again for a sealed version). */
export async function sealVersion(
  store: OriginStore,
  { app, version, by, now = Date.now() }: { app: AppName; version: string; by: string; now?: number },
): Promise<{ record: VersionRecord; created: boolean }> {
  checkVersion(version);
  const sealed = await readVersionRecord(store, app, version);
  if (sealed) return { record: sealed, created: false };
  const prefix = filesPrefix(app, version);
  const keys = await store.list(prefix);
  const name = `${appFolder(app)} ${version}`;
  if (keys.length === 0)
    throw new Refusal(
      422,
      'not_uploaded',
      `${name} has no files: upload them first (PUT /v1/versions/${app}/${version}/files/<path>).`,
    );
  const files = await Promise.all(
    keys.map(async (key) => ({
      path: key.slice(prefix.length),
      bytes: (await store.get(key))?.bytes ?? Buffer.alloc(0),
    })),
  );
  const actual = contentVersionOf(files);
  if (actual !== version)
    throw new Refusal(
      422,
      'version_mismatch',
      `The files uploaded for ${name} hash to ${actual}, not ${version}: some are missing or extra. Upload exactly the build's files.`,
      { contentVersion: actual },
    );
  const byPath = new Map(files.map((file) => [file.path, file.bytes]));
  const entryBytes = byPath.get(entryFile(app));
  if (!entryBytes)
    throw new Refusal(422, 'no_entry', `${name} has no ${entryFile(app)}: it is not a build of ${app}.`);
  const stale = staleCompressedCopies(files);
  if (stale.length > 0)
    throw new Refusal(
      422,
      'stale_copy',
      `${name}: ${stale.join('; ')}. Rebuild the app, or delete the stale copy.`,
    );
  const entry: AppEntry = {
    version,
    entry: `/${appFolder(app)}/${version}/${entryFile(app)}`,
    integrity: sriOf(entryBytes),
    ...readContract(app, files),
  };
  const serverBytes = byPath.get(SERVER_ENTRY);
  if (serverBytes)
    entry.server = { entry: `/${appFolder(app)}/${version}/${SERVER_ENTRY}`, integrity: sriOf(serverBytes) };
  const record: VersionRecord = {
    app,
    version,
    sealedAt: now,
    by,
    entry: v.parse(appEntrySchema, entry),
    files: files.map((file) => ({
      path: file.path,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      size: file.bytes.length,
    })),
  };
  const created = await store.putIfAbsent(
    versionRecordKey(app, version),
    Buffer.from(`${JSON.stringify(record, null, 2)}\n`),
    'application/json',
  );
  // Two seals at once: the first record stands (they describe the same files).
  if (!created) return { record: (await readVersionRecord(store, app, version)) ?? record, created: false };
  return { record, created: true };
}
