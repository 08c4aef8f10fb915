import { Suspense, type ReactNode } from 'react';
import { useAuthStore, type SignInProvider } from '@arttoy/shared/stores';
import { Button, Drawer } from '@arttoy/shared/ui';
import { SignInOptions } from '../auth/sign-in';
import { PrefetchLink } from '../federation/prefetch-link';
import { DRAWER_ENTRIES } from './menu';

const SIGN_IN_CLASSES = { root: 'site-drawer__social', note: 'site-drawer__note', error: 'site-drawer__error' };

export interface SiteDrawerProps {
  open: boolean;
  onClose: () => void;
  onSignIn: (provider: SignInProvider) => void;
  onSignOut: () => void;
}

/** The full-screen menu: the site's sections, then sign-in (signed out) or the account (signed in). */
export function SiteDrawer({ open, onClose, onSignIn, onSignOut }: SiteDrawerProps): ReactNode {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  return (
    <Drawer open={open} onClose={onClose} label="Menu" className="site-drawer">
      <nav aria-label="Menu" id="site-drawer">
        <ul className="site-drawer__entries">
          {DRAWER_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <PrefetchLink to={entry.to} onClick={onClose}>
                {entry.label}
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </nav>
      {uid ? (
        <section className="site-drawer__account" aria-label="Your account">
          <p>Uid: {uid}</p>
          <Button variant="secondary" onClick={onSignOut}>
            log out
          </Button>
        </section>
      ) : (
        // Nothing while the auth module loads: it is there long before a visitor opens the drawer.
        <Suspense fallback={null}>
          <SignInOptions onSignIn={onSignIn} classNames={SIGN_IN_CLASSES} />
        </Suspense>
      )}
    </Drawer>
  );
}
