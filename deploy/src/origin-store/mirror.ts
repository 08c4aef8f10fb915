/**
 * A read-through copy of a bucket origin in a local folder, which the site server serves as it
 * serves `.origin/` (files, templates, server containers, pointers).
 *
 * Each sync reads the environments' pointers (`builds/latest.json`, `builds/env/*.json`), then
 * copies what the builds they name need: each build's manifest and the version folders its apps
 * live in. Those never change once written, so each is fetched once. The pointers are written last,
 * each by write-then-rename, so the folder never names a build whose files are not all there.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  APP_NAMES,
  appFolder,
  buildMetaPath,
  parseBuildMeta,
  parseLatestBuild,
  type BuildMeta,
} from '@arttoy/shared/contracts';
import type { Environment } from '../config';
import { originCacheDir, originStoreFromEnv, originSyncMs } from './from-env';
import { LocalOriginStore } from './local';
import type { OriginStore } from './store';

const LATEST = 'builds/latest.json';
const ENVIRONMENTS = 'builds/env/';

export interface MirrorSync {
  /** Pointer keys whose bytes changed in the folder. */
  pointers: string[];
  /** Objects copied into the folder (manifests and version files). */
  copied: number;
}

export interface OriginMirror {
  readonly folder: string;
  /**
   * Copies what changed since the last sync. Rejects, naming them, when some pointers could not be
   * followed (their builds could not be copied): those keep their old bytes, the others move on.
   */
  sync(): Promise<MirrorSync>;
  /** Syncs every `intervalMs` until stopped; a failed sync is reported and tried again next time. */
  start(intervalMs: number, onError: (error: unknown) => void): void;
  stop(): Promise<void>;
}

const keyOf = (url: string): string => url.replace(/^\//, '');

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

export function createOriginMirror(store: OriginStore, folder: string): OriginMirror {
  /** Version folders (`mf-gallery/<version>/`) and manifests already whole in the folder. */
  const whole = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const fileOf = (key: string) => path.join(folder, ...key.split('/'));

  async function write(key: string, bytes: Buffer): Promise<void> {
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  }

  async function copy(key: string): Promise<Buffer> {
    const object = await store.get(key);
    if (!object) throw new Error(`${store.description} has no ${key}, which a live build needs.`);
    await write(key, object.bytes);
    return object.bytes;
  }

  /** The build's manifest, from the folder when it is already there. */
  async function manifest(buildId: string): Promise<{ meta: BuildMeta; copied: number }> {
    const key = keyOf(buildMetaPath(buildId));
    const local = whole.has(key) ? await fs.readFile(fileOf(key)).catch(() => null) : null;
    const bytes = local ?? (await copy(key));
    whole.add(key);
    return { meta: parseBuildMeta(JSON.parse(bytes.toString('utf8')), key), copied: local ? 0 : 1 };
  }

  /** Copies the files of one version folder that the folder does not have yet. */
  async function versionFolder(prefix: string): Promise<number> {
    if (whole.has(prefix)) return 0;
    const keys = await store.list(prefix);
    if (keys.length === 0)
      throw new Error(`${store.description} has no files under ${prefix}, which a live build names.`);
    let copied = 0;
    for (const key of keys) {
      if (await exists(fileOf(key))) continue;
      await copy(key);
      copied += 1;
    }
    whole.add(prefix);
    return copied;
  }

  /** Copies what one pointer's builds need, then the pointer when it changed; true when it did. */
  async function follow(key: string, bytes: Buffer): Promise<{ changed: boolean; copied: number }> {
    const pointer = parseLatestBuild(JSON.parse(bytes.toString('utf8')), key);
    let copied = 0;
    for (const id of [pointer.id, ...(pointer.canary ? [pointer.canary.id] : [])]) {
      const { meta, copied: manifests } = await manifest(id);
      copied += manifests;
      for (const app of APP_NAMES) {
        const entry = meta.apps[app];
        // An app served from another origin (an absolute entry URL) has nothing here to copy.
        if (entry.entry.startsWith('/')) copied += await versionFolder(`${appFolder(app)}/${entry.version}/`);
      }
    }
    const local = await fs.readFile(fileOf(key)).catch(() => null);
    if (local?.equals(bytes)) return { changed: false, copied };
    await write(key, bytes);
    return { changed: true, copied };
  }

  async function syncOnce(): Promise<MirrorSync> {
    const keys = [LATEST, ...(await store.list(ENVIRONMENTS)).filter((key) => key.endsWith('.json'))];
    const result: MirrorSync = { pointers: [], copied: 0 };
    const failures: string[] = [];
    // One environment whose build cannot be copied keeps its old pointer; the others move on.
    for (const key of keys) {
      try {
        const object = await store.get(key);
        if (!object) continue;
        const { changed, copied } = await follow(key, object.bytes);
        result.copied += copied;
        if (changed) result.pointers.push(key);
      } catch (error) {
        failures.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failures.length > 0) throw new Error(`Not followed (kept as they were): ${failures.join('; ')}`);
    return result;
  }

  return {
    folder,
    // One sync at a time: a slow one is never overtaken by the next.
    sync() {
      const next = running.then(syncOnce, syncOnce);
      running = next.catch(() => undefined);
      return next;
    },
    start(intervalMs, onError) {
      const tick = () => {
        timer = setTimeout(() => {
          void this.sync()
            .catch(onError)
            .finally(() => {
              if (timer) tick();
            });
        }, intervalMs);
      };
      tick();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * The folder the site server serves: the origin folder itself, or, for a bucket origin, its local
 * copy, synced once before the server starts (a failure is logged: the site then answers 503 until
 * a sync succeeds) and then every ORIGIN_SYNC_MS. Throws OriginSettingError for a wrong setting.
 */
export async function siteOriginFolder(
  env: Environment,
  log: { info(message: string): void; error(message: string): void },
): Promise<{ folder: string; stop(): Promise<void> }> {
  const store = originStoreFromEnv(env);
  if (store instanceof LocalOriginStore) return { folder: store.root, stop: async () => undefined };
  const intervalMs = originSyncMs(env);
  const mirror = createOriginMirror(store, originCacheDir(env));
  // Served from the start, even before the first build arrives.
  await fs.mkdir(mirror.folder, { recursive: true });
  const report = (error: unknown) =>
    log.error(
      `The origin in ${store.description} could not be copied to ${mirror.folder}: ${error instanceof Error ? error.message : String(error)}`,
    );
  await mirror
    .sync()
    .then(
      () =>
        log.info(
          `Origin: ${store.description}, served from its copy in ${mirror.folder} (synced every ${intervalMs} ms).`,
        ),
      report,
    );
  mirror.start(intervalMs, report);
  return { folder: mirror.folder, stop: () => mirror.stop() };
}
