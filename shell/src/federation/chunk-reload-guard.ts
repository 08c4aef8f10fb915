/**
 * When a remote or chunk fails to load during navigation, the likeliest cause is a deploy that
 * replaced the files this page knew about: reloading the target path fetches the new build. The
 * guard allows that once per path within RELOAD_GUARD_WINDOW_MS, so a truly broken remote ends in
 * the contained fallback instead of a reload loop.
 */
export const RELOAD_GUARD_KEY = 'chunk-reload-guard';
export const RELOAD_GUARD_WINDOW_MS = 10_000;

interface GuardEntry {
  path: string;
  expires: number;
}

function readEntry(storage: Storage): GuardEntry | null {
  try {
    const value = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? 'null') as Partial<GuardEntry> | null;
    return typeof value?.path === 'string' && typeof value.expires === 'number'
      ? { path: value.path, expires: value.expires }
      : null;
  } catch {
    return null;
  }
}

/**
 * Decides whether a failed load of `path` may reload the page, and records the reload if so.
 * Returns false when the same path was reloaded less than RELOAD_GUARD_WINDOW_MS ago, and when this
 * document is that reload (it started within the window): a remote that never answers fails the
 * reloaded page only after its script timeout, and on a slow connection or a busy phone that comes
 * later than the window, which would otherwise reload the page again and again instead of showing
 * the contained fallback. `documentStart` is when this document's navigation started (epoch ms).
 */
export function claimReload(
  path: string,
  now = Date.now(),
  storage: Storage = sessionStorage,
  documentStart = performance.timeOrigin,
): boolean {
  const entry = readEntry(storage);
  if (entry && entry.path === path && (entry.expires > now || documentStart < entry.expires)) return false;
  storage.setItem(
    RELOAD_GUARD_KEY,
    JSON.stringify({ path, expires: now + RELOAD_GUARD_WINDOW_MS } satisfies GuardEntry),
  );
  return true;
}
