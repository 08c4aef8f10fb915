/**
 * The login flow around the provider's sign-in window: a window the visitor closes brings the
 * buttons back at once, and whatever the SDK answers later only counts when it is a sign-in.
 * The SDK is a stand-in that opens its window as the real one does (window.open, after an await);
 * the real SDK is tested against the emulator (login-flow.emulator.test.ts) and in the browser.
 */
import {
  authStore,
  paymentStore,
  resetPaymentStore,
  USER_ID_STORAGE_KEY,
  type AuthUser,
  type SignInProvider,
} from '../stores';
import { resetAuthRuntime, startAuth } from './auth-runtime';
import type { FirebaseSession } from './firebase-session';
import { signIn } from './login-flow';
import { SIGN_IN_WINDOW_POLL_MS, SIGN_IN_WINDOW_SETTLE_MS } from './sign-in-window';
import { COMPLETE_CONFIG as COMPLETE, recordLoginEvents, resetAuthStore } from '../testing/auth';

/** Time enough for the watcher to see a closed window and let it settle. */
const NOTICE_MS = SIGN_IN_WINDOW_POLL_MS + SIGN_IN_WINDOW_SETTLE_MS;
const ADA: AuthUser = { uid: 'u-ada', displayName: 'Ada', email: 'ada@example.test' };

/** One sign-in of the stand-in SDK: the window it opened and the answer the test gives. */
interface Attempt {
  window: { closed: boolean } | null;
  succeed(user: AuthUser): void;
  fail(code: string): void;
}

let attempts: Attempt[];
/** What the browser's window.open returns next (null: a blocked popup). */
let browserOpens: () => { closed: boolean } | null;
let browserOpen: jest.Mock;
let consoleError: jest.SpyInstance;
let consoleInfo: jest.SpyInstance;

function standInSession(): FirebaseSession {
  return {
    auth: {} as FirebaseSession['auth'],
    signIn: async (provider: SignInProvider) => {
      // The SDK builds the handler's URL (awaits) before it opens the window.
      await Promise.resolve();
      const opened = window.open(
        `http://localhost:9099/emulator/auth/handler?providerId=${provider}`,
        'sdk-event-id',
        'popup',
      ) as { closed: boolean } | null;
      return new Promise<AuthUser>((resolve, reject) => {
        attempts.push({
          window: opened,
          succeed: resolve,
          fail: (code) => reject(Object.assign(new Error(`Firebase: Error (${code}).`), { code })),
        });
        if (!opened) attempts.at(-1)?.fail('auth/popup-blocked');
      });
    },
    signOut: async () => undefined,
    idToken: async () => null,
  };
}

function recordEvents(): { seen: string[]; stop: () => void } {
  return recordLoginEvents((type, payload) =>
    'succeeded' in payload ? `${type}:${payload.succeeded}` : type,
  );
}

/** Starts a sign-in and waits until the stand-in SDK has opened its window. */
async function startSignIn(
  provider: SignInProvider,
): Promise<{ result: Promise<AuthUser | null>; attempt: Attempt }> {
  const before = attempts.length;
  const result = signIn(provider);
  while (attempts.length === before) await jest.advanceTimersByTimeAsync(1);
  return { result, attempt: attempts.at(-1)! };
}

/** Counts the auth store's changes from now on. */
function storeChanges(): { count: () => number; stop: () => void } {
  let changes = 0;
  const stop = authStore.subscribe(() => (changes += 1));
  return { count: () => changes, stop };
}

const originalOpen = window.open;
let events: ReturnType<typeof recordEvents>;

beforeEach(() => {
  jest.useFakeTimers();
  resetAuthRuntime();
  localStorage.clear();
  resetPaymentStore();
  resetAuthStore(false);
  attempts = [];
  browserOpens = () => ({ closed: false });
  browserOpen = jest.fn(() => browserOpens());
  window.open = browserOpen as unknown as typeof window.open;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleInfo = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  const session = standInSession();
  startAuth(COMPLETE, {
    loadSdk: async () =>
      ({ openFirebaseSession: () => session }) as unknown as typeof import('./firebase-session'),
  });
  events = recordEvents();
});

afterEach(() => {
  events.stop();
  consoleError.mockRestore();
  consoleInfo.mockRestore();
  window.open = originalOpen;
  jest.useRealTimers();
});

