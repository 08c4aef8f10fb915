import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { HEADER_LINKS, HOME_ALIASES } from '@arttoy/shared/contracts';
import { selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';

/** The section a path belongs to, for the header's active link. */
export function activeSection(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || (HOME_ALIASES as readonly string[]).includes(path)) return '/';
  const link = HEADER_LINKS.find((candidate) => candidate.section !== '/' && (path === candidate.section || path.startsWith(`${candidate.section}/`)));
  return link?.section ?? null;
}

export function Header(): ReactNode {
  const { pathname } = useLocation();
  const section = activeSection(pathname);
  const signedIn = useAuthStore(selectIsLoggedIn);
  const uid = useAuthStore((state) => state.user?.uid);
  return (
    <header className="header">
      <Link to="/" className="header__brand" aria-label="ArtToy Club home">
        ArtToy<span>Club</span>
      </Link>
      <nav className="header__nav" aria-label="Main">
        {HEADER_LINKS.map((link) => (
          <Link key={link.to} to={link.to} aria-current={section === link.section ? 'page' : undefined}>
            {link.label}
          </Link>
        ))}
      </nav>
      <div className="header__account">
        {signedIn ? (
          <Link to="/locker" className="header__user" aria-label={`Your account (${uid})`} data-testid="user-button">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="currentColor" />
              <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" fill="currentColor" />
            </svg>
          </Link>
        ) : (
          <Link to="/login" className="ui-button ui-button--primary">
            Log In/Sign Up
          </Link>
        )}
      </div>
    </header>
  );
}
