/**
 * The deploy manifest: `builds/latest.json` names the live build; `builds/meta/<buildId>.json`
 * says, for that build of the whole site, where every app's entry lives. The shell reads it at
 * run time, so moving a remote is an edit of the manifest, not a rebuild of the shell.
 */
import * as v from 'valibot';
import { APP_NAMES } from './remote';
import { parseOrExplain } from './parse-or-explain';

const BUILD_ID = /^[0-9a-z][0-9a-z-]{5,63}$/;
const VERSION = /^[0-9a-z][0-9a-z.-]{0,63}$/;
const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

const matching = (pattern: RegExp, message: string) => v.pipe(v.string(), v.regex(pattern, message));
const buildIdSchema = matching(BUILD_ID, 'id must be 6-64 lower-case letters, digits or dashes');
const timestamp = v.pipe(v.number(), v.integer(), v.gtValue(0));

export const appEntrySchema = v.object({
  /** Immutable version of the app's published files. */
  version: matching(VERSION, 'version must be lower-case letters, digits, dots and dashes'),
  /** URL of the entry: the shell's `main.js` or a remote's `remoteEntry.js`; absolute or origin-relative. */
  entry: matching(/^(\/|https?:\/\/)[^\s"'<>]+$/, 'entry must be an http(s) URL or an origin-relative path'),
  /** Subresource Integrity of the entry (sha384-…), when known. */
  integrity: v.optional(matching(INTEGRITY, 'integrity must be sha384-<base64>')),
  /** Stylesheets of the entry (the shell's), origin-relative or absolute. */
  styles: v.optional(v.array(v.string())),
  /**
   * The app's server container (`./server`, for server rendering): origin-relative, inside the
   * version's folder, with its integrity. An app without one is rendered in the browser only.
   */
  server: v.optional(
    v.object({
      entry: matching(
        /^\/[0-9a-z-]+\/[0-9a-z][0-9a-z.-]*\/server\/remoteEntry\.js$/,
        'server.entry must be /<app>/<version>/server/remoteEntry.js',
      ),
      integrity: matching(INTEGRITY, 'server.integrity must be sha384-<base64>'),
    }),
  ),
});

export const buildMetaSchema = v.object({
  id: buildIdSchema,
  timestamp,
  /** Routes served as prerendered pages (none yet). */
  prerendered: v.array(v.string()),
  /** Per-route rules from the server (none yet). */
  routeRules: v.record(v.string(), v.record(v.string(), v.unknown())),
  apps: v.object(
    Object.fromEntries(APP_NAMES.map((name) => [name, appEntrySchema])) as Record<
      (typeof APP_NAMES)[number],
      typeof appEntrySchema
    >,
  ),
});

export const latestBuildSchema = v.object({ id: buildIdSchema, timestamp });

export type AppEntry = v.InferOutput<typeof appEntrySchema>;
export type BuildMeta = v.InferOutput<typeof buildMetaSchema>;
export type LatestBuild = v.InferOutput<typeof latestBuildSchema>;

/** Parses a manifest or throws an error naming every field that is wrong. */
export function parseBuildMeta(value: unknown, source: string): BuildMeta {
  return parseOrExplain(buildMetaSchema, value, `Build manifest ${source} is invalid`);
}

export function parseLatestBuild(value: unknown, source: string): LatestBuild {
  return parseOrExplain(latestBuildSchema, value, `Latest-build pointer ${source} is invalid`);
}

export const LATEST_BUILD_PATH = '/builds/latest.json';
export const buildMetaPath = (buildId: string): string => `/builds/meta/${buildId}.json`;
