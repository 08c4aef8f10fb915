/**
 * The only module that imports the Firebase SDK. It is loaded with a dynamic import() after the
 * first paint (see auth-runtime.ts), so the SDK never weighs on the first page.
 */
import { getApp, getApps, initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  FacebookAuthProvider,
  getAuth,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  OAuthProvider,
  onAuthStateChanged,
  signInWithPopup,
  signOut,
  type Auth,
  type AuthProvider,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { AuthUser, SignInProvider } from '../stores';

/** How a provider's sign-in runs: the popup in the browser; tests pass fake IdP credentials instead. */
export type ProviderSignIn = (auth: Auth, provider: SignInProvider) => Promise<UserCredential>;

export interface FirebaseSession {
  auth: Auth;
  /** Signs in with the provider and returns the user. Rejects with the SDK's error (it has a `code`). */
  signIn(provider: SignInProvider): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** The signed-in user's ID token, for the API; null when nobody is signed in. */
  idToken(): Promise<string | null>;
}

export function authProvider(provider: SignInProvider): AuthProvider {
  switch (provider) {
    case 'google':
      return new GoogleAuthProvider();
    case 'apple': {
      const apple = new OAuthProvider('apple.com');
      apple.addScope('email');
      apple.addScope('name');
      return apple;
    }
    case 'facebook': {
      const facebook = new FacebookAuthProvider();
      facebook.addScope('email');
      return facebook;
    }
  }
}

export const popupSignIn: ProviderSignIn = (auth, provider) => signInWithPopup(auth, authProvider(provider));

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, displayName: user.displayName, email: user.email };
}

/** The page's one Auth instance: created on the first call, returned on every later one. */
function pageAuth(settings: FirebaseOptions, emulatorUrl: string | undefined): Auth {
  if (getApps().length > 0) return getAuth(getApp());
  const app = initializeApp(settings);
  // indexedDB first, localStorage where indexedDB is missing; the popup resolver is the browser's.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  // The SDK's own banner would cover the footer; the console says it instead (auth-runtime.ts).
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}

/**
 * Starts Firebase Auth for the page and reports every sign-in state change (the first report
 * tells the current state: a returning visitor's session or nobody).
 */
export function openFirebaseSession(options: {
  settings: FirebaseOptions;
  emulatorUrl?: string;
  signInWith?: ProviderSignIn;
  onUser: (user: AuthUser | null) => void;
}): FirebaseSession {
  const auth = pageAuth(options.settings, options.emulatorUrl);
  const signInWith = options.signInWith ?? popupSignIn;
  onAuthStateChanged(auth, (user) => options.onUser(user ? toAuthUser(user) : null));
  return {
    auth,
    signIn: async (provider) => toAuthUser((await signInWith(auth, provider)).user),
    signOut: () => signOut(auth),
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  };
}
