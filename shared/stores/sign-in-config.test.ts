import { DEFAULT_RUNTIME_CONFIG } from '../contracts';
import { authStore } from './auth-store';
import { applySignInConfig, SIGN_IN_UNAVAILABLE } from './sign-in-config';
import { COMPLETE_FIREBASE as COMPLETE, resetAuthStore } from '../testing/auth';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetAuthStore(true);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('applySignInConfig', () => {
  it('lets sign-in start with all six settings, and leaves the store loading', () => {
    expect(applySignInConfig({ firebase: COMPLETE })).toBe(true);
    expect(authStore.getState()).toMatchObject({ loading: true, disabled: false });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('names every missing setting, disables sign-in and ends loading', () => {
    expect(applySignInConfig(DEFAULT_RUNTIME_CONFIG)).toBe(false);
    expect(consoleError).toHaveBeenCalledWith(
      'Firebase config is missing: apiKey, authDomain, projectId, storageBucket, messagingSenderId, appId',
    );
    expect(authStore.getState()).toMatchObject({
      loading: false,
      disabled: true,
      disabledReason: SIGN_IN_UNAVAILABLE,
      user: null,
    });
  });

  it('counts a blank setting as missing', () => {
    expect(applySignInConfig({ firebase: { ...COMPLETE, appId: '  ' } })).toBe(false);
    expect(consoleError).toHaveBeenCalledWith('Firebase config is missing: appId');
  });
});
