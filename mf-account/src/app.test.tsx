import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

beforeEach(() => {
  localStorage.clear();
  authStore.setState({ user: null, loading: false, error: null });
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

  it('shows a sign-in made elsewhere on the page (the shell) without a remount', async () => {
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await findPlaceholder('locker');
    act(() => authStore.getState().setUser({ uid: 'u-8', displayName: null, email: null }));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByTestId('visitor')).toHaveTextContent('Signed in as u-8');
  });
});
