import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { consentStore, decideConsent, needsConsentChoice } from '@arttoy/shared/consent';
import { Button } from '@arttoy/shared/ui';
import { PrefetchLink } from '../federation/prefetch-link';

/**
 * Asks for consent to analytics and field data where the site requires it (CONSENT_REQUIRED=on):
 * accepting and refusing are one click each, side by side, alike. Nothing shows in the server's
 * render (the choice lives in the browser's storage); it shows after hydration until the visitor
 * chooses, and again when they ask to change it ("Privacy choices" in the footer).
 */
export function ConsentBanner(): ReactNode {
  const open = useStore(consentStore, needsConsentChoice);
  if (!open) return null;
  return (
    <section className="consent-banner" aria-label="Privacy choices">
      <p>
        May we count your visit? With your consent, the site sends page views and web vitals to our analytics,
        and page views and errors per app version to our own server, to find faults. Nothing is sent if you
        refuse, and the site works the same.{' '}
        <PrefetchLink to="/rules/privacy_policy">What each collects</PrefetchLink>
      </p>
      <div className="consent-banner__actions">
        <Button variant="secondary" onClick={() => decideConsent({ analytics: true, field: true })}>
          Accept
        </Button>
        <Button variant="secondary" onClick={() => decideConsent({ analytics: false, field: false })}>
          Refuse
        </Button>
      </div>
    </section>
  );
}
