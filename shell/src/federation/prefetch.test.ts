import { createPrefetcher, MAX_PENDING_PREFETCHES, prefetchAllowed } from './prefetch';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: () => void } {
  let resolve = (): void => undefined;
  let reject = (): void => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = () => ok();
    reject = () => fail(new Error('offline'));
  });
  return { promise, resolve, reject };
}

describe('prefetch rules', () => {
  it('never prefetches with data saver or on 2g / slow-2g', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('loads each target once', () => {
    const load = jest.fn(() => Promise.resolve());
    const prefetcher = createPrefetcher(
      () => load,
      () => undefined,
    );
    expect(prefetcher.prefetch('/gallery')).toBe(true);
    expect(prefetcher.prefetch('/gallery')).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 4 loads pending, and takes more once one settles', async () => {
    const loads = Array.from({ length: 6 }, () => deferred());
    let next = 0;
    const prefetcher = createPrefetcher(
      () => () => loads[next++]!.promise,
      () => undefined,
    );
    const started = ['/a', '/b', '/c', '/d', '/e'].map((path) => prefetcher.prefetch(path));
    expect(MAX_PENDING_PREFETCHES).toBe(4);
    expect(started).toEqual([true, true, true, true, false]);
    loads[0]!.resolve();
    await loads[0]!.promise;
    await Promise.resolve();
    expect(prefetcher.prefetch('/e')).toBe(true);
  });

  it('does nothing on a slow connection, and tries again when it is fast', () => {
    let connection = { effectiveType: '2g' };
    const load = jest.fn(() => Promise.resolve());
    const prefetcher = createPrefetcher(
      () => load,
      () => connection,
    );
    expect(prefetcher.prefetch('/blog/list')).toBe(false);
    connection = { effectiveType: '4g' };
    expect(prefetcher.prefetch('/blog/list')).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed prefetch so a later one can try again', async () => {
    const failing = deferred();
    const load = jest.fn().mockReturnValueOnce(failing.promise).mockReturnValue(Promise.resolve());
    const prefetcher = createPrefetcher(
      () => load,
      () => undefined,
    );
    expect(prefetcher.prefetch('/locker')).toBe(true);
    failing.reject();
    await failing.promise.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetcher.prefetch('/locker')).toBe(true);
  });

  it('skips paths with nothing to load', () => {
    const prefetcher = createPrefetcher(
      () => null,
      () => undefined,
    );
    expect(prefetcher.prefetch('/')).toBe(false);
  });
});
