import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authStore, type SignInProvider } from '@arttoy/shared/stores';
import { resetAuthStore } from '@arttoy/shared/testing/auth';
import { SiteDrawer } from './drawer';

// Hovering a link prefetches its remote; keep the federation runtime out of these tests.
jest.mock('../federation/remotes', () => ({ loadRemoteApp: jest.fn(() => new Promise(() => undefined)) }));

beforeEach(() => {
  resetAuthStore(false);
});

interface Rendered {
  router: ReturnType<typeof createMemoryRouter>;
  onClose: jest.Mock;
  onSignIn: jest.Mock<void, [SignInProvider]>;
  onSignOut: jest.Mock;
}

/** Renders the drawer and lets its lazily loaded sign-in section settle, inside act. */
async function renderDrawer(path = '/gallery/style/soft-vinyl', open = true): Promise<Rendered> {
  const onClose = jest.fn();
  const onSignIn = jest.fn<void, [SignInProvider]>();
  const onSignOut = jest.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <SiteDrawer open={open} onClose={onClose} onSignIn={onSignIn} onSignOut={onSignOut} />,
      },
    ],
    {
      initialEntries: [path],
    },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return { router, onClose, onSignIn, onSignOut };
}

const PROVIDER_BUTTONS = ['Continue with Apple', 'Continue with Google', 'Continue with Facebook'];

/** The provider buttons, once the lazily loaded sign-in module has rendered them. */
async function providerButtons(): Promise<HTMLElement[]> {
  return within(await screen.findByRole('region', { name: 'Sign in' })).getAllByRole('button');
}

