import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { HOME_ALIASES } from '@arttoy/shared/contracts';
import { authStore } from '@arttoy/shared/stores';
import { activeSection, Header } from './header';

function renderHeader(path: string): void {
  const router = createMemoryRouter(
    [{ path: '*', element: <Header menuOpen={false} onToggleMenu={jest.fn()} onOpenSearch={jest.fn()} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  authStore.setState({ user: null, loading: false, error: null });
});

describe('activeSection', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['//', '/'],
    ['/gallery', '/gallery'],
    ['/gallery/', '/gallery'],
    ['/gallery/style/detail/labubu', '/gallery'],
    ['/blog', '/blog'],
    ['/blog/list', '/blog'],
    ['/blog/first-post', '/blog'],
  ])('puts %j in section %j', (pathname, section) => {
    expect(activeSection(pathname)).toBe(section);
  });

  it.each(HOME_ALIASES.flatMap((alias) => [alias, `${alias}/`]))(
    'counts the home alias %s as home',
    (alias) => {
      expect(activeSection(alias)).toBe('/');
    },
  );

  it.each([
    '/galleryx',
    '/blogger',
    '/mysterybox/42',
    '/locker',
    '/rules/privacy_policy',
    '/no/such/page',
    '/1gk4/more',
  ])('puts %s in no section', (pathname) => {
    expect(activeSection(pathname)).toBeNull();
  });
});

describe('Header', () => {
  it('marks the link of the current section', () => {
    renderHeader('/gallery/style/soft-vinyl');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
  });

  it('marks Home on a marketing alias', () => {
    renderHeader('/tiktokmagic/');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('links the Blog section to the post list', () => {
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog/list');
  });

  it('offers Log In/Sign Up to a signed-out visitor', () => {
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Log In/Sign Up' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('user-button')).not.toBeInTheDocument();
  });

  it('shows the user icon linking to the locker to a signed-in visitor', () => {
    authStore.getState().setUser({ uid: 'u-1', displayName: 'Ada', email: null });
    renderHeader('/');
    const user = screen.getByRole('link', { name: 'Account: Ada' });
    expect(user).toHaveAttribute('href', '/locker');
    expect(user).toHaveAttribute('data-testid', 'user-button');
    expect(screen.queryByRole('link', { name: 'Log In/Sign Up' })).not.toBeInTheDocument();
  });

  it("names the account by the provider's e-mail when it gave no name, never by the uid", () => {
    authStore.getState().setUser({ uid: 'u-1', displayName: null, email: 'ada@example.test' });
    renderHeader('/');
    expect(screen.getByTestId('user-button')).toHaveAccessibleName('Account: ada@example.test');
  });

  it('holds a real Log In link, marked as checking, until the identity provider has answered', () => {
    authStore.setState({ loading: true });
    renderHeader('/');
    // A visitor without JavaScript logs in through it; where scripts run, shell.css hides it meanwhile.
    const login = screen.getByRole('link', { name: 'Log In/Sign Up' });
    expect(login).toHaveAttribute('href', '/login');
    expect(login).toHaveClass('header__login--checking');
    expect(login).toHaveAttribute('data-checking-sign-in');
    expect(screen.queryByTestId('user-button')).not.toBeInTheDocument();
    act(() => authStore.getState().setUser({ uid: 'u-3', displayName: null, email: null }));
    expect(screen.getByTestId('user-button')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log In/Sign Up' })).not.toBeInTheDocument();
  });

  it('shows the Log In link once the identity provider says no one is signed in', () => {
    authStore.setState({ loading: true });
    renderHeader('/');
    act(() => authStore.getState().setUser(null));
    const login = screen.getByRole('link', { name: 'Log In/Sign Up' });
    expect(login).not.toHaveClass('header__login--checking');
    expect(login).not.toHaveAttribute('data-checking-sign-in');
  });

  it('follows sign-in and sign-out in the shared auth store', () => {
    renderHeader('/');
    act(() => authStore.getState().setUser({ uid: 'u-2', displayName: null, email: null }));
    expect(screen.getByTestId('user-button')).toBeInTheDocument();
    act(() => authStore.getState().setUser(null));
    expect(screen.getByRole('link', { name: 'Log In/Sign Up' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-button')).not.toBeInTheDocument();
  });
});
