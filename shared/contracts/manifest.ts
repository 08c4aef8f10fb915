/**
 * The deploy manifest: `builds/latest.json` names the live build; `builds/meta/<buildId>.json`
 * says, for that build of the whole site, where every app's entry lives. The shell reads it at
 * run time, so moving a remote is an edit of the manifest, not a rebuild of the shell.
 */
import * as z from 'zod/mini';
import { APP_NAMES } from './remote';

const BUILD_ID = /^[0-9a-z][0-9a-z-]{5,63}$/;
const VERSION = /^[0-9a-z][0-9a-z.-]{0,63}$/;

export const appEntrySchema = z.object({
  /** Immutable version of the app's published files. */
  version: z.string().check(z.regex(VERSION, 'version must be lower-case letters, digits, dots and dashes')),
  /** URL of the entry: the shell's `main.js` or a remote's `remoteEntry.js`; absolute or origin-relative. */
  entry: z.string().check(z.regex(/^(\/|https?:\/\/)[^\s"'<>]+$/, 'entry must be an http(s) URL or an origin-relative path')),
  /** Subresource Integrity of the entry (sha384-…), when known. */
  integrity: z.optional(z.string().check(z.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'integrity must be sha384-<base64>'))),
  /** Stylesheets of the entry (the shell's), origin-relative or absolute. */
  styles: z.optional(z.array(z.string())),
  /**
   * The app's server container (`./server`, for server rendering): origin-relative, inside the
   * version's folder, with its integrity. An app without one is rendered in the browser only.
   */
  server: z.optional(
    z.object({
      entry: z.string().check(z.regex(/^\/[0-9a-z-]+\/[0-9a-z][0-9a-z.-]*\/server\/remoteEntry\.js$/, 'server.entry must be /<app>/<version>/server/remoteEntry.js')),
      integrity: z.string().check(z.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'server.integrity must be sha384-<base64>')),
    }),
  ),
});

export const buildMetaSchema = z.object({
  id: z.string().check(z.regex(BUILD_ID, 'id must be 6-64 lower-case letters, digits or dashes')),
  timestamp: z.number().check(z.int(), z.positive()),
  /** Routes served as prerendered pages (none yet). */
  prerendered: z.array(z.string()),
  /** Per-route rules from the server (none yet). */
  routeRules: z.record(z.string(), z.record(z.string(), z.unknown())),
  apps: z.object(Object.fromEntries(APP_NAMES.map((name) => [name, appEntrySchema])) as Record<(typeof APP_NAMES)[number], typeof appEntrySchema>),
});

export const latestBuildSchema = z.object({
  id: z.string().check(z.regex(BUILD_ID, 'id must be 6-64 lower-case letters, digits or dashes')),
  timestamp: z.number().check(z.int(), z.positive()),
});

export type AppEntry = z.infer<typeof appEntrySchema>;
export type BuildMeta = z.infer<typeof buildMetaSchema>;
export type LatestBuild = z.infer<typeof latestBuildSchema>;

/** Parses a manifest or throws an error naming every field that is wrong. */
export function parseBuildMeta(value: unknown, source: string): BuildMeta {
  return parseOrExplain(buildMetaSchema, value, `Build manifest ${source}`);
}

export function parseLatestBuild(value: unknown, source: string): LatestBuild {
  return parseOrExplain(latestBuildSchema, value, `Latest-build pointer ${source}`);
}

function parseOrExplain<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`${what} is invalid: ${problems.join('; ')}`);
}

export const LATEST_BUILD_PATH = '/builds/latest.json';
export const buildMetaPath = (buildId: string): string => `/builds/meta/${buildId}.json`;
