/** @jest-environment node */
import { APPS, buildInTurn, parseBuildArgs } from './build-apps.mjs';

describe('parseBuildArgs', () => {
  it('builds every app, as many at a time as there are cores, by default', () => {
    expect(parseBuildArgs([], 2)).toEqual({ help: false, apps: APPS, jobs: 2 });
    expect(parseBuildArgs(['mf-blog'], 8)).toEqual({ help: false, apps: ['mf-blog'], jobs: 1 });
    expect(parseBuildArgs(['--jobs', '3', 'shell', 'mf-rules'], 2)).toEqual({
      help: false,
      apps: ['shell', 'mf-rules'],
      jobs: 3,
    });
    expect(parseBuildArgs(['--help'])).toEqual({ help: true });
  });

  it('names what it does not know, with the usage', () => {
    expect(() => parseBuildArgs(['mf-shop'])).toThrow(
      /Unknown app "mf-shop": the apps are shell, mf-gallery, .*\nUsage:/,
    );
    expect(() => parseBuildArgs(['--jobs', 'two'])).toThrow(
      '--jobs must be a whole number of at least 1, got "two".',
    );
    expect(() => parseBuildArgs(['--fast'])).toThrow(/Unknown option '--fast'[\s\S]*Usage:/);
  });
});

/** A build that ends when the test says, and records being stopped. */
function controlled() {
  const builds = new Map<string, { finish: (ok: boolean) => void; stopped: boolean }>();
  const run = (app: string) => {
    let finish: (ok: boolean) => void = () => undefined;
    const done = new Promise<{ ok: boolean }>((resolve) => (finish = (ok) => resolve({ ok })));
    const build = { finish, stopped: false };
    builds.set(app, build);
    return {
      done,
      stop: () => {
        build.stopped = true;
        build.finish(false);
      },
    };
  };
  return { builds, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('buildInTurn', () => {
  it('runs the apps in order, at most `jobs` at once, and reports each', async () => {
    const { builds, run } = controlled();
    const result = buildInTurn(['a', 'b', 'c'], 2, run);
    expect([...builds.keys()]).toEqual(['a', 'b']);
    builds.get('b')?.finish(true);
    await tick();
    expect([...builds.keys()]).toEqual(['a', 'b', 'c']);
    builds.get('a')?.finish(true);
    builds.get('c')?.finish(true);
    expect(await result).toEqual([
      { app: 'a', outcome: { ok: true } },
      { app: 'b', outcome: { ok: true } },
      { app: 'c', outcome: { ok: true } },
    ]);
  });

  it('after the first failure stops the apps still building and starts no other', async () => {
    const { builds, run } = controlled();
    const result = buildInTurn(['a', 'b', 'c', 'd'], 2, run);
    builds.get('b')?.finish(false);
    expect(await result).toEqual([
      { app: 'a', outcome: 'stopped' },
      { app: 'b', outcome: { ok: false } },
      { app: 'c', outcome: 'not started' },
      { app: 'd', outcome: 'not started' },
    ]);
    expect(builds.get('a')?.stopped).toBe(true);
    expect(builds.has('c')).toBe(false);
  });
});
