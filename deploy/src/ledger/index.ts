/**
 * The ledger: every change of an environment (a publish, a deploy, a rollback, a promotion, a
 * canary) goes through here, on any OriginStore.
 *
 * One change: read the pointer (and its etag) → decide → write the new build manifest
 * (`builds/meta/<id>.json`, putIfAbsent) → write the release record
 * (`deploys/releases/<env>/<id>.json`, putIfAbsent, chained to the pointer's release by `parent`)
 * → compare-and-swap the pointer. When the pointer changed meanwhile, read it again and decide
 * again: a deploy of another app then lands on top of it; a deploy of the same app whose `expect`
 * is no longer true loses (LostRace). A release record whose swap lost is never reachable from a
 * pointer, so history (which walks `parent` from the pointer) never shows it.
 */
import { randomBytes, createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import {
  APP_NAMES,
  appEntrySchema,
  appFolder,
  canarySchema,
  ENVIRONMENT_NAME,
  latestBuildSchema,
  parseBuildMeta,
  REMOTE_NAMES,
  type AppEntry,
  type AppName,
  type BuildMeta,
  type Canary,
  type LatestBuild,
  type RemoteName,
} from '@arttoy/shared/contracts';
import { buildProblems } from '@arttoy/shared/contracts/compat';
import { type OriginStore, PreconditionFailed } from '../origin-store/store';
import {
  alreadyLive,
  canaryRunning,
  contention,
  corruptRecord,
  incompatible,
  invalidEntry,
  invalidEnvironment,
  LostRace,
  noBuildLive,
  noCanary,
  nothingToRollBack,
  unknownApp,
  unknownBuild,
  unknownVersion,
} from './errors';
import {
  metaKey,
  pointerKey,
  readMeta,
  readPointer,
  readRelease,
  releaseKey,
  releaseSchema,
  toBytes,
  type Release,
} from './records';

export * from './errors';
export { releaseSchema, type Release } from './records';

/** Who made a change: a team of deploy/teams.json, or `build` (npm run build). */
export type Team = string;

export const PRODUCTION = 'production';

export interface EnvironmentState {
  env: string;
  pointer: LatestBuild;
  etag: string;
  meta: BuildMeta;
}

/** How often a change is decided again after the pointer moved under it, before giving up (503). */
const MAX_ATTEMPTS = 64;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function checkEnvironment(env: string): void {
  // `canary` names production's running canary where an environment is expected (promote --from canary).
  if (env === 'canary')
    throw invalidEnvironment(
      '"canary" is not an environment: a canary runs in production (start one with --canary).',
    );
  if (!ENVIRONMENT_NAME.test(env))
    throw invalidEnvironment(
      `Environment "${env}" is not a name: 2-32 lower-case letters, digits or dashes, starting with a letter.`,
    );
}

export function checkApp(app: string): AppName {
  if (!(APP_NAMES as readonly string[]).includes(app)) throw unknownApp(app, APP_NAMES);
  return app as AppName;
}

function checkEntry(app: AppName, entry: unknown): AppEntry {
  const result = v.safeParse(appEntrySchema, entry);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw invalidEntry(`The entry of ${appFolder(app)} is invalid: ${problems.join('; ')}`);
}

/** Entries compare by what they say, whatever the order of their keys or an undefined optional. */
const sameEntry = (a: AppEntry, b: AppEntry): boolean =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

const changedApps = (before: BuildMeta['apps'] | undefined, after: BuildMeta['apps']): AppName[] =>
  APP_NAMES.filter((app) => !before || !sameEntry(before[app], after[app]));

/** The environment's pointer and its build, or null when nothing was ever made live there. */
export async function readEnvironment(store: OriginStore, env: string): Promise<EnvironmentState | null> {
  checkEnvironment(env);
  const read = await readPointer(store, env);
  if (!read) return null;
  const meta = await readMeta(store, read.pointer.id);
  if (!meta)
    throw corruptRecord(
      pointerKey(env),
      `it names build ${read.pointer.id}, and ${metaKey(read.pointer.id)} is missing`,
    );
  return { env, pointer: read.pointer, etag: read.etag, meta };
}

/** A build id: the time to the second, then a digest of the apps (the same apps, the same id). */
function buildIdFor(now: number, apps: BuildMeta['apps']): string {
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const digest = createHash('sha256').update(JSON.stringify(apps)).digest('hex').slice(0, 8);
  return `${stamp}-${digest}`;
}

/**
 * Validates and writes a build manifest (immutable). Two changes that make the same apps in the
 * same second share one manifest.
 */
export async function writeMeta(
  store: OriginStore,
  apps: BuildMeta['apps'],
  now: number,
): Promise<BuildMeta> {
  const meta = parseBuildMeta(
    { id: buildIdFor(now, apps), timestamp: now, prerendered: [], routeRules: {}, apps },
    'to publish',
  );
  // Every build the ledger makes (a deploy, a promotion, a canary's candidate, a canary carried onto
  // another team's change) is checked whole: a new remote against the shell, a new shell against
  // every remote.
  const problems = buildProblems(meta);
  if (problems.length > 0) throw incompatible(problems);
  if (await store.putIfAbsent(metaKey(meta.id), toBytes(meta), 'application/json')) return meta;
  const existing = await readMeta(store, meta.id);
  if (!existing || changedApps(existing.apps, meta.apps).length > 0)
    throw corruptRecord(metaKey(meta.id), 'it holds other apps under the same build id');
  return existing;
}

/** The change a decision asks for. */
interface Decision {
  /** The new stable build: its apps (written as a new manifest), or an existing build's id. */
  apps?: BuildMeta['apps'];
  buildId?: string;
  /** The canary after the change; left out, a running canary is carried over onto the new build. */
  canary?: (releaseId: string) => Canary | null;
  record: Pick<Release, 'kind'> &
    Partial<Pick<Release, 'app' | 'from' | 'to' | 'percent' | 'reason' | 'source'>>;
}

interface Current {
  state: EnvironmentState | null;
  /** The build a change starts from: the environment's, or production's for a new environment. */
  stable: BuildMeta | null;
}

export interface ChangeResult {
  /** The recorded change; when nothing changed, the change that made the live state (null before the ledger). */
  release: Release | null;
  meta: BuildMeta;
  changed: boolean;
  canary?: Canary;
}

async function startingPoint(store: OriginStore, env: string): Promise<Current> {
  const state = await readEnvironment(store, env);
  if (state || env === PRODUCTION) return { state, stable: state?.meta ?? null };
  return { state, stable: (await readEnvironment(store, PRODUCTION))?.meta ?? null };
}

function need(current: Current, env: string, store: OriginStore): BuildMeta {
  if (!current.stable) throw noBuildLive(env, store.description);
  return current.stable;
}

/**
 * A canary is a stable build with one remote at a candidate version: when the stable build changes
 * under it, the candidate is rebuilt on the new stable build, unless the change touched the
 * canary's own remote (then the canary is over: the change said which version that remote runs).
 */
async function carryCanary(
  store: OriginStore,
  canary: Canary | undefined,
  before: BuildMeta,
  after: BuildMeta,
  now: number,
): Promise<Canary | null> {
  if (!canary) return null;
  if (before.id === after.id) return canary;
  if (!sameEntry(before.apps[canary.app], after.apps[canary.app])) return null;
  const candidate = await readMeta(store, canary.id);
  if (!candidate) throw corruptRecord(metaKey(canary.id), "it is missing (production's canary names it)");
  const rebuilt = await writeMeta(store, { ...after.apps, [canary.app]: candidate.apps[canary.app] }, now);
  return { ...canary, id: rebuilt.id };
}

async function headRelease(store: OriginStore, state: EnvironmentState | null): Promise<Release | null> {
  return state?.pointer.release ? readRelease(store, state.env, state.pointer.release) : null;
}

/** Reads, decides, writes and swaps, deciding again whenever the pointer moved under the change. */
async function change(
  store: OriginStore,
  env: string,
  by: Team,
  now: number,
  decide: (current: Current) => Promise<Decision | null>,
): Promise<ChangeResult> {
  checkEnvironment(env);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const current = await startingPoint(store, env);
    const { state } = current;
    const decision = await decide(current);
    if (!decision) {
      const meta = need(current, env, store);
      return {
        release: await headRelease(store, state),
        meta,
        changed: false,
        canary: state?.pointer.canary,
      };
    }
    let meta: BuildMeta;
    if (decision.buildId) {
      const existing = await readMeta(store, decision.buildId);
      if (!existing) throw unknownBuild(decision.buildId, store.description);
      meta = existing;
    } else {
      meta = await writeMeta(store, decision.apps!, now);
    }
    const revision = (state?.pointer.revision ?? 0) + 1;
    const id = `${String(revision).padStart(6, '0')}-${buildIdFor(now, meta.apps).slice(0, 14)}-${randomBytes(4).toString('hex')}`;
    const carried = decision.canary
      ? decision.canary(id)
      : state
        ? await carryCanary(store, state.pointer.canary, state.meta, meta, now)
        : null;
    const ended = state?.pointer.canary && !carried && !decision.canary;
    const release = v.parse(releaseSchema, {
      id,
      env,
      revision,
      parent: state?.pointer.release ?? null,
      buildId: meta.id,
      base: current.stable?.id ?? null,
      at: now,
      by,
      ...decision.record,
      ...(decision.record.app ? {} : { changed: changedApps(current.stable?.apps, meta.apps) }),
      ...(ended && !decision.record.reason
        ? { reason: `ends the canary of ${appFolder(state.pointer.canary!.app)}` }
        : {}),
    });
    await store.putIfAbsent(releaseKey(env, id), toBytes(release), 'application/json');
    const pointer: LatestBuild = v.parse(latestBuildSchema, {
      id: meta.id,
      timestamp: now,
      revision,
      release: id,
      ...(carried ? { canary: carried } : {}),
    });
    try {
      await store.putIfMatch(pointerKey(env), toBytes(pointer), state?.etag ?? null, 'application/json');
      return { release, meta, changed: true, canary: carried ?? undefined };
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      // Someone else's change landed first: back off a little (more each time), then decide again.
      await pause(Math.random() * Math.min(200, 2 ** attempt));
    }
  }
  throw contention(env, MAX_ATTEMPTS);
}

