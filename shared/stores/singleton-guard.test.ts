import { registerSingleton, singletonCount } from './singleton-guard';

const TALLY_KEY = '__ARTTOY_SINGLETONS__';

let consoleError: jest.SpyInstance;

beforeEach(() => {
  delete (globalThis as Record<string, unknown>)[TALLY_KEY];
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
});

describe('the singleton guard', () => {
  it('counts nothing for a module never registered', () => {
    expect(singletonCount('@arttoy/shared/stores')).toBe(0);
  });

  it('accepts a first registration silently', () => {
    registerSingleton('@arttoy/shared/stores');
    expect(singletonCount('@arttoy/shared/stores')).toBe(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('reports a second copy and says how to fix it', () => {
    registerSingleton('@arttoy/shared/stores');
    registerSingleton('@arttoy/shared/stores');
    expect(singletonCount('@arttoy/shared/stores')).toBe(2);
    expect(consoleError).toHaveBeenCalledTimes(1);
    const message = String(consoleError.mock.calls[0]?.[0]);
    expect(message).toContain('@arttoy/shared/stores is loaded 2 times on this page');
    expect(message).toContain('shared/build/webpack.mjs');
    expect(message).toContain('singleton');
  });

  it('counts each module on its own', () => {
    registerSingleton('a');
    registerSingleton('b');
    registerSingleton('b');
    expect(singletonCount('a')).toBe(1);
    expect(singletonCount('b')).toBe(2);
  });

  it('keeps the tally on globalThis, where every bundle sees it', () => {
    registerSingleton('a');
    expect((globalThis as Record<string, unknown>)[TALLY_KEY]).toEqual({ a: 1 });
  });

  it('counts a second copy of the stores module as loaded by another bundle', () => {
    jest.isolateModules(() => {
      require('./index');
    });
    expect(consoleError).not.toHaveBeenCalled();
    jest.isolateModules(() => {
      require('./index');
    });
    expect(singletonCount('@arttoy/shared/stores')).toBe(2);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
