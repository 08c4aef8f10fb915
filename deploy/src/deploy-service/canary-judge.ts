/**
 * The canary judge: production's canary is compared with the stable version of its remote on the
 * visitors' own field data (GET /api/field/health, counted from the beacons of shell/src/field/),
 * and rolled back by itself, with the reason recorded, when it does worse by more than its margin.
 *
 * `judgeCanary` is the decision alone (pure: numbers in, verdict out); `startCanaryJudge` is the loop
 * the deploy service runs: every CANARY_CHECK_MS it reads production's pointer, asks the API for the
 * health of both versions since the canary started, and ends the canary through the ledger when the
 * verdict is `rollback`. It never promotes: a canary that held is made live for all by a person
 * (`npm run deploy -- promote`), who may want more than a clean window.
 */
import type { BuildMeta, Canary } from '@arttoy/shared/contracts';
import { type FieldHealth, fieldHealthSchema, type VersionHealth } from '@arttoy/shared/contracts/api';
import { endCanary, isLedgerError, PRODUCTION, readEnvironment } from '../ledger';
import { readMeta } from '../ledger/records';
import type { OriginStore } from '../origin-store/store';

export type CanaryDecision = 'hold' | 'rollback' | 'passed';

export interface CanaryVerdict {
  decision: CanaryDecision;
  /** One sentence a person reads in the history: the numbers the decision was made on. */
  reason: string;
}

export interface CanaryEvidence {
  canary: Canary;
  /** The remote's version in the canary build and in the stable build. */
  canaryVersion: string;
  stableVersion: string;
  /** Page views and errors of each since the canary started. */
  canaryHealth: VersionHealth;
  stableHealth: VersionHealth;
  now: number;
}

/** Errors per page view; no views, no errors seen. */
export const errorRate = (health: VersionHealth): number =>
  health.views === 0 ? 0 : health.errors / health.views;