function refuseDuringCanary(current: Current, env: string, app: AppName, what: string): void {
  const canary = env === PRODUCTION ? current.state?.pointer.canary : undefined;
  if (canary?.app === app)
    throw canaryRunning(
      `A canary of ${appFolder(app)} is running in production (release ${canary.release}); end it (promote or roll it back) before ${what}.`,
      { app, release: canary.release },
    );
}

/**
 * Points one app of an environment at a version (its entry as published). `expect`: the version
 * the caller believes is live; when another is, the deploy loses (LostRace, with the version it
 * lost to). Deploying the live version again changes nothing.
 */
export async function deployVersion(
  store: OriginStore,
  input: { env: string; app: AppName; entry: AppEntry; expect?: string; by: Team; now?: number },
): Promise<ChangeResult> {
  const app = checkApp(input.app);
  const entry = checkEntry(app, input.entry);
  return change(store, input.env, input.by, input.now ?? Date.now(), async (current) => {
    const stable = need(current, input.env, store);
    const live = stable.apps[app];
    if (sameEntry(live, entry)) return null;
    if (input.expect !== undefined && input.expect !== live.version)
      throw new LostRace(
        app,
        input.expect,
        live.version,
        await lastChangeOf(store, current.state, app),
        input.env,
      );
    refuseDuringCanary(current, input.env, app, 'deploying it');
    return {
      apps: { ...stable.apps, [app]: entry },
      record: { kind: 'deploy', app, from: live.version, to: entry.version },
    };
  });
}

