import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, appFolder, type BuildMeta, type Canary } from '@arttoy/shared/contracts';
import type { FieldHealth, VersionHealth } from '@arttoy/shared/contracts/api';
import { endCanary, history, publishBuild, readEnvironment, startCanary } from '../ledger';
import { LocalOriginStore } from '../origin-store/local';
import { canaryCheckMsFrom, checkCanary, judgeCanary, ledgerCanary, startCanaryJudge } from './canary-judge';

const START = 1_800_000_000_000;
const canary: Canary = {
  app: 'mf_rules',
  id: 'build-candidate',
  percent: 10,
  release: 'release-0001',
  startedAt: START,
  windowMs: 120_000,
  margin: 0.05,
  minViews: 20,
};
const evidence = (
  canaryHealth: VersionHealth,
  stableHealth: VersionHealth = { views: 200, errors: 2 },
  now = START + 60_000,
) => ({
  canary,
  canaryVersion: 'abc123',
  stableVersion: 'def456',
  canaryHealth,
  stableHealth,
  now,
});

describe('judgeCanary', () => {
  it('rolls back a canary worse than stable by more than the margin, once it has its views', () => {
    const verdict = judgeCanary(
      evidence({ views: 20, errors: 12 }, { views: 0, errors: 0 }, START + 120_000),
    );
    expect(verdict).toEqual({
      decision: 'rollback',
      reason:
        'mf_rules abc123: 12 errors in 20 views (60%) against 0% for def456 (0 in 0), over 2 min; the margin is 5%',
    });
  });

  it("adds both versions' p75 vitals to the reason when both have them", () => {
    const vitals = (lcp: number, inp: number) => ({
      LCP: { count: 30, p75: lcp, good: 0.5 },
      INP: { count: 12, p75: inp, good: 0.9 },
    });
    const verdict = judgeCanary(
      evidence(
        { views: 100, errors: 1, vitals: vitals(4667, 180) },
        { views: 200, errors: 2, vitals: { LCP: vitals(1188, 96).LCP } },
      ),
    );
    expect(verdict.decision).toBe('hold');
    expect(verdict.reason).toContain('(2 in 200), over 60 s; p75 LCP 4.7 s against 1.2 s; within the margin');
  });

  it('rolls back within the window: bad news is not kept until it ends', () => {
    expect(judgeCanary(evidence({ views: 25, errors: 5 }, undefined, START + 10_000)).decision).toBe(
      'rollback',
    );
  });

  it('holds while it has too few views, however bad they look', () => {
    const verdict = judgeCanary(evidence({ views: 19, errors: 19 }, undefined, START + 600_000));
    expect(verdict.decision).toBe('hold');
    expect(verdict.reason).toContain('20 views are needed to judge it');
  });

  it('holds within the margin until the window is over, then passes', () => {
    // 1% stable, 5% canary: 4 points worse, inside a margin of 5.
    expect(judgeCanary(evidence({ views: 100, errors: 5 })).decision).toBe('hold');
    expect(judgeCanary(evidence({ views: 100, errors: 5 }, undefined, START + 120_000)).decision).toBe(
      'passed',
    );
    // 7 points worse: out.
    expect(judgeCanary(evidence({ views: 100, errors: 7 }, undefined, START + 120_000)).decision).toBe(
      'rollback',
    );
  });

  it('compares rates, not counts: a bigger stable share with more errors is not better', () => {
    expect(
      judgeCanary(evidence({ views: 50, errors: 5 }, { views: 500, errors: 50 }, START + 120_000)).decision,
    ).toBe('passed');
  });
});

const build = (id: string, rulesVersion: string): BuildMeta =>
  ({
    id,
    apps: { mf_rules: { version: rulesVersion, entry: `/mf-rules/${rulesVersion}/remoteEntry.js` } },
  }) as unknown as BuildMeta;
const production = {
  canary,
  stable: build('build-stable', 'def456'),
  candidate: build('build-candidate', 'abc123'),
};
const healthOf = (versions: FieldHealth['versions']): FieldHealth => ({
  app: 'mf_rules',
  since: START,
  versions,
});

