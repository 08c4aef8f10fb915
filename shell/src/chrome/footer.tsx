import type { ReactNode } from 'react';
import { runtimeConfig } from '@arttoy/shared/config';
import { reviewConsent } from '@arttoy/shared/consent';
import { COMPANY } from '@arttoy/shared/contracts';
import { PrefetchLink } from '../federation/prefetch-link';
import { APP_STORE_LINKS, FOOTER_LINKS, SOCIAL_LINKS } from './menu';

export { FOOTER_LINKS } from './menu';

/** Links off the site: a new tab, with no access back to this page (noopener) and no referrer. */
function ExternalLinks({
  className,
  label,
  links,
}: {
  className: string;
  label: string;
  links: ReadonlyArray<{ label: string; href: string }>;
}): ReactNode {
  return (
    <ul className={className} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The year of the copyright line, from the clock. In UTC, so the server's render and the browser's
 * hydration agree wherever each runs (a local year would differ for hours around New Year).
 */
export function copyrightYear(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

/** The year the site was first published: the copyright line's first year (spec: it reads 2025). */
export const COPYRIGHT_SINCE = 2025;

/** The copyright line's years: "2025", then "2025–2026" from the next year on. */
export function copyrightYears(now: Date = new Date()): string {
  const year = copyrightYear(now);
  return year > COPYRIGHT_SINCE ? `${COPYRIGHT_SINCE}–${year}` : String(COPYRIGHT_SINCE);
}

export function Footer(): ReactNode {
  const config = runtimeConfig();
  const { phone, email } = config.contact;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__tagline">Buy, sell and live stream with the community.</p>
        <nav aria-label="Footer">
          <ul className="footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <PrefetchLink to={link.to}>{link.label}</PrefetchLink>
              </li>
            ))}
            {/* Where consent is asked for, the choice can be changed at any time. */}
            {config.consentRequired ? (
              <li>
                <button type="button" className="footer__consent" onClick={reviewConsent}>
                  Privacy choices
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="footer__external">
          <ExternalLinks className="footer__apps" label="Our apps" links={APP_STORE_LINKS} />
          <ExternalLinks className="footer__social" label="Follow us" links={SOCIAL_LINKS} />
        </div>
        <address className="footer__contact">
          <span>
            {COMPANY.legalName}, {COMPANY.address.join(', ')}
          </span>
          <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          <a href={`mailto:${email}`}>{email}</a>
        </address>
        {/* A page served in the last seconds of a year and hydrated in the next keeps the served year. */}
        <p className="footer__copyright" suppressHydrationWarning>
          {`© ${copyrightYears()} ${COMPANY.name}`}
        </p>
      </div>
    </footer>
  );
}