/**
 * Walks an environment's changes from the live one back to its first (newest first), with their
 * builds. `limit` stops the walk early.
 */
async function* chain(store: OriginStore, state: EnvironmentState | null): AsyncGenerator<Release> {
  if (!state) return;
  let id = state.pointer.release;
  const seen = new Set<string>();
  while (id) {
    if (seen.has(id)) throw corruptRecord(releaseKey(state.env, id), 'its parents loop back to it');
    seen.add(id);
    const release = await readRelease(store, state.env, id);
    yield release;
    id = release.parent ?? undefined;
  }
}

/** The change that made the app's live version live (null: before the ledger kept records). */
async function lastChangeOf(
  store: OriginStore,
  state: EnvironmentState | null,
  app: AppName,
): Promise<string | null> {
  for await (const release of chain(store, state))
    if (release.app === app || release.changed?.includes(app)) return release.id;
  return null;
}

/**
 * An app's versions as an environment had them, in the order each was first live there (oldest
 * first). Before the ledger, an origin kept no records: its older builds count in publication
 * order, as they did then.
 */
async function versionsInOrder(
  store: OriginStore,
  state: EnvironmentState,
  app: AppName,
): Promise<AppEntry[]> {
  const builds: string[] = [state.meta.id];
  let root: Release | null = null;
  for await (const release of chain(store, state)) {
    builds.push(release.buildId);
    if (release.base) builds.push(release.base);
    root = release;
  }
  const cache = new Map<string, BuildMeta | null>();
  const metaOf = async (id: string): Promise<BuildMeta | null> => {
    if (!cache.has(id)) cache.set(id, await readMeta(store, id));
    return cache.get(id)!;
  };
  const ordered: BuildMeta[] = [];
  for (const id of builds.toReversed()) {
    const meta = await metaOf(id);
    if (meta) ordered.push(meta);
  }
  const rootBase = root?.base ? await metaOf(root.base) : null;
  if (state.env === PRODUCTION && (!root || (root.parent === null && rootBase))) {
    const before = root ? rootBase!.timestamp : Infinity;
    const legacy = await Promise.all(
      (await store.list('builds/meta/'))
        .map((key) => key.slice('builds/meta/'.length, -'.json'.length))
        .map(metaOf),
    );
    ordered.unshift(
      ...legacy
        .filter((meta): meta is BuildMeta => meta !== null && meta.timestamp <= before)
        .toSorted((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id)),
    );
  }
  const versions: AppEntry[] = [];
  for (const meta of ordered)
    if (!versions.some((entry) => entry.version === meta.apps[app].version)) versions.push(meta.apps[app]);
  return versions;
}

