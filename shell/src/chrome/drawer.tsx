import { Suspense, type ReactNode } from 'react';
import { useAuthStore, type SignInProvider } from '@arttoy/shared/stores';
import {
  BlogIcon,
  BoxIcon,
  Button,
  Drawer,
  GalleryIcon,
  HelpIcon,
  HomeIcon,
  OrdersIcon,
  UserIcon,
} from '@arttoy/shared/ui';
import { SignInOptions } from '../auth/sign-in';
import { PrefetchLink } from '../federation/prefetch-link';
import { ACCOUNT_ENTRIES, DRAWER_ENTRIES, type MenuEntry, type MenuIconName } from './menu';

/** Each menu icon's drawing (decorative: the entry's label names the link). */
const MENU_ICONS: Record<MenuIconName, () => ReactNode> = {
  home: HomeIcon,
  box: BoxIcon,
  gallery: GalleryIcon,
  blog: BlogIcon,
  help: HelpIcon,
  orders: OrdersIcon,
  profile: UserIcon,
};

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
  entries: readonly MenuEntry[];
  className: string;
  onClose: () => void;
}) {
  return (
    <ul className={className}>
      {entries.map((entry) => {
        const EntryIcon = MENU_ICONS[entry.icon];
        return (
          <li key={entry.to}>
            <PrefetchLink to={entry.to} onClick={onClose} data-icon={entry.icon}>
              <EntryIcon />
              <span>{entry.label}</span>
            </PrefetchLink>
          </li>
        );
      })}
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
