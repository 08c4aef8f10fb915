import { MANIFEST_CHECK_DELAY_MS, startBuildWatcher } from './latest-build';

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
    const fetchJson = jest.fn(() => Promise.resolve({ id: '20261122000000-bbbbbbbb', timestamp: 2 }));
    const { options } = watch({ fetchJson });
    await jest.advanceTimersByTimeAsync(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(options.onNewBuild).toHaveBeenCalledTimes(1);
    expect(options.onNewBuild).toHaveBeenCalledWith('20261122000000-bbbbbbbb');
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed fetch, and keeps polling', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchJson = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ id: 'not valid!', timestamp: 1 });
    const { options, stop } = watch({ fetchJson });
    await jest.advanceTimersByTimeAsync(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(error).toHaveBeenCalledTimes(2);
    expect(options.onNewBuild).not.toHaveBeenCalled();
    stop();
    error.mockRestore();
  });
});
