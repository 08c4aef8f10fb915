import type { SignInProvider } from '../stores';

/** The provider names visitors know. */
export const PROVIDER_NAMES: Record<SignInProvider, string> = {
  apple: 'Apple',
  google: 'Google',
  facebook: 'Facebook',
};

/** What a call says while no identity provider is set up (spec §8). */
export const AUTH_NOT_INITIALISED =
  'Authentication is not initialised: it must be used in the browser, after start-up, with the Firebase settings configured.';

/** An error that carries this message is the "not initialised" failure. */
export class AuthNotInitialisedError extends Error {
  constructor() {
    super(AUTH_NOT_INITIALISED);
    this.name = 'AuthNotInitialisedError';
  }
}

/**
 * A visitor who closes the popup (or opens a second one, or says no at the provider) changed their
 * mind: that is not an error worth a red banner.
 */
const CHANGED_MIND = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

/** The Firebase error code of an error, if it has one (`auth/popup-blocked` …). */
export function authErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

export function isChangedMind(error: unknown): boolean {
  return CHANGED_MIND.has(authErrorCode(error) ?? '');
}

/** A sign-in failure in words a visitor can act on. */
export function signInErrorMessage(provider: SignInProvider, error: unknown): string {
  if (error instanceof AuthNotInitialisedError) return AUTH_NOT_INITIALISED;
  const name = PROVIDER_NAMES[provider];
  switch (authErrorCode(error)) {
    case 'auth/popup-blocked':
      return `Your browser blocked the ${name} sign-in window. Allow pop-ups for this site, then try again.`;
    case 'auth/network-request-failed':
      return `${name} sign-in could not reach the server. Check your connection, then try again.`;
    case 'auth/account-exists-with-different-credential':
    case 'auth/credential-already-in-use':
    case 'auth/email-already-in-use':
      return `Your email address is already linked to another way of signing in. Sign in the way you did before.`;
    case 'auth/user-disabled':
      return 'This account is disabled. Contact the Help Center if you think this is a mistake.';
    case 'auth/too-many-requests':
      return 'Too many sign-in attempts. Wait a minute, then try again.';
    case 'auth/operation-not-allowed':
    case 'auth/unauthorized-domain':
    case 'auth/invalid-api-key':
    case 'auth/operation-not-supported-in-this-environment':
      return `Signing in with ${name} is not available on this site right now. Try another provider.`;
    default:
      return `${name} sign-in did not finish. Please try again.`;
  }
}

/** The per-provider line logged when a sign-in fails (spec §4, §8): "Google login failed: auth/… message". */
export function loginFailedLog(provider: SignInProvider): string {
  return `${PROVIDER_NAMES[provider]} login failed:`;
}
