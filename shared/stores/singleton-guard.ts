/**
 * Counts how many copies of a shared module run on the page. Two copies of a store module mean
 * two stores: a sign-in in the shell would not reach a remote. The count is kept on globalThis
 * so every bundle sees the same tally, and the browser tests read it.
 */
type Tally = Record<string, number>;

const KEY = '__ARTTOY_SINGLETONS__';

export function registerSingleton(moduleName: string): void {
  const scope = globalThis as typeof globalThis & { [KEY]?: Tally };
  const tally = (scope[KEY] ??= {});
  tally[moduleName] = (tally[moduleName] ?? 0) + 1;
  if (tally[moduleName] > 1) {
    console.error(
      `${moduleName} is loaded ${tally[moduleName]} times on this page, so its stores are not shared. ` +
        'Ensure the shared config in shared/build/webpack.mjs declares it as a singleton for every app.',
    );
  }
}

export function singletonCount(moduleName: string): number {
  return (globalThis as typeof globalThis & { [KEY]?: Tally })[KEY]?.[moduleName] ?? 0;
}
