import { authStore, paymentStore, resetPaymentStore, SIGN_IN_PROVIDERS, USER_ID_STORAGE_KEY, type SignInProvider } from '@arttoy/shared/stores';
import { AUTH_NOT_INITIALISED, signIn, signOut } from './session-actions';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  resetPaymentStore();
  authStore.setState({ user: null, loading: false, error: null, disabled: false, disabledReason: null, pendingProvider: null });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('signIn', () => {
  it.each([...SIGN_IN_PROVIDERS])('marks %s as pending during the call and clears it at the end', async (provider: SignInProvider) => {
    const seen: Array<SignInProvider | null> = [];
    const unsubscribe = authStore.subscribe((state, previous) => {
      if (state.pendingProvider !== previous.pendingProvider) seen.push(state.pendingProvider);
    });
    try {
      await signIn(provider);
    } finally {
      unsubscribe();
    }
    expect(seen).toEqual([provider, null]);
    expect(authStore.getState().pendingProvider).toBeNull();
  });

  it.each([...SIGN_IN_PROVIDERS])('keeps "not initialised" as the error and logs the %s failure', async (provider: SignInProvider) => {
    await signIn(provider);
    expect(authStore.getState().error).toBe(AUTH_NOT_INITIALISED);
    expect(consoleError).toHaveBeenCalledWith(`${provider} login failed:`, AUTH_NOT_INITIALISED);
  });

  it('says auth is not initialised and must be used in the browser', () => {
    expect(AUTH_NOT_INITIALISED).toMatch(/not initialised/);
    expect(AUTH_NOT_INITIALISED).toMatch(/browser/);
  });

  it('signs nobody in', async () => {
    await signIn('facebook');
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(paymentStore.getState().userid).toBe('');
  });
});

describe('signOut', () => {
  it('empties the stored user_id and clears the user', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-7');
    authStore.getState().setUser({ uid: 'u-7', displayName: 'Ada', email: null });
    paymentStore.getState().set({ userid: 'u-7' });

    await signOut();

    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    expect(authStore.getState().user).toBeNull();
    expect(paymentStore.getState().userid).toBe('');
  });

  it('writes the empty user_id even when nobody was signed in', async () => {
    await signOut();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    expect(authStore.getState().user).toBeNull();
  });
});