describe('SiteDrawer', () => {
  it('gives every entry its own icon, hidden from screen readers, beside its label', async () => {
    await renderDrawer();
    const links = within(screen.getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
    const icons = links.map((link) => link.querySelector('svg'));
    for (const icon of icons) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon?.querySelector('path, circle, rect')).not.toBeNull();
    }
    expect(new Set(icons.map((icon) => icon?.innerHTML)).size).toBe(links.length);
    expect(links.map((link) => link.getAttribute('data-icon'))).toEqual([
      'home',
      'box',
      'gallery',
      'blog',
      'help',
    ]);
    expect(links[1]).toHaveAccessibleName('Mystery Box');
  });

  it('gives the account entries icons too', async () => {
    await renderDrawer();
    act(() => authStore.getState().setUser({ uid: 'u-1', displayName: 'Ada', email: 'ada@example.com' }));
    const account = await screen.findByRole('region', { name: 'Your account' });
    for (const link of within(account).getAllByRole('link'))
      expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('lists the menu entries in the spec order with their paths', async () => {
    await renderDrawer();
    const links = within(screen.getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Mystery Box', '/mysterybox'],
      ['Gallery', '/gallery'],
      ['blog', '/blog'],
      ['Help Center', '/help'],
    ]);
  });

  it('shows nothing while closed', async () => {
    await renderDrawer('/', false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it.each([
    ['Home', '/'],
    ['Mystery Box', '/mysterybox'],
    ['Gallery', '/gallery'],
    ['blog', '/blog'],
    ['Help Center', '/help'],
  ])('navigates to %s (%s) and closes', async (label, path) => {
    const { router, onClose } = await renderDrawer('/rules/privacy_policy');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: label }),
    );
    expect(router.state.location.pathname).toBe(path);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes from its close button', async () => {
    const { onClose, router } = await renderDrawer('/gallery');
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/gallery');
  });

  describe('signed out', () => {
    it('offers Apple, Google and Facebook in that order, enabled', async () => {
      await renderDrawer();
      const buttons = await providerButtons();
      expect(buttons.map((button) => button.textContent)).toEqual(PROVIDER_BUTTONS);
      for (const button of buttons) expect(button).toBeEnabled();
      expect(screen.queryByText(/^Uid:/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'log out' })).not.toBeInTheDocument();
    });

    it.each([
      ['Continue with Apple', 'apple'],
      ['Continue with Google', 'google'],
      ['Continue with Facebook', 'facebook'],
    ])('%s asks to sign in with %s', async (label, provider) => {
      const { onSignIn, onClose } = await renderDrawer();
      await userEvent.click(await screen.findByRole('button', { name: label }));
      expect(onSignIn.mock.calls).toEqual([[provider]]);
      expect(onClose).not.toHaveBeenCalled();
    });

    it('disables every provider while sign-in is disabled, and says why', async () => {
      const reason = 'Sign-in is unavailable: Firebase config is missing: apiKey, appId';
      act(() => authStore.getState().setDisabled(reason));
      const { onSignIn } = await renderDrawer();
      const buttons = await providerButtons();
      expect(buttons).toHaveLength(3);
      for (const button of buttons) expect(button).toBeDisabled();
      expect(screen.getByText(reason)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(onSignIn).not.toHaveBeenCalled();
    });

    it('enables the providers again when the disabled flag is lifted', async () => {
      const reason = 'Sign-in is switched off for maintenance.';
      act(() => authStore.getState().setDisabled(reason));
      await renderDrawer();
      act(() => authStore.getState().setDisabled(null));
      for (const button of await providerButtons()) expect(button).toBeEnabled();
      expect(screen.queryByText(reason)).not.toBeInTheDocument();
    });

    it('disables the providers while one signs in, and says which one is signing in', async () => {
      const { onSignIn } = await renderDrawer();
      act(() => authStore.getState().setPendingProvider('google'));
      const buttons = await providerButtons();
      expect(buttons.map((button) => button.textContent)).toEqual([
        'Continue with Apple',
        'Signing in…',
        'Continue with Facebook',
      ]);
      for (const button of buttons) expect(button).toBeDisabled();
      expect(screen.getByRole('region', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
      expect(onSignIn).not.toHaveBeenCalled();

      act(() => authStore.getState().setPendingProvider(null));
      expect((await providerButtons()).map((button) => button.textContent)).toEqual(PROVIDER_BUTTONS);
      for (const button of await providerButtons()) expect(button).toBeEnabled();
    });

    it('shows the sign-in error in an alert', async () => {
      await renderDrawer();
      await providerButtons();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => authStore.getState().setError('The popup was closed before sign-in finished.'));
      expect(screen.getByRole('alert')).toHaveTextContent('The popup was closed before sign-in finished.');
    });
  });

  describe('signed in', () => {
    beforeEach(() => {
      authStore.getState().setUser({ uid: 'uid-42', displayName: 'Ada', email: 'ada@example.com' });
    });

    it('shows the uid and a log out button instead of the providers', async () => {
      await renderDrawer();
      const account = screen.getByRole('region', { name: 'Your account' });
      expect(within(account).getByText('Uid: uid-42')).toBeInTheDocument();
      expect(within(account).getByRole('button', { name: 'log out' })).toBeEnabled();
      expect(within(account).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
      expect(within(account).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
      for (const label of PROVIDER_BUTTONS)
        expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Sign in' })).not.toBeInTheDocument();
    });

    it("opens the visitor's orders and closes", async () => {
      const { router, onClose } = await renderDrawer('/gallery');
      await userEvent.click(
        within(screen.getByRole('region', { name: 'Your account' })).getByRole('link', { name: 'My orders' }),
      );
      expect(router.state.location.pathname).toBe('/orders');
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('log out asks to sign out', async () => {
      const { onSignOut, onSignIn } = await renderDrawer();
      await userEvent.click(screen.getByRole('button', { name: 'log out' }));
      expect(onSignOut).toHaveBeenCalledTimes(1);
      expect(onSignIn).not.toHaveBeenCalled();
    });

    it('goes back to the providers when the user signs out', async () => {
      await renderDrawer();
      act(() => authStore.getState().setUser(null));
      expect(screen.queryByText('Uid: uid-42')).not.toBeInTheDocument();
      expect((await providerButtons()).map((button) => button.textContent)).toEqual(PROVIDER_BUTTONS);
    });
  });
});
