/**
 * The builds the site server serves from: the pointers it reads (production's, each time it
 * changes), and a few builds kept in memory with what their documents are made from (the shell's
 * template, preload lists, inline stylesheets). A build's manifest never changes, so a build is
 * read once; the least recently served is dropped when a fourth one comes (stable, canary and a
 * preview, and the build being replaced by a deploy).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  buildMetaPath,
  environmentPointerPath,
  parseBuildMeta,
  parseLatestBuild,
  type BuildMeta,
  type LatestBuild,
} from '@arttoy/shared/contracts';
import { readInlineStylesheets, readPreloadLists, type PreloadLists } from '../preload-list';

/** How many builds the site server keeps ready (documents and server containers alike). */
export const BUILDS_KEPT = 4;

export interface ServedBuild {
  meta: BuildMeta;
  template: string;
  preloadLists: PreloadLists;
  /** Stylesheets a server-rendered document carries inline, by URL. */
  inlineStylesheets: ReadonlyMap<string, string>;
}

/** 503 with what to do: the error answer keeps a 503's message (a 500's is hidden from visitors). */
const noBuild = (origin: string) =>
  Object.assign(new Error(`No build is published in ${origin}: run npm run build.`), { statusCode: 503 });

/** An environment's pointer, re-read whenever its file changes; null when the environment has none. */
export function pointerReader(origin: string, env: string): () => Promise<LatestBuild | null> {
  const file = path.join(origin, environmentPointerPath(env));
  let cached: { stamp: string; pointer: LatestBuild } | null = null;
  return async () => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    // Written by rename: a new file (inode) each time, whatever the clock's resolution.
    const stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    if (cached?.stamp !== stamp)
      cached = { stamp, pointer: parseLatestBuild(JSON.parse(await fs.readFile(file, 'utf8')), file) };
    return cached.pointer;
  };
}

/** Production's pointer; 503 (run npm run build) when the origin has none. */
export function productionReader(origin: string): () => Promise<LatestBuild> {
  const read = pointerReader(origin, 'production');
  return async () => {
    const pointer = await read();
    if (!pointer) throw noBuild(origin);
    return pointer;
  };
}

async function readBuild(origin: string, id: string, warn: (message: string) => void): Promise<ServedBuild> {
  const metaFile = path.join(origin, buildMetaPath(id));
  const meta = parseBuildMeta(JSON.parse(await fs.readFile(metaFile, 'utf8')), metaFile);
  const template = await fs.readFile(
    path.join(origin, meta.apps.shell.entry.replace(/main\.js$/, 'index.html')),
    'utf8',
  );
  const preloadLists = await readPreloadLists(origin, meta, warn);
  const inlineStylesheets = await readInlineStylesheets(origin, preloadLists);
  return { meta, template, preloadLists, inlineStylesheets };
}

/**
 * Builds by id, read on first use and kept (least recently used dropped past BUILDS_KEPT).
 * `onNewBuild` hears of each build read, to load its server containers before its next visitors.
 */
export function buildStore(
  origin: string,
  warn: (message: string) => void,
  onNewBuild: (meta: BuildMeta) => void,
): (id: string) => Promise<ServedBuild> {
  const kept = new Map<string, Promise<ServedBuild>>();
  return (id) => {
    let build = kept.get(id);
    if (build) {
      // Most recently used last: Map keeps insertion order.
      kept.delete(id);
      kept.set(id, build);
      return build;
    }
    const reading = readBuild(origin, id, warn);
    kept.set(id, reading);
    reading.then(
      (read) => onNewBuild(read.meta),
      // A build that could not be read is not kept: the next request tries again.
      () => {
        if (kept.get(id) === reading) kept.delete(id);
      },
    );
    for (const old of kept.keys()) {
      if (kept.size <= BUILDS_KEPT) break;
      kept.delete(old);
    }
    return reading;
  };
}