const percent = (rate: number): string => `${Math.round(rate * 1000) / 10}%`;

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`;
}

const vitalValue = (metric: string, value: number): string =>
  metric === 'CLS'
    ? String(value)
    : value < 1000
      ? `${Math.round(value)} ms`
      : `${Math.round(value / 100) / 10} s`;

/**
 * The web vitals both versions have, as a clause of the verdict's reason (`p75 LCP 4.7 s against
 * 1.2 s, …`); empty when either has none. Reported for the person reading the history: the verdict
 * itself is made on errors.
 */
export function vitalsClause(canaryHealth: VersionHealth, stableHealth: VersionHealth): string {
  const parts = (['LCP', 'INP', 'CLS', 'TTFB'] as const).flatMap((metric) => {
    const canary = canaryHealth.vitals?.[metric];
    const stable = stableHealth.vitals?.[metric];
    if (!canary?.count || !stable?.count) return [];
    return [`${metric} ${vitalValue(metric, canary.p75)} against ${vitalValue(metric, stable.p75)}`];
  });
  return parts.length === 0 ? '' : `; p75 ${parts.join(', ')}`;
}

/**
 * The verdict on a canary:
 * - `rollback` as soon as it has at least `minViews` page views and its error rate exceeds the
 *   stable version's by more than `margin` (within the window or after it: bad news is not kept);
 * - `passed` once its window is over with enough views and no such excess;
 * - `hold` otherwise (too few views yet, or the window still open).
 */
export function judgeCanary(evidence: CanaryEvidence): CanaryVerdict {
  const { canary, canaryHealth, stableHealth, now } = evidence;
  const canaryRate = errorRate(canaryHealth);
  const stableRate = errorRate(stableHealth);
  const elapsed = now - canary.startedAt;
  const numbers =
    `${canary.app} ${evidence.canaryVersion}: ${canaryHealth.errors} errors in ${canaryHealth.views} views (${percent(canaryRate)}) ` +
    `against ${percent(stableRate)} for ${evidence.stableVersion} (${stableHealth.errors} in ${stableHealth.views}), over ${duration(Math.min(elapsed, canary.windowMs))}` +
    vitalsClause(canaryHealth, stableHealth);
  if (canaryHealth.views < canary.minViews)
    return { decision: 'hold', reason: `${numbers}; ${canary.minViews} views are needed to judge it` };
  if (canaryRate > stableRate + canary.margin)
    return { decision: 'rollback', reason: `${numbers}; the margin is ${percent(canary.margin)}` };
  if (elapsed < canary.windowMs)
    return {
      decision: 'hold',
      reason: `${numbers}; within the margin so far, ${duration(canary.windowMs - elapsed)} to go`,
    };
  return {
    decision: 'passed',
    reason: `${numbers}; within the margin of ${percent(canary.margin)} over its window`,
  };
}

/** What the loop reads of production: its canary, if any, and the two builds it compares. */
export interface ProductionCanary {
  canary: Canary;
  stable: BuildMeta;
  candidate: BuildMeta;
}

export interface CanaryJudgeOptions {
  /** Production's canary now, or null when none runs. */
  readCanary: () => Promise<ProductionCanary | null>;
  /** An app's health per version since a moment (GET /api/field/health; see fieldHealthFrom). */
  readHealth: (app: Canary['app'], since: number) => Promise<FieldHealth>;
  /** Ends the canary judged (the ledger's endCanary with outcome 'rollback', guarded by the canary's release). */
  rollback: (canary: Canary, reason: string) => Promise<void>;
  /** How often to judge, in ms (CANARY_CHECK_MS). */
  checkMs: number;
  now?: () => number;
  log?: { info(message: string): void; warn(message: string): void };
}

export interface CanaryJudge {
  /** Judges production's canary once (the loop's step; tests call it directly). */
  check(): Promise<CanaryVerdict | null>;
  stop(): Promise<void>;
}

/** Judges production's canary once, rolling it back when the verdict says so. */
export async function checkCanary(
  options: Omit<CanaryJudgeOptions, 'checkMs'>,
): Promise<CanaryVerdict | null> {
  const now = options.now ?? Date.now;
  const production = await options.readCanary();
  if (!production) return null;
  const { canary, stable, candidate } = production;
  const health = await options.readHealth(canary.app, canary.startedAt);
  const canaryVersion = candidate.apps[canary.app].version;
  const stableVersion = stable.apps[canary.app].version;
  const none = { views: 0, errors: 0 };
  const verdict = judgeCanary({
    canary,
    canaryVersion,
    stableVersion,
    canaryHealth: health.versions[canaryVersion] ?? none,
    stableHealth: health.versions[stableVersion] ?? none,
    now: now(),
  });
  if (verdict.decision === 'rollback') {
    await options.rollback(canary, verdict.reason);
    options.log?.warn(`canary rolled back: ${verdict.reason}`);
  }
  return verdict;
}

/**
 * Judges every `checkMs`, one check at a time (a slow API never piles checks up). A failed check
 * (the API or the origin unreachable, a canary ended meanwhile) is logged and the next one tries
 * again: the judge never stops on its own.
 */
export function startCanaryJudge(options: CanaryJudgeOptions): CanaryJudge {
  if (!Number.isInteger(options.checkMs) || options.checkMs < 100)
    throw new Error(
      `CANARY_CHECK_MS must be a whole number of milliseconds, at least 100; got ${options.checkMs}.`,
    );
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const check = (): Promise<CanaryVerdict | null> => {
    const next = running.then(() => checkCanary(options));
    running = next.catch(() => undefined);
    return next;
  };
  const tick = (): void => {
    timer = setTimeout(() => {
      check()
        .catch((error: unknown) =>
          options.log?.warn(
            `canary check failed, retried in ${options.checkMs} ms: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => {
          if (!stopped) tick();
        });
    }, options.checkMs);
  };
  tick();
  return {
    check,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Who the history names for the judge's rollbacks. */
export const CANARY_JUDGE = 'canary-judge';

/**
 * The judge's reads and its rollback through the ledger on `store`: production's pointer and both
 * builds, and endCanary guarded by the release judged, so a canary started after the check is never
 * ended on another's numbers. A canary ended meanwhile (by a person, or another judge) is not an error.
 */
export function ledgerCanary(store: OriginStore): Pick<CanaryJudgeOptions, 'readCanary' | 'rollback'> {
  return {
    async readCanary() {
      const production = await readEnvironment(store, PRODUCTION);
      const canary = production?.pointer.canary;
      if (!production || !canary) return null;
      const candidate = await readMeta(store, canary.id);
      if (!candidate)
        throw new Error(
          `Production's canary names build ${canary.id}, which is not in ${store.description}.`,
        );
      return { canary, stable: production.meta, candidate };
    },
    async rollback(canary, reason) {
      try {
        await endCanary(store, {
          outcome: 'rollback',
          reason,
          by: CANARY_JUDGE,
          expectRelease: canary.release,
        });
      } catch (error) {
        if (isLedgerError(error) && error.reason === 'no_canary') return;
        throw error;
      }
    },
  };
}

/** CANARY_CHECK_MS: how often the judge looks, default 15 s; refused with its name unless a whole number ≥ 100. */
export function canaryCheckMsFrom(env: NodeJS.ProcessEnv): number {
  const text = env.CANARY_CHECK_MS?.trim();
  if (!text) return 15_000;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 100)
    throw new Error(
      `CANARY_CHECK_MS=${text} is not valid: give a whole number of milliseconds, at least 100.`,
    );
  return value;
}

/** readHealth over HTTP: the API's GET /api/field/health at `apiOrigin` (the site's origin, or the API's own). */
export function fieldHealthFrom(
  apiOrigin: string,
  fetchImpl: typeof fetch = fetch,
): CanaryJudgeOptions['readHealth'] {
  return async (app, since) => {
    const url = new URL('/api/field/health', apiOrigin);
    url.searchParams.set('app', app);
    url.searchParams.set('since', String(since));
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const answer = fieldHealthSchema.safeParse(await response.json());
    if (!answer.success)
      throw new Error(`GET ${url} answered what is not field health: ${answer.error.message}`);
    return answer.data;
  };
}
