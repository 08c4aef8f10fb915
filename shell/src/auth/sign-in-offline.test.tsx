import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { authStore, USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import { resetAuthStore } from '@arttoy/shared/testing/auth';
import { SignInOptions, signIn, signOut } from './sign-in';

// The auth module's chunk fails to arrive (offline, or replaced by a deploy).
jest.mock('@arttoy/shared/auth', () => {
  throw new Error('Loading chunk 835 failed.');
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetAuthStore(false);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('sign-in without its code', () => {
  it('fails the sign-in with a plain message, logged per provider, and no rejection', async () => {
    await expect(signIn('google')).resolves.toBeNull();
    expect(authStore.getState().error).toBe('Sign-in could not load. Check your connection, then try again.');
    expect(consoleError).toHaveBeenCalledWith(
      'Google login failed: its code did not load.',
      expect.any(Error),
    );
  });

  it('still logs out locally', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-1');
    authStore.getState().setUser({ uid: 'u-1', displayName: null, email: null });
    await expect(signOut()).resolves.toBeUndefined();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
  });

  it('shows why in place of the provider buttons', async () => {
    render(
      <Suspense fallback={null}>
        <SignInOptions onSignIn={jest.fn()} />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in could not load. Check your connection, then reload the page.',
    );
  });
});
