import type { ReactNode } from 'react';
import { runtimeConfig } from '@arttoy/shared/config';
import { PrefetchLink } from '../federation/prefetch-link';
import { APP_STORE_LINKS, FOOTER_LINKS, SOCIAL_LINKS } from './menu';

export { FOOTER_LINKS } from './menu';

export function Footer(): ReactNode {
  const { phone, email } = runtimeConfig().contact;
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
          </ul>
        </nav>
        <div className="footer__external">
          <ul className="footer__apps" aria-label="Our apps">
            {APP_STORE_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <ul className="footer__social" aria-label="Follow us">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <address className="footer__contact">
          <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          <a href={`mailto:${email}`}>{email}</a>
        </address>
        <p className="footer__copyright">© 2025 ArtToy Club</p>
      </div>
    </footer>
  );
}