/**
 * Puts back a version of one app, keeping every other app as it is: `to`, or else the version that
 * was first live before the live one.
 */
export async function rollbackApp(
  store: OriginStore,
  input: { env: string; app: AppName; to?: string; by: Team; now?: number },
): Promise<ChangeResult & { restored: AppEntry }> {
  const app = checkApp(input.app);
  let restored: AppEntry | undefined;
  const result = await change(store, input.env, input.by, input.now ?? Date.now(), async (current) => {
    const { state } = current;
    if (!state) throw noBuildLive(input.env, store.description);
    const live = state.meta.apps[app];
    const versions = await versionsInOrder(store, state, app);
    if (input.to !== undefined) {
      restored = versions.find((entry) => entry.version === input.to);
      if (!restored) throw unknownVersion(app, input.to, input.env);
    } else {
      const index = versions.findIndex((entry) => entry.version === live.version);
      restored = index > 0 ? versions[index - 1] : undefined;
      if (!restored) throw nothingToRollBack(app, live.version, input.env, store.description);
    }
    if (sameEntry(restored, live)) return null;
    refuseDuringCanary(current, input.env, app, 'rolling it back');
    return {
      apps: { ...state.meta.apps, [app]: restored },
      record: { kind: 'rollback', app, from: live.version, to: restored.version },
    };
  });
  return { ...result, restored: restored! };
}

/** Makes an earlier build of the whole site live again in an environment. */
export async function rollbackToBuild(
  store: OriginStore,
  input: { env: string; buildId: string; by: Team; now?: number },
): Promise<ChangeResult> {
  if (!/^[0-9a-z][0-9a-z-]{5,63}$/.test(input.buildId) || !(await readMeta(store, input.buildId)))
    throw unknownBuild(input.buildId, store.description);
  return change(store, input.env, input.by, input.now ?? Date.now(), async ({ state }) =>
    state?.meta.id === input.buildId
      ? null
      : {
          buildId: input.buildId,
          record: { kind: 'rollback', reason: `the whole site back to build ${input.buildId}` },
        },
  );
}

/**
 * Makes live in production the version of `app` that `from` runs: the running canary's candidate
 * (`canary`, which ends it) or another environment's (`preview`: what QA saw).
 */
export async function promote(
  store: OriginStore,
  input: { from: string; to?: typeof PRODUCTION; app: AppName; by: Team; now?: number },
): Promise<ChangeResult> {
  const app = checkApp(input.app);
  if (input.from === 'canary') {
    const state = await readEnvironment(store, PRODUCTION);
    const canary = state?.pointer.canary;
    if (!canary) throw noCanary('No canary is running in production; nothing to promote.');
    if (canary.app !== app)
      throw noCanary(`The canary running is of ${appFolder(canary.app)}, not ${appFolder(app)}.`);
    return endCanary(store, {
      outcome: 'promote',
      by: input.by,
      expectRelease: canary.release,
      now: input.now,
    });
  }
  if (input.from === PRODUCTION)
    throw invalidEnvironment('Promote from another environment than production.');
  const source = await readEnvironment(store, input.from);
  if (!source) throw noBuildLive(input.from, store.description);
  const entry = source.meta.apps[app];
  return change(store, PRODUCTION, input.by, input.now ?? Date.now(), async (current) => {
    const stable = need(current, PRODUCTION, store);
    if (sameEntry(stable.apps[app], entry)) return null;
    refuseDuringCanary(current, PRODUCTION, app, 'promoting another version');
    return {
      apps: { ...stable.apps, [app]: entry },
      record: { kind: 'promote', app, from: stable.apps[app].version, to: entry.version, source: input.from },
    };
  });
}

