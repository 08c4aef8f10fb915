/**
 * Loads a link's target code before the visitor asks for it: when the link becomes visible (after
 * the browser is idle) or on pointer-enter / focus. Never on a data-saver or 2g connection; each
 * target once; at most MAX_PENDING_PREFETCHES loads in flight.
 */
export const MAX_PENDING_PREFETCHES = 4;
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when the visitor's connection asks us not to spend their data on guesses. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

export interface Prefetcher {
  /** Starts loading the target of `path`; returns whether a load was started. */
  prefetch: (path: string) => boolean;
}

/**
 * @param resolve maps a path to the load of its code (null for a path with nothing to load).
 * @param connection the browser's Network Information (navigator.connection), read at each call.
 */
export function createPrefetcher(
  resolve: (path: string) => (() => Promise<unknown>) | null,
  connection: () => ConnectionInfo | undefined,
): Prefetcher {
  const done = new Set<string>();
  let pending = 0;
  return {
    prefetch(path) {
      if (done.has(path) || pending >= MAX_PENDING_PREFETCHES || !prefetchAllowed(connection())) return false;
      const load = resolve(path);
      done.add(path);
      if (!load) return false;
      pending += 1;
      void load()
        .catch(() => {
          // A failed prefetch is not an error: the navigation itself will load (and report) it.
          done.delete(path);
        })
        .finally(() => {
          pending -= 1;
        });
      return true;
    },
  };
}
