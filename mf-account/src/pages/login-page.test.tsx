import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '@arttoy/shared/auth';
import { authStore } from '@arttoy/shared/stores';
import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { setAuth } from '../test/auth';

// The flow itself is tested in shared/auth against the emulator; here: what the page does with its outcome.
jest.mock('@arttoy/shared/auth', () => ({ ...jest.requireActual('@arttoy/shared/auth'), signIn: jest.fn() }));
const signInMock = jest.mocked(signIn);

beforeEach(() => {
  signInMock.mockReset();
  setAuth(null);
});

async function loginOptions(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Sign in' });
}

describe('/login', () => {
  it("has its own title, also when the visitor comes from the locker (it kept the locker's)", async () => {
    // Sign-in state not known yet: the locker waits and reads nothing.
    authStore.setState({ loading: true });
    const { navigate } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await waitFor(() => expect(document.title).toBe('Your locker · ArtToy Club'));
    await navigate('/login');
    await loginOptions();
    expect(document.title).toBe('Log in or sign up · ArtToy Club');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Log in or sign up with Google, Apple or Facebook/,
    );
  });

  it('offers Apple, Google and Facebook, and signs in with the one pressed', async () => {
    signInMock.mockResolvedValue(null);
    mountRemote({ name: 'mf_account', app, path: '/login' });
    const options = await loginOptions();
    expect(
      within(options)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Continue with Apple', 'Continue with Google', 'Continue with Facebook']);
    await userEvent.click(within(options).getByRole('button', { name: 'Continue with Google' }));
    expect(signInMock.mock.calls).toEqual([['google']]);
  });

  it('returns to the return_to path after signing in', async () => {
    signInMock.mockResolvedValue({ uid: 'u-1', displayName: null, email: null });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/login?return_to=%2Flocker' });
    await userEvent.click(within(await loginOptions()).getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/locker'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes back to the previous page when /login was reached inside the site', async () => {
    signInMock.mockResolvedValue({ uid: 'u-2', displayName: null, email: null });
    // Sign-in state not known yet, so /locker waits instead of sending the visitor to /login itself.
    authStore.setState({ loading: true });
    const { router, navigate } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await navigate('/login');
    await userEvent.click(
      within(await loginOptions()).getByRole('button', { name: 'Continue with Facebook' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/locker'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('stays on the page when the sign-in fails', async () => {
    signInMock.mockResolvedValue(null);
    const { router } = mountRemote({ name: 'mf_account', app, path: '/login?return_to=%2Flocker' });
    await userEvent.click(within(await loginOptions()).getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(signInMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the sign-in error and the disabled reason from the shared store', async () => {
    mountRemote({ name: 'mf_account', app, path: '/login' });
    await loginOptions();
    authStore.getState().setError('Google sign-in did not finish. Please try again.');
    authStore.getState().setDisabled('Sign-in is not available right now. You can keep browsing.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in did not finish. Please try again.',
    );
    expect(
      await screen.findByText('Sign-in is not available right now. You can keep browsing.'),
    ).toBeInTheDocument();
    for (const button of within(await loginOptions()).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('tells a signed-in visitor who they are and continues home when they opened /login directly', async () => {
    authStore.getState().setUser({ uid: 'u-3', displayName: 'Ada', email: null });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/login' });
    expect(await screen.findByTestId('visitor')).toHaveTextContent(/^Signed in as Ada$/);
    expect(screen.queryByRole('region', { name: 'Sign in' })).not.toBeInTheDocument();
    // The home page is the shell's: this remote, mounted alone, has no route for it and says so.
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    } finally {
      consoleWarn.mockRestore();
    }
  });
});
