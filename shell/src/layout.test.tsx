import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_NOT_INITIALISED, signIn } from '@arttoy/shared/auth';
import { authStore, type SignInProvider } from '@arttoy/shared/stores';
import { resetAuthStore } from '@arttoy/shared/testing/auth';
import { Layout } from './layout';

// Links prefetch their remote on hover; keep the federation runtime out of these tests.
jest.mock('./federation/remotes', () => ({ loadRemoteApp: jest.fn(() => new Promise(() => undefined)) }));
// The real flow by default (auth is never started here, so it fails as "not initialised"); one test makes it succeed.
jest.mock('@arttoy/shared/auth', () => {
  const actual = jest.requireActual('@arttoy/shared/auth');
  return { ...actual, signIn: jest.fn(actual.signIn) };
});
const signInMock = jest.mocked(signIn);

beforeEach(() => {
  signInMock.mockClear();
  // The layout's ScrollRestoration scrolls; jsdom has no layout to scroll.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  resetAuthStore(false);
});

afterEach(() => jest.restoreAllMocks());

async function openDrawer(): Promise<HTMLElement> {
  const router = createMemoryRouter([
    { path: '*', element: <Layout />, children: [{ index: true, element: <p>home</p> }] },
  ]);
  render(<RouterProvider router={router} />);
  await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
  return screen.getByRole('dialog', { name: 'Menu' });
}

describe('Layout and sign-in', () => {
  it.each(['apple', 'google', 'facebook'] as const)(
    'closes the drawer when the %s sign-in succeeds',
    async (provider: SignInProvider) => {
      signInMock.mockResolvedValueOnce({ uid: 'u-1', displayName: null, email: null });
      const drawer = await openDrawer();
      await userEvent.click(await within(drawer).findByRole('button', { name: new RegExp(provider, 'i') }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
      expect(signInMock.mock.calls).toEqual([[provider]]);
    },
  );

  it('keeps the drawer open and shows why when a provider button fails (auth never started here)', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const drawer = await openDrawer();
      await userEvent.click(await within(drawer).findByRole('button', { name: 'Continue with Facebook' }));
      expect(await within(drawer).findByRole('alert')).toHaveTextContent(AUTH_NOT_INITIALISED);
      expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('logs out from the drawer and closes it', async () => {
    authStore.getState().setUser({ uid: 'u-9', displayName: null, email: null });
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'log out' }));
    await waitFor(() => expect(authStore.getState().user).toBeNull());
    expect(localStorage.getItem('user_id')).toBe('');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
