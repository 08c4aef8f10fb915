/**
 * Firebase start-up for the whole page. The shell calls startAuth once, after its first paint;
 * every app then reaches the same session through this module (a Module Federation singleton, so
 * one Firebase app and one Auth instance per page). The SDK is a chunk of its own, loaded here.
 */
import { runtimeConfig } from '../config';
import type { RuntimeConfig } from '../contracts';
import { applySignInConfig, authStore } from '../stores';
import type { FirebaseSession, ProviderSignIn } from './firebase-session';
import { AuthNotInitialisedError } from './messages';
import { watchSignInService } from './service-probe';

type SdkModule = typeof import('./firebase-session');

export interface StartAuthOptions {
  /** When to load the SDK; at once by default (the shell calls startAuth after its first paint). */
  schedule?: (load: () => void) => void;
  /** How a provider signs in; by default the popup (tests pass fake IdP credentials). */
  signInWith?: ProviderSignIn;
  /** Loads the SDK module (tests make it fail). */
  loadSdk?: () => Promise<SdkModule>;
  /** Watches whether the emulator answers, disabling sign-in while it does not (tests replace it). */
  watchEmulator?: (url: string) => void;
}

let openSession: (() => Promise<FirebaseSession>) | null = null;
let session: Promise<FirebaseSession> | null = null;

/**
 * Starts sign-in from the runtime config. With a Firebase setting missing it logs
 * "Firebase config is missing: …", disables the sign-in buttons and leaves auth unset (spec §5);
 * otherwise the SDK loads when `schedule` says, and the auth store follows its state from then on.
 * Calling it again does nothing.
 */
export function startAuth(config: RuntimeConfig, options: StartAuthOptions = {}): void {
  if (typeof window === 'undefined') throw new AuthNotInitialisedError();
  if (openSession || !applySignInConfig(config)) return;
  const emulatorUrl = config.firebaseAuthEmulatorUrl;
  if (emulatorUrl)
    console.info(
      `Sign-in uses the Firebase Auth emulator at ${emulatorUrl}: test accounts only, nothing leaves this machine.`,
    );
  const loadSdk = options.loadSdk ?? (() => import('./firebase-session'));
  openSession = () => {
    session ??= loadSdk()
      .then((sdk) =>
        sdk.openFirebaseSession({
          settings: config.firebase,
          emulatorUrl,
          signInWith: options.signInWith,
          onUser: (user) => authStore.getState().setUser(user),
        }),
      )
      .catch((error: unknown) => {
        // Logged, auth left unset (spec §8); the next sign-in tries again.
        console.error(
          'Sign-in could not start: Firebase did not load or initialise. The next sign-in tries again.',
          error,
        );
        session = null;
        authStore.getState().setLoading(false);
        throw error;
      });
    return session;
  };
  (options.schedule ?? ((task) => task()))(() => {
    if (emulatorUrl) (options.watchEmulator ?? watchSignInService)(emulatorUrl);
    openSession?.().catch(() => undefined);
  });
}

/**
 * The page's Firebase session, loading the SDK now if it has not loaded yet. A call that comes
 * before the shell's deferred start-up (a quick click on /login) starts auth from the page's
 * config. Fails with "not initialised" outside the browser or without a complete config.
 */
export function authSession(): Promise<FirebaseSession> {
  if (typeof window === 'undefined') return Promise.reject(new AuthNotInitialisedError());
  if (!openSession) startAuth(runtimeConfig());
  return openSession ? openSession() : Promise.reject(new AuthNotInitialisedError());
}

/** Whether startAuth has set up a session to open (false without config, or before start-up). */
export function isAuthStarted(): boolean {
  return openSession !== null;
}

/** Forgets the start-up (tests). The Firebase app itself stays: one per page, as in the browser. */
export function resetAuthRuntime(): void {
  openSession = null;
  session = null;
}
