/**
 * When the page has settled: its `load` event has fired and no resource has finished loading for
 * QUIET_MS (the route's own code and data are in). Prefetches of links in view wait for it: on a
 * slow connection, code fetched for a guess competes for bandwidth with the page being opened.
 */
export const QUIET_MS = 1000;

let settled: Promise<void> | null = null;

function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves after QUIET_MS without a resource finishing (a fetch, a script, an image). */
function whenQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(restart) : null;
    observer?.observe({ type: 'resource' });
    function restart(): void {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    function done(): void {
      observer?.disconnect();
      resolve();
    }
  });
}

/** The page's one settle signal (the first time only: later navigations find it resolved). */
export function whenPageSettled(quietMs = QUIET_MS): Promise<void> {
  settled ??= whenLoaded().then(() => whenQuiet(quietMs));
  return settled;
}

/** Forgets the signal (tests). */
export function resetPageSettled(): void {
  settled = null;
}
