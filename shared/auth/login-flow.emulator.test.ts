/**
 * The login flow with the real Firebase SDK against the Auth emulator, started here (or reused
 * when one already answers on 127.0.0.1:9099). jsdom cannot open the popup, so each provider signs
 * in with a fake IdP token through signInWithCredential: the same emulator endpoint the popup's
 * result goes to. The popup itself is covered by the browser tests (e2e/tests/sign-in.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FirebaseError } from 'firebase/app';
import {
  FacebookAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithCredential,
  type AuthCredential,
} from 'firebase/auth';
import { DEFAULT_RUNTIME_CONFIG } from '../contracts';
import {
  authStore,
  paymentStore,
  resetPaymentStore,
  selectIsLoggedIn,
  SIGN_IN_PROVIDERS,
  USER_ID_STORAGE_KEY,
  type AuthState,
  type SignInProvider,
} from '../stores';
import { authSession, resetAuthRuntime, startAuth } from './auth-runtime';
import {
  AUTH_EMULATOR_URL,
  DEMO_FIREBASE_SETTINGS,
  startAuthEmulator,
  type RunningEmulator,
} from './emulator';
import type { ProviderSignIn } from './firebase-session';
import { idToken, signIn, signOut } from './login-flow';
import { PROVIDER_NAMES } from './messages';
import { recordLoginEvents as recordEvents } from '../testing/auth';

const REPO_ROOT = path.resolve(__dirname, '../..');

// Jest resolves require() with the "node" condition even under jsdom, which picks @firebase/auth's
// Node build (no browser persistence, no popup resolver). Load its browser build, as webpack does.
jest.mock('@firebase/auth', () =>
  jest.requireActual(
    require('node:path').join(
      require.resolve('firebase/package.json'),
      '../../@firebase/auth/dist/browser-cjs/index.js',
    ),
  ),
);

/**
 * Accounts are named per run and never cleared: an emulator that is reused may serve other test
 * runs (the API's) at the same time, and their accounts must stay.
 */
const RUN = randomUUID().slice(0, 8);
const person = (name: string, extra: Record<string, unknown> = {}) => ({
  sub: `${name}-${RUN}`,
  email: `${name}.${RUN}@example.test`,
  ...extra,
});

/** What the next sign-in does: sign in with these IdP claims, or fail with this error. */
let next: { claims: Record<string, unknown> } | { error: Error } = { claims: {} };

function credentialFor(provider: SignInProvider, token: string): AuthCredential {
  switch (provider) {
    case 'google':
      return GoogleAuthProvider.credential(token);
    case 'apple':
      return new OAuthProvider('apple.com').credential({ idToken: token });
    case 'facebook':
      return FacebookAuthProvider.credential(token);
  }
}

const fakeIdpSignIn: ProviderSignIn = (auth, provider) =>
  'error' in next
    ? Promise.reject(next.error)
    : signInWithCredential(auth, credentialFor(provider, JSON.stringify(next.claims)));

/** Resolves once the auth store satisfies `predicate` (jest's timeout bounds the wait). */
function storeReaches(predicate: (state: AuthState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(authStore.getState())) return resolve();
    const unsubscribe = authStore.subscribe((state) => {
      if (predicate(state)) {
        unsubscribe();
        resolve();
      }
    });
  });
}

let emulator: RunningEmulator | undefined;
let consoleError: jest.SpyInstance;
let consoleInfo: jest.SpyInstance;

beforeAll(async () => {
  emulator = await startAuthEmulator({ repoRoot: REPO_ROOT });
  resetAuthRuntime();
}, 240_000);

afterAll(async () => {
  await authSession()
    .then((session) => session.signOut())
    .catch(() => undefined);
  await emulator?.stop();
}, 30_000);

beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleInfo = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  consoleInfo.mockRestore();
});

describe('the auth store with Firebase', () => {
  it('is loading until Firebase first reports, then shows nobody signed in', async () => {
    expect(authStore.getState()).toMatchObject({ loading: true, user: null });
    let load: (() => void) | undefined;
    startAuth(
      {
        ...DEFAULT_RUNTIME_CONFIG,
        firebase: DEMO_FIREBASE_SETTINGS,
        firebaseAuthEmulatorUrl: AUTH_EMULATOR_URL,
      },
      { schedule: (task) => (load = task), signInWith: fakeIdpSignIn },
    );
    expect(authStore.getState().loading).toBe(true);
    load?.();
    await storeReaches((state) => !state.loading);
    expect(authStore.getState().user).toBeNull();
    expect(selectIsLoggedIn(authStore.getState())).toBe(false);
  });
});

