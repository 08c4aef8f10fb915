import type { ReactNode } from 'react';
import { SIGN_IN_PROVIDERS, useAuthStore, type SignInProvider } from '../stores';
import { AppleIcon, Button, FacebookIcon, GoogleIcon } from '../ui';
import { PROVIDER_NAMES } from './messages';

const PROVIDER_ICONS: Record<SignInProvider, () => ReactNode> = {
  apple: AppleIcon,
  google: GoogleIcon,
  facebook: FacebookIcon,
};

/** The button text of a provider. */
export function providerLabel(provider: SignInProvider): string {
  return `Continue with ${PROVIDER_NAMES[provider]}`;
}

export interface SignInOptionsProps {
  onSignIn: (provider: SignInProvider) => void;
  /** Class names of the section, the "unavailable" note and the error line (each place styles them its own way). */
  classNames?: { root?: string; note?: string; error?: string };
}

/**
 * The provider buttons, as the shared auth store sees sign-in: disabled (with the reason) when it
 * cannot be offered, "Signing in…" on the pressed one while its popup runs, the last error in an alert.
 * The drawer and the /login page both show these.
 */
export function SignInOptions({ onSignIn, classNames = {} }: SignInOptionsProps): ReactNode {
  const disabled = useAuthStore((state) => state.disabled);
  const disabledReason = useAuthStore((state) => state.disabledReason);
  const pendingProvider = useAuthStore((state) => state.pendingProvider);
  const error = useAuthStore((state) => state.error);
  return (
    <section className={classNames.root} aria-label="Sign in" aria-busy={pendingProvider !== null}>
      {SIGN_IN_PROVIDERS.map((provider) => {
        const Icon = PROVIDER_ICONS[provider];
        return (
          <Button
            key={provider}
            variant="secondary"
            disabled={disabled || pendingProvider !== null}
            onClick={() => onSignIn(provider)}
          >
            <Icon />
            {pendingProvider === provider ? 'Signing in…' : providerLabel(provider)}
          </Button>
        );
      })}
      {disabled && disabledReason ? <p className={classNames.note}>{disabledReason}</p> : null}
      {error ? (
        <p className={classNames.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
