import type { ReactNode } from 'react';
import { useAuthStore, SIGN_IN_PROVIDERS, type SignInProvider } from '@arttoy/shared/stores';
import { AppleIcon, Button, Drawer, FacebookIcon, GoogleIcon } from '@arttoy/shared/ui';
import { PrefetchLink } from '../federation/prefetch-link';
import { DRAWER_ENTRIES, PROVIDER_LABELS } from './menu';

const PROVIDER_ICONS: Record<SignInProvider, () => ReactNode> = { apple: AppleIcon, google: GoogleIcon, facebook: FacebookIcon };

export interface SiteDrawerProps {
  open: boolean;
  onClose: () => void;
  onSignIn: (provider: SignInProvider) => void;
  onSignOut: () => void;
}

/** The full-screen menu: the site's sections, then sign-in (signed out) or the account (signed in). */
export function SiteDrawer({ open, onClose, onSignIn, onSignOut }: SiteDrawerProps): ReactNode {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const disabled = useAuthStore((state) => state.disabled);
  const disabledReason = useAuthStore((state) => state.disabledReason);
  const pendingProvider = useAuthStore((state) => state.pendingProvider);
  const error = useAuthStore((state) => state.error);
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
        <section className="site-drawer__social" aria-label="Sign in" aria-busy={pendingProvider !== null}>
          {SIGN_IN_PROVIDERS.map((provider) => {
            const Icon = PROVIDER_ICONS[provider];
            return (
              <Button key={provider} variant="secondary" disabled={disabled || pendingProvider !== null} onClick={() => onSignIn(provider)}>
                <Icon />
                {pendingProvider === provider ? 'Signing in…' : PROVIDER_LABELS[provider]}
              </Button>
            );
          })}
          {disabled && disabledReason ? <p className="site-drawer__note">{disabledReason}</p> : null}
          {error ? (
            <p className="site-drawer__error" role="alert">
              {error}
            </p>
          ) : null}
        </section>
      )}
    </Drawer>
  );
}
