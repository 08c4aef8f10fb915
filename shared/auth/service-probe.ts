/**
 * Whether the sign-in service answers. Used for the Auth emulator (local runs and tests): when it is
 * down, the SDK's popup would open on an unreachable page and the buttons would wait for it; the
 * buttons are disabled with a plain reason instead, and enabled again once it answers.
 */
import { authStore } from '../stores';

export const SIGN_IN_SERVICE_DOWN =
  'Sign-in is not available right now: the sign-in service does not answer. You can keep browsing; sign-in comes back by itself.';
export const PROBE_INTERVAL_MS = 10_000;
const PROBE_TIMEOUT_MS = 3_000;

/** True when `url` answers at all (any status); false on a network error or after 3 s. */
export async function serviceAnswers(url: string): Promise<boolean> {
  try {
    // no-cors: only reachability matters, and an opaque answer is enough for that.
    await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Probes `url` now and, while it does not answer, every PROBE_INTERVAL_MS: disables sign-in with
 * SIGN_IN_SERVICE_DOWN meanwhile (logged once), and enables it again when the service is back.
 * Returns a stop function.
 */
export function watchSignInService(
  url: string,
  answers: (url: string) => Promise<boolean> = serviceAnswers,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async (): Promise<void> => {
    const up = await answers(url);
    if (stopped) return;
    const store = authStore.getState();
    if (up) {
      if (store.disabledReason === SIGN_IN_SERVICE_DOWN) store.setDisabled(null);
      return;
    }
    if (store.disabledReason !== SIGN_IN_SERVICE_DOWN) {
      console.error(
        `Sign-in disabled: the Firebase Auth emulator at ${url} does not answer. Start it (npm start starts one), or set FIREBASE_* for a real project.`,
      );
      store.setDisabled(SIGN_IN_SERVICE_DOWN);
    }
    timer = setTimeout(() => void check(), PROBE_INTERVAL_MS);
  };
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
