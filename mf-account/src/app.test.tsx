import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_NOT_INITIALISED } from '@arttoy/shared/auth';
import { authStore, USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import {
  fakeApi,
  findPlaceholder,
  mountRemote,
  placeholdersShown,
  routeSamples,
} from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import * as app from './app';
import { setAuth } from './test/auth';

// The ID token for API calls; the rest of the auth module is the real one (no auth started).
jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

/** The auth store as Firebase leaves it; `loading` while it has not reported yet. */
function auth(state: { uid?: string; loading?: boolean }) {
  setAuth(
    state.uid
      ? { uid: state.uid, displayName: `Visitor ${state.uid}`, email: `${state.uid}@example.test` }
      : null,
    state.loading ?? false,
  );
}

beforeEach(() => {
  clearPageReads();
  localStorage.clear();
  auth({});
  fakeApi({
    'GET /api/locker': { body: { items: [] } },
    'GET /api/locker/ship-requests': { body: { items: [] } },
  });
});

describe('mf_account ./app', () => {
  it.each(routeSamples('mf_account'))('renders $route.id at $path', async ({ route, path }) => {
    auth({ loading: true });
    mountRemote({ name: 'mf_account', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_account');
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    auth({ loading: true });
    const { navigate } = mountRemote({ name: 'mf_account', app, path: '/login' });
    await findPlaceholder('login');
    await navigate('/locker');
    await findPlaceholder('locker');
    expect(placeholdersShown()).toEqual(['locker']);
  });

  it('sends a signed-out visitor from /locker to /login, to come back to the locker', async () => {
    const { router } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await findPlaceholder('login');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?return_to=%2Flocker',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('waits for the sign-in state before deciding', async () => {
    auth({ loading: true });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByRole('status', { name: 'Loading your locker' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/locker');
  });

  it('logs the signed-in user out from /locker through the shared stores', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-7');
    auth({ uid: 'u-7' });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByTestId('visitor')).toHaveTextContent(
      /^Signed in as Visitor u-7 \(u-7@example\.test\)$/,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
    // Signed out while on the page: it stays, says so and offers the way back in.
    expect(await screen.findByTestId('visitor')).toHaveTextContent('Signed out');
    expect(screen.getByRole('link', { name: 'Log in to see your locker' })).toHaveAttribute(
      'href',
      '/login?return_to=%2Flocker',
    );
    expect(router.state.location.pathname).toBe('/locker');
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
    auth({ loading: true });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await findPlaceholder('locker');
    act(() => authStore.getState().setUser({ uid: 'u-8', displayName: null, email: null }));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(await screen.findByText(/Your locker is empty/)).toBeInTheDocument();
  });
});
