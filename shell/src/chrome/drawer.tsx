import { Suspense, type ReactNode } from 'react';
import { useAuthStore, type SignInProvider } from '@arttoy/shared/stores';
import { Button, Drawer } from '@arttoy/shared/ui';
import { SignInOptions } from '../auth/sign-in';
import { PrefetchLink } from '../federation/prefetch-link';
import { ACCOUNT_ENTRIES, DRAWER_ENTRIES } from './menu';

const SIGN_IN_CLASSES = {
  root: 'site-drawer__social',
  note: 'site-drawer__note',
  error: 'site-drawer__error',
};

export interface SiteDrawerProps {
  open: boolean;
  onClose: () => void;
  onSignIn: (provider: SignInProvider) => void;
  onSignOut: () => void;
}

/** Links that navigate, then close the drawer. */
function DrawerLinks({
  entries,
  className,
  onClose,
}: {
  entries: ReadonlyArray<{ label: string; to: string }>;
  className: string;
  onClose: () => void;
}) {
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={entry.to}>
          <PrefetchLink to={entry.to} onClick={onClose}>
            {entry.label}
          </PrefetchLink>
        </li>
      ))}
    </ul>
  );
}

/** The full-screen menu: the site's sections, then sign-in (signed out) or the account (signed in). */
export function SiteDrawer({ open, onClose, onSignIn, onSignOut }: SiteDrawerProps): ReactNode {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  return (
    <Drawer open={open} onClose={onClose} label="Menu" className="site-drawer">
      <nav aria-label="Menu" id="site-drawer">
        <DrawerLinks entries={DRAWER_ENTRIES} className="site-drawer__entries" onClose={onClose} />
      </nav>
      {uid ? (
        <section className="site-drawer__account" aria-label="Your account">
          <p>Uid: {uid}</p>
          <DrawerLinks entries={ACCOUNT_ENTRIES} className="site-drawer__account-links" onClose={onClose} />
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
