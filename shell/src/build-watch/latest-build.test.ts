import { APP_NAMES } from '@arttoy/shared/contracts';
import { documentBuildChannel, MANIFEST_CHECK_DELAY_MS, startBuildWatcher } from './latest-build';

/** A manifest that reads well, for build `id`. */
function goodMeta(id: string) {
  const app = { version: '1.0.0', entry: '/mf-gallery/1/remoteEntry.js' };
  return {
    id,
    timestamp: 2,
    prerendered: [],
    routeRules: {},
    apps: Object.fromEntries(APP_NAMES.map((name) => [name, app])),
  };
}

describe('the build watcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch(overrides: Partial<Parameters<typeof startBuildWatcher>[0]> = {}) {
    const options = {
      currentBuildId: '20261121000000-aaaaaaaa',
      intervalMs: 60_000,
      onNewBuild: jest.fn(),
      checkManifest: jest.fn(() => Promise.resolve({})),
      fetchJson: jest.fn(() => Promise.resolve({ id: '20261121000000-aaaaaaaa', timestamp: 1 })),
      now: () => 1234,
      ...overrides,
    };
    const stop = startBuildWatcher(options);
    return { options, stop };
  }

  it('reads the manifest about 1 s after start', () => {
    const { options, stop } = watch();
    jest.advanceTimersByTime(MANIFEST_CHECK_DELAY_MS - 1);
    expect(options.checkManifest).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(options.checkManifest).toHaveBeenCalledTimes(1);
    stop();
  });

  it('skips the manifest read on slow-2g', () => {
    const { options, stop } = watch({ connection: () => ({ effectiveType: 'slow-2g' }) });
    jest.advanceTimersByTime(5_000);
    expect(options.checkManifest).not.toHaveBeenCalled();
    stop();
  });

  it('polls /builds/latest.json with a timestamp at the configured interval', async () => {
    const { options, stop } = watch({ intervalMs: 30_000 });
    await jest.advanceTimersByTimeAsync(30_000);
    expect(options.fetchJson).toHaveBeenCalledWith('/builds/latest.json?1234');
    await jest.advanceTimersByTimeAsync(30_000);
    expect(options.fetchJson).toHaveBeenCalledTimes(2);
    expect(options.onNewBuild).not.toHaveBeenCalled();
    stop();
  });

  it('reports a new build once and stops polling', async () => {
    const fetchJson = jest.fn((url: string) =>
      Promise.resolve(
        url.startsWith('/builds/meta/')
          ? goodMeta('20261122000000-bbbbbbbb')
          : { id: '20261122000000-bbbbbbbb', timestamp: 2 },
      ),
    );
    const { options } = watch({ fetchJson });
    await jest.advanceTimersByTimeAsync(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(options.onNewBuild).toHaveBeenCalledTimes(1);
    expect(options.onNewBuild).toHaveBeenCalledWith('20261122000000-bbbbbbbb');
    expect(fetchJson.mock.calls.map(([url]) => url)).toEqual([
      '/builds/latest.json?1234',
      '/builds/meta/20261122000000-bbbbbbbb.json',
    ]);
  });

  it('only logs a failed fetch, and keeps polling', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchJson = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ id: 'not valid!', timestamp: 1 });
    const { options, stop } = watch({ fetchJson });
    await jest.advanceTimersByTimeAsync(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(error).toHaveBeenCalledTimes(2);
    expect(options.onNewBuild).not.toHaveBeenCalled();
    stop();
    error.mockRestore();
  });

  it.each([
    [
      'is missing',
      () => Promise.reject(new Error('GET /builds/meta/20261122000000-bbbbbbbb.json answered 404')),
    ],
    ['is not a manifest', () => Promise.resolve({ apps: 3 })],
  ])('keeps its build, says so and polls on when the new build’s manifest %s', async (_case, meta) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchJson = jest.fn((url: string) =>
      url.startsWith('/builds/meta/')
        ? meta()
        : Promise.resolve({ id: '20261122000000-bbbbbbbb', timestamp: 2 }),
    );
    const onCheckProblem = jest.fn();
    const { options, stop } = watch({ fetchJson, onCheckProblem });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(options.onNewBuild).not.toHaveBeenCalled();
    expect(onCheckProblem).toHaveBeenLastCalledWith(
      expect.stringContaining('the live build 20261122000000-bbbbbbbb has no readable manifest'),
    );
    expect(error.mock.calls[0]?.join(' ')).toContain('this page keeps build 20261121000000-aaaaaaaa');

    // The deploy completes: the next poll announces it and clears the problem.
    fetchJson.mockImplementation((url: string) =>
      Promise.resolve(
        url.startsWith('/builds/meta/')
          ? goodMeta('20261122000000-bbbbbbbb')
          : { id: '20261122000000-bbbbbbbb', timestamp: 2 },
      ),
    );
    await jest.advanceTimersByTimeAsync(60_000);
    expect(onCheckProblem).toHaveBeenLastCalledWith(null);
    expect(options.onNewBuild).toHaveBeenCalledWith('20261122000000-bbbbbbbb');
    stop();
    error.mockRestore();
  });

  it('reports a garbled pointer as a problem, and skips checks while offline', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = true;
    const fetchJson = jest.fn(() => Promise.resolve('<html>proxy error</html>'));
    const onCheckProblem = jest.fn();
    const { stop } = watch({ fetchJson, onCheckProblem, online: () => online });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(onCheckProblem).toHaveBeenCalledWith(
      expect.stringContaining('Latest-build pointer /builds/latest.json is invalid'),
    );
    online = false;
    await jest.advanceTimersByTimeAsync(120_000);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    stop();
    error.mockRestore();
  });

  describe('on a canary or a preview', () => {
    const STABLE = '20261121000000-aaaaaaaa';
    const CANDIDATE = '20261121000000-cccccccc';
    const canary = {
      app: 'mf_rules',
      id: CANDIDATE,
      percent: 50,
      release: 'release-canary-1',
      startedAt: 1,
      windowMs: 60_000,
      margin: 0.02,
      minViews: 10,
    };

    it("takes the pointer's canary as current for a canary visitor, and announces the stable build once the canary is rolled back", async () => {
      let pointer: object = { id: STABLE, timestamp: 1, canary };
      const fetchJson = jest.fn((url: string) =>
        Promise.resolve(url.startsWith('/builds/meta/') ? goodMeta(STABLE) : pointer),
      );
      const { options, stop } = watch({ currentBuildId: CANDIDATE, channel: 'canary', fetchJson });
      await jest.advanceTimersByTimeAsync(60_000);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(options.onNewBuild).not.toHaveBeenCalled();

      pointer = { id: STABLE, timestamp: 1 };
      await jest.advanceTimersByTimeAsync(60_000);
      expect(options.onNewBuild).toHaveBeenCalledWith(STABLE);
      stop();
    });

    it('announces nothing to a stable visitor while a canary runs', async () => {
      const fetchJson = jest.fn(() => Promise.resolve({ id: STABLE, timestamp: 1, canary }));
      const { options, stop } = watch({ currentBuildId: STABLE, fetchJson });
      await jest.advanceTimersByTimeAsync(120_000);
      expect(fetchJson).toHaveBeenCalledTimes(2);
      expect(options.onNewBuild).not.toHaveBeenCalled();
      stop();
    });

    it('does not poll in a preview, but still reads its manifest', async () => {
      const { options, stop } = watch({ currentBuildId: CANDIDATE, channel: 'preview' });
      await jest.advanceTimersByTimeAsync(600_000);
      expect(options.fetchJson).not.toHaveBeenCalled();
      expect(options.checkManifest).toHaveBeenCalledTimes(1);
      stop();
    });

    it.each([
      ['<meta name="build-channel" content="canary">', 'canary'],
      ['<meta name="build-channel" content="preview">', 'preview'],
      ['<meta name="build-channel" content="other">', 'stable'],
      ['', 'stable'],
    ])('reads the channel the document names (%s)', (head, channel) => {
      const root = document.createElement('div');
      root.innerHTML = head;
      expect(documentBuildChannel(root)).toBe(channel);
    });
  });
});
