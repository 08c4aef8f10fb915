import { resetRuntimeConfig } from '../config';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID } from '../contracts';
import {
  authStore,
  paymentStore,
  resetPaymentStore,
  SIGN_IN_UNAVAILABLE,
  USER_ID_STORAGE_KEY,
} from '../stores';
import { authSession, isAuthStarted, resetAuthRuntime, startAuth } from './auth-runtime';
import { signIn, signOut, idToken } from './login-flow';
import { openFirebaseSession } from './firebase-session';
import { AUTH_NOT_INITIALISED } from './messages';
import {
  COMPLETE_CONFIG as COMPLETE,
  recordLoginEvents as recordEvents,
  resetAuthStore,
} from '../testing/auth';

// Only the start from the page's config below uses the default SDK loader; the SDK itself is tested against the emulator.
jest.mock('./firebase-session', () => ({
  openFirebaseSession: jest.fn(() => ({
    auth: {},
    signIn: jest.fn(),
    signOut: jest.fn(async () => undefined),
    idToken: jest.fn(async () => 'id-token'),
  })),
}));

let consoleError: jest.SpyInstance;
let consoleInfo: jest.SpyInstance;
beforeEach(() => {
  resetAuthRuntime();
  localStorage.clear();
  resetPaymentStore();
  resetAuthStore(true);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleInfo = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  consoleInfo.mockRestore();
});

describe('startAuth without a complete Firebase config', () => {
  it('logs the missing settings, disables sign-in and reports the visitor signed out', () => {
    const schedule = jest.fn();
    startAuth({ ...DEFAULT_RUNTIME_CONFIG, firebase: { apiKey: 'k', appId: 'a' } }, { schedule });
    expect(consoleError).toHaveBeenCalledWith(
      'Firebase config is missing: authDomain, projectId, storageBucket, messagingSenderId',
    );
    expect(authStore.getState()).toMatchObject({
      disabled: true,
      disabledReason: SIGN_IN_UNAVAILABLE,
      loading: false,
      user: null,
    });
    expect(schedule).not.toHaveBeenCalled();
    expect(isAuthStarted()).toBe(false);
  });

  it.each(['google', 'apple', 'facebook'] as const)(
    'fails a %s sign-in with "not initialised", logged and kept',
    async (provider) => {
      startAuth(DEFAULT_RUNTIME_CONFIG, { schedule: jest.fn() });
      const events = recordEvents();
      await expect(signIn(provider)).resolves.toBeNull();
      events.stop();
      expect(events.seen).toEqual(['loading-start', 'loading-end']);
      expect(authStore.getState()).toMatchObject({
        error: AUTH_NOT_INITIALISED,
        pendingProvider: null,
        user: null,
      });
      expect(consoleError).toHaveBeenCalledWith(
        `${provider[0]!.toUpperCase()}${provider.slice(1)} login failed:`,
        AUTH_NOT_INITIALISED,
      );
      expect(paymentStore.getState().userid).toBe('');
      expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    },
  );

  it('rejects the ID token call with "not initialised"', async () => {
    await expect(idToken()).rejects.toThrow(AUTH_NOT_INITIALISED);
    await expect(authSession()).rejects.toThrow(AUTH_NOT_INITIALISED);
  });

  it('still logs out locally: user_id empty, user cleared', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-7');
    authStore.getState().setUser({ uid: 'u-7', displayName: null, email: null });
    paymentStore.getState().set({ userid: 'u-7' });
    await signOut();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    expect(authStore.getState().user).toBeNull();
    expect(paymentStore.getState().userid).toBe('');
  });
});

describe('a call before start-up', () => {
  afterEach(() => {
    document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
    resetRuntimeConfig();
  });

  it('starts auth from the page config (a quick click on /login before the shell started it)', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = RUNTIME_CONFIG_ELEMENT_ID;
    element.textContent = JSON.stringify(COMPLETE);
    document.head.append(element);
    resetRuntimeConfig();

    await expect(idToken()).resolves.toBe('id-token');
    expect(isAuthStarted()).toBe(true);
    expect(jest.mocked(openFirebaseSession)).toHaveBeenCalledWith(
      expect.objectContaining({ settings: COMPLETE.firebase }),
    );
  });

  it('fails as not initialised when the page has no complete config', async () => {
    resetRuntimeConfig();
    await expect(idToken()).rejects.toThrow(AUTH_NOT_INITIALISED);
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/^Firebase config is missing: /));
  });
});

describe('startAuth with a complete config', () => {
  it('waits for the schedule before loading the SDK, and stays loading until it reports', () => {
    const loadSdk = jest.fn(() => new Promise<never>(() => undefined));
    let run: (() => void) | undefined;
    startAuth(COMPLETE, { schedule: (task) => (run = task), loadSdk });
    expect(loadSdk).not.toHaveBeenCalled();
    expect(authStore.getState().loading).toBe(true);
    run?.();
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(authStore.getState()).toMatchObject({ loading: true, disabled: false });
  });

  it('loads the SDK at once without a schedule', () => {
    const loadSdk = jest.fn(() => new Promise<never>(() => undefined));
    startAuth(COMPLETE, { loadSdk });
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });

  it('starts once', () => {
    const loadSdk = jest.fn(() => new Promise<never>(() => undefined));
    startAuth(COMPLETE, { schedule: (task) => task(), loadSdk });
    startAuth(COMPLETE, { schedule: (task) => task(), loadSdk });
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });

  it('loads the SDK at once when a sign-in comes before the schedule', async () => {
    const loadSdk = jest.fn(() => Promise.reject(new Error('chunk failed')));
    startAuth(COMPLETE, { schedule: jest.fn(), loadSdk });
    await signIn('google');
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });

  it('logs an SDK that fails to load, ends loading, and retries on the next sign-in', async () => {
    const loadSdk = jest.fn(() => Promise.reject(new Error('chunk failed')));
    startAuth(COMPLETE, { schedule: (task) => task(), loadSdk });
    await expect(authSession()).rejects.toThrow('chunk failed');
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('Sign-in could not start'),
      expect.any(Error),
    );
    expect(authStore.getState().loading).toBe(false);

    await signIn('apple');
    // Once at start-up (the schedule and the first call share it), once more for the sign-in.
    expect(loadSdk).toHaveBeenCalledTimes(2);
    expect(authStore.getState().error).toBe('Apple sign-in did not finish. Please try again.');
    expect(consoleError).toHaveBeenCalledWith('Apple login failed:', 'chunk failed');
  });

  it('treats a Firebase that fails to initialise like one that fails to load', async () => {
    const broken = {
      openFirebaseSession: () => {
        throw new Error('auth/invalid-api-key');
      },
    } as unknown as typeof import('./firebase-session');
    startAuth(COMPLETE, { loadSdk: async () => broken });
    await expect(authSession()).rejects.toThrow('auth/invalid-api-key');
    expect(authStore.getState().loading).toBe(false);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('Sign-in could not start'),
      expect.any(Error),
    );
  });

  it('says when it signs in against the emulator', () => {
    startAuth({ ...COMPLETE, firebaseAuthEmulatorUrl: 'http://127.0.0.1:9099' }, { schedule: jest.fn() });
    expect(consoleInfo).toHaveBeenCalledWith(
      expect.stringContaining('Firebase Auth emulator at http://127.0.0.1:9099'),
    );
  });
});
