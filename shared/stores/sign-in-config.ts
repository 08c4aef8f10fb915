// By its shared name, not '../contracts': the stores then use the page's contracts module from the
// share scope, instead of carrying a second copy of it in their own chunk on the first page.
import {
  firebaseConfigMissingMessage,
  missingFirebaseSettings,
  type RuntimeConfig,
} from '@arttoy/shared/contracts';
import { authStore } from './auth-store';

/** What the drawer and the login page say while sign-in cannot be offered. */
export const SIGN_IN_UNAVAILABLE = 'Sign-in is not available right now. You can keep browsing.';

/**
 * Checks the Firebase settings before anything loads (spec §5). With one missing it logs
 * "Firebase config is missing: …", disables sign-in with a plain reason and reports the visitor
 * signed out (no provider will ever report). Returns whether sign-in can start.
 */
export function applySignInConfig(config: Pick<RuntimeConfig, 'firebase'>): boolean {
  const missing = missingFirebaseSettings(config);
  if (missing.length === 0) return true;
  console.error(firebaseConfigMissingMessage(missing));
  authStore.getState().setDisabled(SIGN_IN_UNAVAILABLE);
  authStore.getState().setLoading(false);
  return false;
}
