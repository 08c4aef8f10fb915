import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { RULES_PAGES } from '../rules-pages';

/** Links to the Help Center and every rules page, the current one marked. */
export function RulesNav(): ReactNode {
  const { pathname } = useLocation();
  return (
    <nav className="rules-nav" aria-label="Help and rules">
      <ul>
        <li>
          <Link to="/help" aria-current={pathname === '/help' ? 'page' : undefined}>
            Help Center
          </Link>
        </li>
        {RULES_PAGES.map((page) => (
          <li key={page.id}>
            <Link to={page.path} aria-current={pathname === page.path ? 'page' : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
