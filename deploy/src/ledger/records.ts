/**
 * What the ledger keeps in the origin, and how it reads it back:
 *   builds/latest.json, builds/env/<env>.json   pointers (compare-and-swap)
 *   builds/meta/<buildId>.json                  build manifests (immutable)
 *   deploys/releases/<env>/<releaseId>.json     one record per change (immutable), chained by `parent`
 * Every read is validated; a file that does not parse is refused with a message naming its key.
 */
import * as v from 'valibot';
import {
  APP_NAMES,
  buildMetaPath,
  buildMetaSchema,
  environmentPointerPath,
  latestBuildSchema,
  type BuildMeta,
  type LatestBuild,
} from '@arttoy/shared/contracts';
import { type OriginStore } from '../origin-store/store';
import { corruptRecord } from './errors';

export const RELEASE_KINDS = [
  'publish',
  'deploy',
  'rollback',
  'promote',
  'canary',
  'canary-rollback',
  'canary-promote',
] as const;

const releaseId = v.pipe(v.string(), v.regex(/^[0-9a-z][0-9a-z-]{7,63}$/, 'must be a release id'));

export const releaseSchema = v.object({
  id: releaseId,
  env: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{1,31}$/, 'must be an environment name')),
  /** The pointer's revision this change made (1 for an environment's first). */
  revision: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The change it was made on top of (null: the environment's first). */
  parent: v.nullable(releaseId),
  /** The stable build the pointer named after this change. */
  buildId: v.string(),
  /** The build the change was decided on (a new environment's first: production's then). */
  base: v.optional(v.nullable(v.string())),
  at: v.pipe(v.number(), v.integer(), v.gtValue(0)),
  by: v.pipe(v.string(), v.minLength(1)),
  kind: v.picklist(RELEASE_KINDS),
  app: v.optional(v.picklist(APP_NAMES)),
  /** The app's version before and after (`from` null when the environment started here). */
  from: v.optional(v.nullable(v.string())),
  to: v.optional(v.string()),
  percent: v.optional(v.number()),
  reason: v.optional(v.string()),
  /** A promotion's source: `canary` or the environment it came from. */
  source: v.optional(v.string()),
  /** The apps whose version a whole-site change (publish, rollback to a build) changed. */
  changed: v.optional(v.array(v.picklist(APP_NAMES))),
});

export type Release = v.InferOutput<typeof releaseSchema>;

export const pointerKey = (env: string): string => environmentPointerPath(env).slice(1);
export const metaKey = (buildId: string): string => buildMetaPath(buildId).slice(1);
export const releaseKey = (env: string, id: string): string => `deploys/releases/${env}/${id}.json`;

/** Parses a stored JSON object against its schema, or throws corrupt_record naming the key. */
function parseStored<TSchema extends v.GenericSchema>(
  schema: TSchema,
  bytes: Buffer,
  key: string,
): v.InferOutput<TSchema> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw corruptRecord(key, `not JSON (${(error as Error).message})`);
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  throw corruptRecord(
    key,
    result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('; '),
  );
}

export const toBytes = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export async function readPointer(
  store: OriginStore,
  env: string,
): Promise<{ pointer: LatestBuild; etag: string } | null> {
  const key = pointerKey(env);
  const stored = await store.get(key);
  return stored && { pointer: parseStored(latestBuildSchema, stored.bytes, key), etag: stored.etag };
}

/** A build manifest, or null when there is none with that id. */
export async function readMeta(store: OriginStore, buildId: string): Promise<BuildMeta | null> {
  const key = metaKey(buildId);
  const stored = await store.get(key);
  const meta = stored && parseStored(buildMetaSchema, stored.bytes, key);
  if (meta && meta.id !== buildId) throw corruptRecord(key, `its id is ${meta.id}`);
  return meta;
}

export async function readRelease(store: OriginStore, env: string, id: string): Promise<Release> {
  const key = releaseKey(env, id);
  const stored = await store.get(key);
  if (!stored) throw corruptRecord(key, 'it is missing (a pointer or a later release names it)');
  const release = parseStored(releaseSchema, stored.bytes, key);
  if (release.id !== id || release.env !== env)
    throw corruptRecord(key, `it is ${release.env}/${release.id}`);
  return release;
}
