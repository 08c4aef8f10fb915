import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { HEADER_LINKS, HOME_ALIASES } from '@arttoy/shared/contracts';
import { accountName, selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { MenuIcon, SearchIcon, UserIcon } from '@arttoy/shared/ui';
import { PrefetchLink } from '../federation/prefetch-link';

/** The section a path belongs to, for the header's active link. */
export function activeSection(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || (HOME_ALIASES as readonly string[]).includes(path)) return '/';
  const link = HEADER_LINKS.find(
    (candidate) =>
      candidate.section !== '/' && (path === candidate.section || path.startsWith(`${candidate.section}/`)),
  );
  return link?.section ?? null;
}

export interface HeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenSearch: () => void;
}

export function Header({ menuOpen, onToggleMenu, onOpenSearch }: HeaderProps): ReactNode {
  const { pathname } = useLocation();
  const section = activeSection(pathname);
  const signedIn = useAuthStore(selectIsLoggedIn);
  // Until the identity provider has said who this is (and on the server, which cannot know), the
  // slot holds the Log In link, a real link for a visitor without JavaScript, hidden where scripts
  // run (shell.css): a signed-in visitor never sees "Log In/Sign Up" flash first, and the header
  // keeps its place when either state arrives.
  const checking = useAuthStore((state) => state.loading);
  const user = useAuthStore((state) => state.user);
  return (
    <header className="header">
      <button
        type="button"
        className="header__icon"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls="site-drawer"
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <PrefetchLink to="/" className="header__brand">
        ArtToy <span>Club</span>
      </PrefetchLink>
      <nav className="header__nav" aria-label="Main">
        {HEADER_LINKS.map((link) => (
          <PrefetchLink
            key={link.to}
            to={link.to}
            aria-current={section === link.section ? 'page' : undefined}
          >
            {link.label}
          </PrefetchLink>
        ))}
      </nav>
      <div className="header__actions">
        <button type="button" className="header__icon" aria-label="Search" onClick={onOpenSearch}>
          <SearchIcon />
        </button>
        {signedIn && !checking ? (
          <PrefetchLink
            to="/locker"
            className="header__user"
            aria-label={`Account: ${user ? accountName(user) : ''}`}
            data-testid="user-button"
          >
            <UserIcon />
          </PrefetchLink>
        ) : (
          <PrefetchLink
            to="/login"
            className={`ui-button ui-button--primary header__login${checking ? ' header__login--checking' : ''}`}
            data-checking-sign-in={checking ? '' : undefined}
          >
            Log In/Sign Up
          </PrefetchLink>
        )}
      </div>
    </header>
  );
}