/** Starts a canary in production: `percent` of visitors get the stable build with `app` at `entry`. */
export async function startCanary(
  store: OriginStore,
  input: {
    app: AppName;
    entry: AppEntry;
    percent: number;
    windowMs: number;
    margin: number;
    minViews: number;
    by: Team;
    now?: number;
  },
): Promise<ChangeResult & { canary: Canary }> {
  const app = checkApp(input.app);
  if (!(REMOTE_NAMES as readonly string[]).includes(app))
    throw invalidEntry(
      `Only a remote can run as a canary, not ${appFolder(app)}: deploy the shell to preview.`,
    );
  const entry = checkEntry(app, input.entry);
  const now = input.now ?? Date.now();
  const settings = {
    percent: input.percent,
    windowMs: input.windowMs,
    margin: input.margin,
    minViews: input.minViews,
  };
  const result = await change(store, PRODUCTION, input.by, now, async (current) => {
    const stable = need(current, PRODUCTION, store);
    const running = current.state?.pointer.canary;
    if (running)
      throw canaryRunning(
        `A canary of ${appFolder(running.app)} is running (release ${running.release}); end it before starting another.`,
        { app: running.app, release: running.release },
      );
    if (sameEntry(stable.apps[app], entry))
      throw alreadyLive(`${appFolder(app)} ${entry.version} is already live for everyone.`, {
        app,
        version: entry.version,
      });
    const candidate = await writeMeta(store, { ...stable.apps, [app]: entry }, now);
    return {
      buildId: stable.id,
      canary: (release) => {
        const parsed = v.safeParse(canarySchema, {
          app: app as RemoteName,
          id: candidate.id,
          release,
          startedAt: now,
          ...settings,
        });
        if (parsed.success) return parsed.output;
        throw invalidEntry(
          `The canary is invalid: ${parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('; ')}`,
        );
      },
      record: {
        kind: 'canary',
        app,
        from: stable.apps[app].version,
        to: entry.version,
        percent: input.percent,
      },
    };
  });
  return { ...result, canary: result.canary! };
}

/**
 * Ends production's canary: `rollback` sends everyone back to the stable build, `promote` makes the
 * candidate the stable build. `expectRelease` (the canary the caller judged) guards against ending
 * a newer canary than the one judged.
 */
export async function endCanary(
  store: OriginStore,
  input: { outcome: 'rollback' | 'promote'; reason?: string; by: Team; expectRelease?: string; now?: number },
): Promise<ChangeResult> {
  return change(store, PRODUCTION, input.by, input.now ?? Date.now(), async (current) => {
    const stable = need(current, PRODUCTION, store);
    const canary = current.state?.pointer.canary;
    if (!canary) throw noCanary('No canary is running in production.');
    if (input.expectRelease !== undefined && canary.release !== input.expectRelease)
      throw noCanary(
        `The canary ${input.expectRelease} is over; the one running now is ${canary.release} (${appFolder(canary.app)}).`,
      );
    const candidate = await readMeta(store, canary.id);
    if (!candidate) throw corruptRecord(metaKey(canary.id), "it is missing (production's canary names it)");
    const entry = candidate.apps[canary.app];
    const app = canary.app;
    const reason = input.reason ? { reason: input.reason } : {};
    return input.outcome === 'rollback'
      ? {
          buildId: stable.id,
          canary: () => null,
          record: {
            kind: 'canary-rollback',
            app,
            from: entry.version,
            to: stable.apps[app].version,
            ...reason,
          },
        }
      : {
          apps: { ...stable.apps, [app]: entry },
          canary: () => null,
          record: {
            kind: 'canary-promote',
            app,
            from: stable.apps[app].version,
            to: entry.version,
            ...reason,
          },
        };
  });
}

/** An environment's changes, newest first (walking `parent` from the live one); `app` keeps those that touched it. */
export async function history(
  store: OriginStore,
  env: string,
  options: { app?: AppName; limit?: number } = {},
): Promise<Release[]> {
  const app = options.app && checkApp(options.app);
  const limit = options.limit ?? 50;
  const found: Release[] = [];
  for await (const release of chain(store, await readEnvironment(store, env))) {
    if (found.length >= limit) break;
    if (!app || release.app === app || release.changed?.includes(app)) found.push(release);
  }
  return found;
}

/** What `npm run build` does: makes a whole new set of apps live in production (unchanged apps: no change). */
export async function publishBuild(
  store: OriginStore,
  apps: BuildMeta['apps'],
  by: Team,
  now = Date.now(),
): Promise<ChangeResult> {
  parseBuildMeta(
    { id: buildIdFor(now, apps), timestamp: now, prerendered: [], routeRules: {}, apps },
    'to publish',
  );
  return change(store, PRODUCTION, by, now, async ({ stable }) =>
    stable && changedApps(stable.apps, apps).length === 0 ? null : { apps, record: { kind: 'publish' } },
  );
}