describe('a sign-in window the visitor closes', () => {
  it('brings the buttons back within a second, with no error', async () => {
    const { result, attempt } = await startSignIn('apple');
    expect(authStore.getState().pendingProvider).toBe('apple');

    attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(NOTICE_MS);

    expect(NOTICE_MS).toBeLessThanOrEqual(1000);
    expect(authStore.getState()).toMatchObject({ pendingProvider: null, error: null, user: null });
    expect(events.seen).toEqual(['loading-start', 'loading-end:false']);
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleInfo).toHaveBeenCalledWith('Apple sign-in cancelled: the sign-in window was closed.');
    // The SDK has not answered yet (it waits ~10 s): the promise is still open for a late sign-in.
    let settled = false;
    void result.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    attempt.fail('auth/popup-closed-by-user');
    await expect(result).resolves.toBeNull();
  });

  it('does not restore before the window has had time to hand over an answer', async () => {
    const { attempt } = await startSignIn('google');
    attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(SIGN_IN_WINDOW_POLL_MS);
    expect(authStore.getState().pendingProvider).toBe('google');
    await jest.advanceTimersByTimeAsync(SIGN_IN_WINDOW_SETTLE_MS);
    expect(authStore.getState().pendingProvider).toBeNull();
  });

  it.each(['auth/popup-closed-by-user', 'auth/network-request-failed', 'auth/internal-error'])(
    'ignores the SDK failing late with %s: no alert, no log as an error, no change to the store or events',
    async (code) => {
      const { result, attempt } = await startSignIn('facebook');
      attempt.window!.closed = true;
      await jest.advanceTimersByTimeAsync(NOTICE_MS);
      const changes = storeChanges();
      const seenBefore = [...events.seen];

      attempt.fail(code);
      await expect(result).resolves.toBeNull();
      changes.stop();

      expect(changes.count()).toBe(0);
      expect(authStore.getState()).toMatchObject({ pendingProvider: null, error: null, user: null });
      expect(events.seen).toEqual(seenBefore);
      expect(consoleError).not.toHaveBeenCalled();
    },
  );

  it('leaves a newer sign-in alone when the old one is cancelled by it', async () => {
    const first = await startSignIn('apple');
    first.attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(NOTICE_MS);

    const second = await startSignIn('google');
    // The SDK cancels the older popup when a new one starts.
    first.attempt.fail('auth/cancelled-popup-request');
    await expect(first.result).resolves.toBeNull();
    expect(authStore.getState()).toMatchObject({ pendingProvider: 'google', error: null });

    second.attempt.succeed(ADA);
    await expect(second.result).resolves.toEqual(ADA);
    expect(authStore.getState()).toMatchObject({ pendingProvider: null, user: ADA });
  });

  it('still signs in when the answer arrives after the buttons came back', async () => {
    const { result, attempt } = await startSignIn('google');
    attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(NOTICE_MS);
    expect(authStore.getState().pendingProvider).toBeNull();

    attempt.succeed(ADA);
    await expect(result).resolves.toEqual(ADA);
    expect(authStore.getState()).toMatchObject({ user: ADA, pendingProvider: null, error: null });
    expect(paymentStore.getState().userid).toBe(ADA.uid);
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(ADA.uid);
    expect(events.seen).toEqual(['loading-start', 'loading-end:false', 'google-login-success']);
  });
});

describe('a sign-in that completes', () => {
  it('signs in once the provider answers, and its window closing by itself changes nothing', async () => {
    const { result, attempt } = await startSignIn('google');
    attempt.succeed(ADA);
    await expect(result).resolves.toEqual(ADA);
    attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(NOTICE_MS * 2);

    expect(authStore.getState()).toMatchObject({ user: ADA, pendingProvider: null, error: null });
    expect(paymentStore.getState().userid).toBe(ADA.uid);
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(ADA.uid);
    expect(events.seen).toEqual(['loading-start', 'google-login-success', 'loading-end:true']);
    expect(consoleInfo).not.toHaveBeenCalledWith(expect.stringContaining('cancelled'));
  });

  it('signs in without a flicker when the window closes itself just before the answer', async () => {
    const { result, attempt } = await startSignIn('apple');
    attempt.window!.closed = true;
    await jest.advanceTimersByTimeAsync(SIGN_IN_WINDOW_POLL_MS + SIGN_IN_WINDOW_SETTLE_MS / 2);
    expect(authStore.getState().pendingProvider).toBe('apple');
    attempt.succeed(ADA);
    await expect(result).resolves.toEqual(ADA);
    expect(events.seen).toEqual(['loading-start', 'apple-login-success', 'loading-end:true']);
  });

  it('gives window.open back to the page once the window is open', async () => {
    const { result, attempt } = await startSignIn('google');
    expect(window.open).toBe(browserOpen);
    expect(browserOpen).toHaveBeenCalledWith(
      expect.stringContaining('/auth/handler'),
      'sdk-event-id',
      'popup',
    );
    attempt.succeed(ADA);
    await result;
    expect(window.open).toBe(browserOpen);
  });
});

describe('a window the watcher cannot follow', () => {
  it('leaves a blocked popup to the SDK, which reports it', async () => {
    browserOpens = () => null;
    const result = signIn('facebook');
    await jest.advanceTimersByTimeAsync(NOTICE_MS);
    await expect(result).resolves.toBeNull();
    expect(authStore.getState()).toMatchObject({
      pendingProvider: null,
      error: expect.stringContaining('blocked the Facebook sign-in window'),
    });
    expect(window.open).toBe(browserOpen);
  });

  it('does not take a handle that reads as closed from the start for a closed window', async () => {
    // A browser that cuts the popup off from its opener reports it closed at once; the SDK's own timeout applies.
    browserOpens = () => ({ closed: true });
    const { result, attempt } = await startSignIn('google');
    await jest.advanceTimersByTimeAsync(NOTICE_MS * 5);
    expect(authStore.getState().pendingProvider).toBe('google');
    attempt.succeed(ADA);
    await expect(result).resolves.toEqual(ADA);
  });

  it('stops waiting for a window when the sign-in fails before opening one', async () => {
    resetAuthRuntime();
    startAuth(COMPLETE, { loadSdk: () => Promise.reject(new Error('chunk failed')) });
    await expect(signIn('apple')).resolves.toBeNull();
    expect(window.open).toBe(browserOpen);
    expect(authStore.getState()).toMatchObject({
      pendingProvider: null,
      error: 'Apple sign-in did not finish. Please try again.',
    });
  });
});
