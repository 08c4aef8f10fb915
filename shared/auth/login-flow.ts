/**
 * The login flow of spec §4, the same for the shell's drawer and the /login page: loading starts,
 * the provider's popup runs, success is announced on the event bus and the user id saved; loading
 * ends either way. Log out clears the session in every store.
 */
import { LOGIN_SUCCESS_EVENTS, siteEvents } from '../events';
import {
  authStore,
  clearSession,
  paymentStore,
  USER_ID_STORAGE_KEY,
  type AuthUser,
  type SignInProvider,
} from '../stores';
import { authSession, isAuthStarted } from './auth-runtime';
import { isChangedMind, loginFailedLog, PROVIDER_NAMES, signInErrorMessage } from './messages';
import { watchSignInWindow } from './sign-in-window';

/** The provider's sign-in through the page's Firebase session. Rejects with the SDK's error. */
async function sessionSignIn(provider: SignInProvider): Promise<AuthUser> {
  return (await authSession()).signIn(provider);
}

/**
 * Signs in with the provider's popup. On failure the message is kept as the error state and the
 * error rethrown (spec §8); a visitor who closed the popup leaves no error behind.
 */
export async function popupSignIn(provider: SignInProvider): Promise<AuthUser> {
  try {
    const user = await sessionSignIn(provider);
    authStore.getState().setUser(user);
    return user;
  } catch (error) {
    authStore.getState().setError(isChangedMind(error) ? null : signInErrorMessage(provider, error));
    throw error;
  }
}

/** What a signed-in visitor leaves behind: the user in every store, user_id saved, the success announced. */
function completeSignIn(provider: SignInProvider, user: AuthUser): void {
  authStore.getState().setUser(user);
  paymentStore.getState().set({ userid: user.uid });
  localStorage.setItem(USER_ID_STORAGE_KEY, user.uid);
  // Listeners (the shell closes its drawer) see the user id already saved.
  siteEvents.emit(LOGIN_SUCCESS_EVENTS[provider], { uid: user.uid });
}

/**
 * What a provider button does. Resolves to the signed-in user, or null when the sign-in failed
 * (the failure is logged and kept in the auth store; the caller has nothing left to handle).
 *
 * A visitor who closes the sign-in window changed their mind: the buttons come back within about
 * a second (sign-in-window.ts), with no error, instead of after the SDK's own ~10 s. The SDK's
 * answer still settles the returned promise: a failure then changes nothing (the visitor may be
 * busy with another provider), while a sign-in that did complete (its window closed itself a
 * little early) still signs the visitor in.
 */
export async function signIn(provider: SignInProvider): Promise<AuthUser | null> {
  const store = authStore.getState();
  store.setError(null);
  store.setPendingProvider(provider);
  siteEvents.emit('loading-start', { provider });
  let ended = false;
  const stopWatching = watchSignInWindow(() => {
    console.info(`${PROVIDER_NAMES[provider]} sign-in cancelled: the sign-in window was closed.`);
    end(false);
  });
  function end(succeeded: boolean): void {
    if (ended) return;
    ended = true;
    stopWatching();
    authStore.getState().setPendingProvider(null);
    siteEvents.emit('loading-end', { provider, succeeded });
  }
  let user: AuthUser | null = null;
  try {
    user = await sessionSignIn(provider);
    completeSignIn(provider, user);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (ended || isChangedMind(error)) {
      console.info(`${PROVIDER_NAMES[provider]} sign-in cancelled:`, detail);
    } else {
      authStore.getState().setError(signInErrorMessage(provider, error));
      console.error(loginFailedLog(provider), detail);
    }
  } finally {
    end(user !== null);
  }
  return user;
}

/**
 * Log out (spec §4): signs out of Firebase, sets the stored user_id to empty and clears the user
 * id in state. Without auth (no config, or before start-up) there is no Firebase session to end,
 * so only the local session is cleared.
 */
export async function signOut(): Promise<void> {
  try {
    if (isAuthStarted()) await (await authSession()).signOut();
  } catch (error) {
    // The visitor asked to leave: the page forgets them either way.
    console.error(
      'Log out did not reach Firebase, so a reload may sign you in again; log out once more to retry:',
      error,
    );
  } finally {
    clearSession();
  }
}

/** The signed-in user's ID token for API calls; null when nobody is signed in. Fails while auth is not initialised. */
export async function idToken(): Promise<string | null> {
  return (await authSession()).idToken();
}
