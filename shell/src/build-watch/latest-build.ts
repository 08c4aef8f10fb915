import { buildMetaPath, LATEST_BUILD_PATH, parseBuildMeta, parseLatestBuild } from '@arttoy/shared/contracts';

/** The manifest check waits this long after start, off the critical path (spec §9). */
export const MANIFEST_CHECK_DELAY_MS = 1000;

/** How the site server chose this page's build (`<meta name="build-channel">`, deploy/src/variants). */
export type BuildChannel = 'stable' | 'canary' | 'preview';

export interface BuildWatcherOptions {
  /** The build this page runs. */
  currentBuildId: string;
  /**
   * How this page came to its build (default stable). A preview's page does not poll: production's
   * pointer never names a preview build, so every check would announce a "new version".
   */
  channel?: BuildChannel;
  /** How often to ask for the live build id. */
  intervalMs: number;
  /** Called once, when a newer build is live and its manifest reads well. */
  onNewBuild: (buildId: string) => void;
  /**
   * Called with what went wrong when a check fails (the page keeps its own build), and with null
   * when a later check succeeds again.
   */
  onCheckProblem?: (problem: string | null) => void;
  /** Reads the current manifest (the page's own), ~1 s after start. */
  checkManifest: () => Promise<unknown>;
  fetchJson?: (url: string) => Promise<unknown>;
  connection?: () => { effectiveType?: string } | undefined;
  /** False while the browser is offline: checks are skipped rather than failed. */
  online?: () => boolean;
  now?: () => number;
}

/** The page's channel as its document names it (`<meta name="build-channel">`); stable when it names none. */
export function documentBuildChannel(root: ParentNode = document): BuildChannel {
  const named = root.querySelector<HTMLMetaElement>('meta[name="build-channel"]')?.content;
  return named === 'canary' || named === 'preview' ? named : 'stable';
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * Watches for a deploy of any app: reads this build's manifest ~1 s after start (not on slow-2g),
 * then polls /builds/latest.json?{timestamp}. A newer build is announced only once its own
 * manifest reads well: a half-published or corrupt deploy must not lead the visitor into a broken
 * page. A failed check is logged and reported through onCheckProblem; the page keeps the build it
 * runs and polling goes on. A canary's page takes the pointer's `canary.id` as current too; a
 * preview's page does not poll. Returns a stop function.
 */
export function startBuildWatcher(options: BuildWatcherOptions): () => void {
  const fetchJson = options.fetchJson ?? defaultFetchJson;
  const now = options.now ?? Date.now;
  const online = options.online ?? (() => true);
  let stopped = false;

  const manifestTimer =
    options.connection?.()?.effectiveType === 'slow-2g'
      ? undefined
      : setTimeout(() => {
          options
            .checkManifest()
            .catch((error: unknown) => console.error('[shell] build manifest check failed:', error));
        }, MANIFEST_CHECK_DELAY_MS);

  const poll = async (): Promise<void> => {
    if (!online()) return;
    try {
      const url = `${LATEST_BUILD_PATH}?${now()}`;
      const latest = parseLatestBuild(await fetchJson(url), LATEST_BUILD_PATH);
      // A canary's candidate is as current as the stable build: its visitors were dealt it, and
      // hear of a new version only once the canary ends (promoted to a new build, or rolled back).
      const current = latest.id === options.currentBuildId || latest.canary?.id === options.currentBuildId;
      if (!current) {
        const metaPath = buildMetaPath(latest.id);
        try {
          parseBuildMeta(await fetchJson(metaPath), metaPath);
        } catch (cause) {
          throw new Error(
            `the live build ${latest.id} has no readable manifest (${cause instanceof Error ? cause.message : String(cause)})`,
            { cause },
          );
        }
      }
      if (stopped) return;
      options.onCheckProblem?.(null);
      if (!current) {
        stop();
        options.onNewBuild(latest.id);
      }
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      console.error(
        `[shell] checking for a new build failed; this page keeps build ${options.currentBuildId}:`,
        reason,
      );
      options.onCheckProblem?.(reason);
    }
  };
  const pollTimer =
    options.channel === 'preview' ? undefined : setInterval(() => void poll(), options.intervalMs);

  function stop(): void {
    stopped = true;
    clearTimeout(manifestTimer);
    clearInterval(pollTimer);
  }
  return stop;
}
