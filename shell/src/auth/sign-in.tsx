/**
 * The shell's handles on sign-in. The shared auth module (and, through it, the Firebase SDK) is
 * loaded after the first paint, so sign-in adds nothing to the JavaScript the first page waits for;
 * the handles below load it on demand should a visitor be quicker than that.
 */
import { lazy, type ReactNode } from 'react';
import type { RuntimeConfig } from '@arttoy/shared/contracts';
import {
  applySignInConfig,
  authStore,
  clearSession,
  USER_ID_STORAGE_KEY,
  type AuthUser,
  type SignInProvider,
} from '@arttoy/shared/stores';

const loadAuth = () => import('@arttoy/shared/auth');

/** Runs `task` after the next paint, when the browser is idle (at most 2 s later). */
export function afterFirstPaint(task: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => task(), { timeout: 2000 });
      else task();
    }, 0);
  });
}

/** This browser's visitor signed in last time and has not signed out since (`user_id` is stored). */
export function signedInBefore(): boolean {
  try {
    return Boolean(localStorage.getItem(USER_ID_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * When sign-in starts, once `live` (the first render has committed): a visitor who signed in
 * before needs it for the page's own data (their locker, their orders, the header's account), so
 * at once; anybody else after the first paint, when the browser is idle.
 */
export function signInSchedule(live: Promise<unknown>, returning = signedInBefore()) {
  return (task: () => void): void => void live.then(() => (returning ? task() : afterFirstPaint(task)));
}

/**
 * Checks the Firebase settings now (a missing one is logged and disables the buttons at once,
 * spec §5), then starts Firebase once the first paint is done.
 */
export function startSignIn(
  config: RuntimeConfig,
  schedule: (task: () => void) => void = afterFirstPaint,
): void {
  if (!applySignInConfig(config)) return;
  schedule(() => {
    loadAuth().then(
      ({ startAuth }) => startAuth(config),
      (error: unknown) =>
        console.error('Sign-in could not start: its code did not load. Reload the page to retry.', error),
    );
  });
}

const NOT_LOADED = 'Sign-in could not load. Check your connection, then try again.';

/** The login flow of spec §4; resolves to the user, or null when it failed (already logged and shown). */
export async function signIn(provider: SignInProvider): Promise<AuthUser | null> {
  try {
    return (await loadAuth()).signIn(provider);
  } catch (error) {
    // The auth module itself did not arrive (offline, or a deploy replaced it): say so where the buttons are.
    console.error(
      `${provider.charAt(0).toUpperCase()}${provider.slice(1)} login failed: its code did not load.`,
      error,
    );
    authStore.getState().setError(NOT_LOADED);
    return null;
  }
}

/** Log out; without the auth module the local session is still cleared. */
export async function signOut(): Promise<void> {
  try {
    await (await loadAuth()).signOut();
  } catch (error) {
    console.error('Log out could not load the sign-in code; this page forgets the visitor anyway.', error);
    clearSession();
  }
}

function SignInNotLoaded(): ReactNode {
  return (
    <p className="site-drawer__error" role="alert">
      Sign-in could not load. Check your connection, then reload the page.
    </p>
  );
}

/**
 * The provider buttons, rendered once the auth module is there (the drawer is closed on the first
 * paint). If it never arrives, the drawer says so instead of failing as a whole.
 */
export const SignInOptions = lazy(() =>
  loadAuth().then(
    (auth) => ({ default: auth.SignInOptions }),
    () => ({ default: SignInNotLoaded }),
  ),
);
