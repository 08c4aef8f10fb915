import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_NOT_INITIALISED } from '@arttoy/shared/auth';
import { authStore, USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

beforeEach(() => {
  localStorage.clear();
  authStore.setState({ user: null, loading: false, error: null, disabled: false, disabledReason: null, pendingProvider: null });
});

describe('mf_account ./app', () => {
  it.each(routeSamples('mf_account'))('renders $route.id at $path', async ({ route, path, params }) => {
    mountRemote({ name: 'mf_account', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_account');
    expect(paramsShown(page)).toEqual(params);
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    const { navigate } = mountRemote({ name: 'mf_account', app, path: '/login' });
    await findPlaceholder('login');
    await navigate('/locker');
    await findPlaceholder('locker');
    expect(placeholdersShown()).toEqual(['locker']);
  });

  it('offers no Log out on /locker to a signed-out visitor', async () => {
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await findPlaceholder('locker');
    expect(screen.getByTestId('visitor')).toHaveTextContent('Signed out');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('logs the signed-in user out from /locker through the shared stores', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-7');
    authStore.getState().setUser({ uid: 'u-7', displayName: 'Ada', email: null });
    mountRemote({ name: 'mf_account', app, path: '/locker' });

    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument());
    expect(screen.getByTestId('visitor')).toHaveTextContent('Signed out');
  });

  it('links a signed-out visitor from /locker to /login, coming back to the locker', async () => {
    const { router } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await userEvent.click(await screen.findByRole('link', { name: 'Log in to see your locker' }));
    await findPlaceholder('login');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?return_to=%2Flocker');
  });

  it('fails a sign-in on /login with "not initialised" when the page never started auth', async () => {
    mountRemote({ name: 'mf_account', app, path: '/login' });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_NOT_INITIALISED);
      expect(consoleError).toHaveBeenCalledWith('Google login failed:', AUTH_NOT_INITIALISED);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows a sign-in made elsewhere on the page (the shell) without a remount', async () => {
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await findPlaceholder('locker');
    act(() => authStore.getState().setUser({ uid: 'u-8', displayName: null, email: null }));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByTestId('visitor')).toHaveTextContent('Signed in as u-8');
  });
});