describe('checkCanary', () => {
  it('reads both versions since the canary started and rolls back with the reason', async () => {
    const rollbacks: [Canary, string][] = [];
    const asked: [string, number][] = [];
    const verdict = await checkCanary({
      readCanary: async () => production,
      readHealth: async (app, since) => {
        asked.push([app, since]);
        return healthOf({ abc123: { views: 20, errors: 12 }, def456: { views: 180, errors: 0 } });
      },
      rollback: async (judged, reason) => void rollbacks.push([judged, reason]),
      now: () => START + 90_000,
    });
    expect(asked).toEqual([['mf_rules', START]]);
    expect(verdict?.decision).toBe('rollback');
    expect(rollbacks).toEqual([[canary, verdict!.reason]]);
    expect(verdict!.reason).toMatch(/^mf_rules abc123: 12 errors in 20 views \(60%\) against 0% for def456/);
  });

  it('does nothing without a canary, and holds a version nobody has reported yet', async () => {
    const rollback = jest.fn();
    expect(await checkCanary({ readCanary: async () => null, readHealth: jest.fn(), rollback })).toBeNull();
    const verdict = await checkCanary({
      readCanary: async () => production,
      readHealth: async () => healthOf({}),
      rollback,
      now: () => START + 1000,
    });
    expect(verdict?.decision).toBe('hold');
    expect(rollback).not.toHaveBeenCalled();
  });
});

describe('startCanaryJudge', () => {
  it('keeps judging after a failed check, and stops', async () => {
    const warnings: string[] = [];
    let reads = 0;
    let secondRead!: () => void;
    const readAgain = new Promise<void>((resolve) => (secondRead = resolve));
    const judge = startCanaryJudge({
      readCanary: async () => {
        reads += 1;
        if (reads === 1) throw new Error('origin unreachable');
        secondRead();
        return null;
      },
      readHealth: jest.fn(),
      rollback: jest.fn(),
      checkMs: 100,
      log: { info: () => undefined, warn: (message) => void warnings.push(message) },
    });
    await readAgain;
    await judge.stop();
    expect(warnings).toEqual(['canary check failed, retried in 100 ms: origin unreachable']);
  });

  it('refuses a check interval that is not a whole number of ms, naming the setting', () => {
    expect(() => canaryCheckMsFrom({ CANARY_CHECK_MS: 'soon' })).toThrow(
      /^CANARY_CHECK_MS=soon is not valid/,
    );
    expect(canaryCheckMsFrom({})).toBe(15_000);
    expect(canaryCheckMsFrom({ CANARY_CHECK_MS: '500' })).toBe(500);
  });
});

describe('the judge on the ledger', () => {
  let root: string;
  let store: LocalOriginStore;
  const entryOf = (app: (typeof APP_NAMES)[number], version: string) => ({
    version,
    entry: `/${appFolder(app)}/${version}/${app === 'shell' ? 'main.js' : 'remoteEntry.js'}`,
  });
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-judge-'));
    store = new LocalOriginStore(root);
    const apps = Object.fromEntries(APP_NAMES.map((app) => [app, entryOf(app, 'v1')])) as BuildMeta['apps'];
    await publishBuild(store, apps, 'build', START - 60_000);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const startRulesCanary = () =>
    startCanary(store, {
      app: 'mf_rules',
      entry: entryOf('mf_rules', 'v2'),
      percent: 10,
      windowMs: 120_000,
      margin: 0.05,
      minViews: 5,
      by: 'rules',
      now: START,
    });

  it("reads production's canary and both builds, and rolls it back with the reason in the history", async () => {
    await startRulesCanary();
    const verdict = await checkCanary({
      ...ledgerCanary(store),
      readHealth: async () => healthOf({ v2: { views: 5, errors: 5 }, v1: { views: 50, errors: 0 } }),
      now: () => START + 30_000,
    });
    expect(verdict?.decision).toBe('rollback');
    expect((await readEnvironment(store, 'production'))?.pointer.canary).toBeUndefined();
    const [last] = await history(store, 'production', { app: 'mf_rules', limit: 1 });
    expect(last).toMatchObject({
      kind: 'canary-rollback',
      by: 'canary-judge',
      from: 'v2',
      to: 'v1',
      reason: verdict!.reason,
    });
    expect(verdict!.reason).toBe(
      'mf_rules v2: 5 errors in 5 views (100%) against 0% for v1 (0 in 50), over 30 s; the margin is 5%',
    );
  });

  it('leaves alone a canary started after the one it judged, and one ended meanwhile', async () => {
    const { canary: judged } = await startRulesCanary();
    await endCanary(store, { outcome: 'rollback', reason: 'by hand', by: 'rules' });
    // Ended meanwhile: nothing to do, no error.
    await ledgerCanary(store).rollback(judged, 'too late');
    const { canary: next } = await startRulesCanary();
    expect(next.release).not.toBe(judged.release);
    // A newer canary: not ended on the numbers of the one judged.
    await ledgerCanary(store).rollback(judged, 'stale numbers');
    expect((await readEnvironment(store, 'production'))?.pointer.canary).toEqual(next);
  });
});
