/**
 * Notices that the visitor closed the provider's sign-in window. The Firebase SDK checks the window
 * every 2 s and then waits 8 s more for an answer that may still be on its way, so on its own a
 * closed popup keeps the buttons on "Signing in…" for about 10 s. The SDK opens the window with
 * `window.open` (after a few awaits of its own, so not within the click): while a sign-in runs, the
 * first window opened is kept and its `closed` flag watched.
 */

/** How often the window is checked. */
export const SIGN_IN_WINDOW_POLL_MS = 200;
/**
 * How long a closed window may still be delivering the provider's answer: the window closes itself
 * once it has handed the result over, and the SDK then asks the server for the account.
 */
export const SIGN_IN_WINDOW_SETTLE_MS = 800;

/**
 * Watches the next window the page opens; calls `onClosed` once it has been seen open, then closed
 * for SIGN_IN_WINDOW_SETTLE_MS. A handle that reads as closed from the start (a browser that cuts
 * the popup off from its opener) never counts: the SDK's own timeout applies then. Returns the
 * function that stops watching (and stops waiting for a window).
 */
export function watchSignInWindow(onClosed: () => void): () => void {
  const open = window.open;
  let watched: Window | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const intercept: typeof window.open = (...args) => {
    const opened = open.apply(window, args);
    if (!stopped && watched === null && opened) {
      watched = opened;
      release();
      if (!opened.closed) timer = setTimeout(poll, SIGN_IN_WINDOW_POLL_MS);
    }
    return opened;
  };
  // Code that wrapped window.open after us keeps its wrapper; ours then only passes calls through.
  const release = () => {
    if (window.open === intercept) window.open = open;
  };
  const poll = () => {
    if (!watched?.closed) {
      timer = setTimeout(poll, SIGN_IN_WINDOW_POLL_MS);
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) onClosed();
    }, SIGN_IN_WINDOW_SETTLE_MS);
  };

  window.open = intercept;
  return () => {
    stopped = true;
    clearTimeout(timer);
    release();
  };
}
