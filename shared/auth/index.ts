// @arttoy/shared/auth: sign-in for the whole page. A Module Federation singleton, so the shell and
// every remote share one Firebase app and one Auth instance. The Firebase SDK is not imported here:
// auth-runtime.ts loads it as a chunk of its own, and the shell loads this module after its first paint.
export {
  authSession,
  isAuthStarted,
  resetAuthRuntime,
  startAuth,
  type StartAuthOptions,
} from './auth-runtime';
export type { FirebaseSession, ProviderSignIn } from './firebase-session';
export { idToken, popupSignIn, signIn, signOut } from './login-flow';
export {
  AUTH_NOT_INITIALISED,
  AuthNotInitialisedError,
  authErrorCode,
  isChangedMind,
  loginFailedLog,
  PROVIDER_NAMES,
  signInErrorMessage,
} from './messages';
export { providerLabel, SignInOptions, type SignInOptionsProps } from './sign-in-options';
