import { authStore, clearSession, type SignInProvider } from '@arttoy/shared/stores';

/** What a call to sign-in says while no identity provider is set up (spec §8). */
export const AUTH_NOT_INITIALISED = 'Authentication is not initialised: it must be used in the browser, after start-up, with the Firebase settings configured.';

/**
 * Sign-in with a provider. No identity provider is wired in yet, so the call fails the way the
 * spec says an uninitialised auth fails: the message is kept as the error state.
 */
export async function signIn(provider: SignInProvider): Promise<void> {
  const state = authStore.getState();
  state.setPendingProvider(provider);
  try {
    throw new Error(AUTH_NOT_INITIALISED);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${provider} login failed:`, message);
    state.setError(message);
  } finally {
    state.setPendingProvider(null);
  }
}

/** Log out: the stored user_id becomes empty and the user id is cleared (spec §4). */
export async function signOut(): Promise<void> {
  clearSession();
}
