import { LATEST_BUILD_PATH, parseLatestBuild } from '@arttoy/shared/contracts';

/** The manifest check waits this long after start, off the critical path (spec §9). */
export const MANIFEST_CHECK_DELAY_MS = 1000;

export interface BuildWatcherOptions {
  /** The build this page runs. */
  currentBuildId: string;
  /** How often to ask for the live build id. */
  intervalMs: number;
  /** Called once, when a newer build is live. */
  onNewBuild: (buildId: string) => void;
  /** Reads the current manifest (the page's own), ~1 s after start. */
  checkManifest: () => Promise<unknown>;
  fetchJson?: (url: string) => Promise<unknown>;
  connection?: () => { effectiveType?: string } | undefined;
  now?: () => number;
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * Watches for a deploy of any app: reads this build's manifest ~1 s after start (not on slow-2g),
 * then polls /builds/latest.json?{timestamp}. A failed fetch is only logged. Returns a stop function.
 */
export function startBuildWatcher(options: BuildWatcherOptions): () => void {
  const fetchJson = options.fetchJson ?? defaultFetchJson;
  const now = options.now ?? Date.now;
  let stopped = false;

  const manifestTimer =
    options.connection?.()?.effectiveType === 'slow-2g'
      ? undefined
      : setTimeout(() => {
          options.checkManifest().catch((error: unknown) => console.error('[shell] build manifest check failed:', error));
        }, MANIFEST_CHECK_DELAY_MS);

  const poll = async (): Promise<void> => {
    try {
      const url = `${LATEST_BUILD_PATH}?${now()}`;
      const latest = parseLatestBuild(await fetchJson(url), LATEST_BUILD_PATH);
      if (!stopped && latest.id !== options.currentBuildId) {
        stop();
        options.onNewBuild(latest.id);
      }
    } catch (error) {
      console.error('[shell] checking for a new build failed:', error);
    }
  };
  const pollTimer = setInterval(() => void poll(), options.intervalMs);

  function stop(): void {
    stopped = true;
    clearTimeout(manifestTimer);
    clearInterval(pollTimer);
  }
  return stop;
}
