/**
 * The deploy manifest: `builds/latest.json` names the live build; `builds/meta/<buildId>.json`
 * says, for that build of the whole site, where every app's entry lives. The shell reads it at
 * run time, so moving a remote is an edit of the manifest, not a rebuild of the shell.
 */
import * as v from 'valibot';
import { APP_NAMES, REMOTE_NAMES } from './remote';
import { parseOrExplain } from './parse-or-explain';

const BUILD_ID = /^[0-9a-z][0-9a-z-]{5,63}$/;
const VERSION = /^[0-9a-z][0-9a-z.-]{0,63}$/;
const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

const matching = (pattern: RegExp, message: string) => v.pipe(v.string(), v.regex(pattern, message));
const buildIdSchema = matching(BUILD_ID, 'id must be 6-64 lower-case letters, digits or dashes');
const timestamp = v.pipe(v.number(), v.integer(), v.gtValue(0));

/** A share key of the page's share scope: `react`, `react/jsx-runtime`, `@arttoy/shared/auth`. */
const shareKeySchema = matching(
  /^(@[a-z0-9-]+\/)?[a-z0-9.-]+(\/[a-z0-9.-]+)*$/,
  'a share key must be a package name or subpath',
);
/** A semver version or range as npm writes them (`19.3.1`, `^1.0.0`, `>=1.2 <3`); compat.ts parses them. */
const semverTextSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9a-zA-Z^~<>=.|*+ -]{1,64}$/, 'a version or range must be written as npm writes one'),
);
const contractVersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * What an app's build needs from the page it is mounted in (recorded at build time, contract.json):
 * the remote contract version it was built against and, per shared singleton it consumes, the range
 * it requires (as Module Federation's `requiredVersion`).
 */
export const contractNeedsSchema = v.object({
  contract: contractVersionSchema,
  shared: v.record(shareKeySchema, semverTextSchema),
});

/** What the shell's build provides to every remote on the page: the contract version it speaks, and each shared singleton's version. */
export const contractProvidesSchema = v.object({
  contract: contractVersionSchema,
  shared: v.record(shareKeySchema, semverTextSchema),
});

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
  /** What this version needs from the shell (absent in entries published before contracts were recorded). */
  needs: v.optional(contractNeedsSchema),
  /** The shell's entry only: what it provides to remotes. */
  provides: v.optional(contractProvidesSchema),
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

/** A named environment: `production` (the live site), `preview`, or a team's own (`qa-gallery`). */
export const ENVIRONMENT_NAME = /^[a-z][a-z0-9-]{1,31}$/;
export const environmentNameSchema = matching(
  ENVIRONMENT_NAME,
  'environment must be 2-32 lower-case letters, digits or dashes, starting with a letter',
);
/** The id of one recorded change of an environment (deploy/src/ledger): 8-64 letters, digits or dashes. */
const releaseIdSchema = matching(
  /^[0-9a-z][0-9a-z-]{7,63}$/,
  'release must be 8-64 lower-case letters, digits or dashes',
);

/**
 * A canary: a share of visitors, sticky per visitor, get `id` (the stable build with one remote's
 * new version) instead of the stable build. The site server picks the build for each document and
 * names it in the page, so the server render and the browser agree.
 */
export const canarySchema = v.object({
  /** The remote on trial. */
  app: v.picklist(REMOTE_NAMES, 'canary.app must be a remote'),
  /** The candidate build: every app as in the stable build, but `app` at its new version. */
  id: buildIdSchema,
  /** Share of visitors who get the candidate, 1-100. */
  percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  /** The change that started the canary (its stickiness is keyed by it: a new canary re-deals visitors). */
  release: releaseIdSchema,
  startedAt: timestamp,
  /** The window over which the canary's error rate is compared with the stable version's. */
  windowMs: v.pipe(v.number(), v.integer(), v.minValue(1000)),
  /** How much worse (error rate, 0-1) the canary may be before it is rolled back. */
  margin: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  /** Page views of the canary needed before it is judged. */
  minViews: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/**
 * An environment's pointer: `builds/latest.json` for production (what every browser polls), and
 * `builds/env/<name>.json` for any other. It changes only by compare-and-swap (deploy/src/ledger).
 */
export const latestBuildSchema = v.object({
  id: buildIdSchema,
  timestamp,
  /** Counts the pointer's changes (absent before the deploy service wrote it). */
  revision: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The recorded change that made this pointer (deploys/releases/<env>/<release>.json). */
  release: v.optional(releaseIdSchema),
  canary: v.optional(canarySchema),
});

export type AppEntry = v.InferOutput<typeof appEntrySchema>;
export type ContractNeeds = v.InferOutput<typeof contractNeedsSchema>;
export type ContractProvides = v.InferOutput<typeof contractProvidesSchema>;
export type BuildMeta = v.InferOutput<typeof buildMetaSchema>;
export type LatestBuild = v.InferOutput<typeof latestBuildSchema>;
export type Canary = v.InferOutput<typeof canarySchema>;

/** `contract.json` beside an app's build (shared/build/contract-plugin.mjs): publishing copies it into the app's entry. */
export const buildContractSchema = v.object({
  app: v.picklist(APP_NAMES, 'app must be the name of an app'),
  needs: contractNeedsSchema,
  provides: v.optional(contractProvidesSchema),
});
export type BuildContract = v.InferOutput<typeof buildContractSchema>;

export function parseBuildContract(value: unknown, source: string): BuildContract {
  return parseOrExplain(buildContractSchema, value, `Build contract ${source} is invalid`);
}

/** Parses a manifest or throws an error naming every field that is wrong. */
export function parseBuildMeta(value: unknown, source: string): BuildMeta {
  return parseOrExplain(buildMetaSchema, value, `Build manifest ${source} is invalid`);
}

export function parseLatestBuild(value: unknown, source: string): LatestBuild {
  return parseOrExplain(latestBuildSchema, value, `Latest-build pointer ${source} is invalid`);
}

export const LATEST_BUILD_PATH = '/builds/latest.json';
export const buildMetaPath = (buildId: string): string => `/builds/meta/${buildId}.json`;
/** Where an environment's pointer lives: production's is the one browsers poll. */
export const environmentPointerPath = (environment: string): string =>
  environment === 'production' ? LATEST_BUILD_PATH : `/builds/env/${environment}.json`;