describe('the login flow against the emulator', () => {
  beforeEach(async () => {
    await signOut();
    localStorage.clear();
    resetPaymentStore();
    authStore.setState({ error: null });
  });

  it.each(SIGN_IN_PROVIDERS.map((provider) => [provider]))(
    'signs in with %s: events in order, user id saved, logged in',
    async (provider) => {
      next = { claims: person(`ada-${provider}`, { name: 'Ada' }) };
      const events = recordEvents();
      const user = await signIn(provider);
      events.stop();

      expect(events.seen).toEqual(['loading-start', `${provider}-login-success`, 'loading-end']);
      expect(user?.uid).toEqual(expect.any(String));
      const state = authStore.getState();
      expect(state).toMatchObject({
        user: { uid: user?.uid, email: `ada-${provider}.${RUN}@example.test`, displayName: 'Ada' },
        error: null,
        pendingProvider: null,
      });
      expect(selectIsLoggedIn(state)).toBe(true);
      expect(paymentStore.getState().userid).toBe(user?.uid);
      expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(user?.uid);
      const session = await authSession();
      expect(session.auth.currentUser?.providerData[0]?.providerId).toBe(
        provider === 'apple' ? 'apple.com' : `${provider}.com`,
      );
    },
  );

  it('gives the API an emulator-issued ID token of the signed-in user, and null when signed out', async () => {
    next = { claims: person('token') };
    const user = await signIn('google');
    const token = await idToken();
    const claims = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ user_id: user?.uid, aud: 'demo-arttoy' });
    await signOut();
    await expect(idToken()).resolves.toBeNull();
  });

  it('logs out: Firebase signs out, user_id is stored empty, the user id is cleared', async () => {
    next = { claims: person('leaving') };
    await signIn('facebook');
    await signOut();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    expect(authStore.getState().user).toBeNull();
    expect(selectIsLoggedIn(authStore.getState())).toBe(false);
    expect(paymentStore.getState().userid).toBe('');
    expect((await authSession()).auth.currentUser).toBeNull();
  });

  it.each(SIGN_IN_PROVIDERS.map((provider) => [provider]))(
    'keeps and logs a %s failure that the emulator reports',
    async (provider) => {
      // No "sub": the emulator refuses the IdP response (auth/invalid-credential).
      next = { claims: { email: `nobody.${RUN}@example.test` } };
      const events = recordEvents();
      await expect(signIn(provider)).resolves.toBeNull();
      events.stop();

      expect(events.seen).toEqual(['loading-start', 'loading-end']);
      expect(authStore.getState()).toMatchObject({
        user: null,
        error: `${PROVIDER_NAMES[provider]} sign-in did not finish. Please try again.`,
        pendingProvider: null,
      });
      expect(consoleError).toHaveBeenCalledWith(
        `${PROVIDER_NAMES[provider]} login failed:`,
        expect.stringContaining('auth/invalid-credential'),
      );
      expect(paymentStore.getState().userid).toBe('');
      expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    },
  );

  it('explains an email already used with another provider', async () => {
    next = { claims: person('bo') };
    await signIn('google');
    await signOut();
    next = { claims: { ...person('bo'), sub: `bo-facebook-${RUN}` } };
    await signIn('facebook');
    expect(authStore.getState().error).toBe(
      'Your email address is already linked to another way of signing in. Sign in the way you did before.',
    );
  });

  it.each(['auth/popup-closed-by-user', 'auth/cancelled-popup-request'])(
    'shows no error when the popup ends with %s',
    async (code) => {
      authStore.getState().setError('An older error');
      next = { error: new FirebaseError(code, `Firebase: Error (${code}).`) };
      const events = recordEvents();
      await expect(signIn('google')).resolves.toBeNull();
      events.stop();

      expect(events.seen).toEqual(['loading-start', 'loading-end']);
      expect(authStore.getState()).toMatchObject({ error: null, user: null, pendingProvider: null });
      expect(consoleError).not.toHaveBeenCalled();
      expect(consoleInfo).toHaveBeenCalledWith('Google sign-in cancelled:', expect.stringContaining(code));
    },
  );

  it('marks the provider as pending while its sign-in runs', async () => {
    next = { claims: person('pending') };
    const seen: Array<SignInProvider | null> = [];
    const unsubscribe = authStore.subscribe((state, previous) => {
      if (state.pendingProvider !== previous.pendingProvider) seen.push(state.pendingProvider);
    });
    await signIn('apple');
    unsubscribe();
    expect(seen).toEqual(['apple', null]);
  });
});
