import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The footer's internal links, with the spec's labels. */
export const FOOTER_LINKS = [
  { to: '/', label: 'About' },
  { to: '/rules/customer_service_center', label: 'Help Center' },
  { to: '/rules/shipping_and_refund', label: 'Shipping & Refund' },
  { to: '/blog/list', label: 'Blog' },
  { to: '/rules/authenticity', label: 'Authentication' },
  { to: '/rules/terms_of_service', label: 'Terms of Service' },
  { to: '/rules/privacy_policy', label: 'Privacy' },
] as const;

export function Footer(): ReactNode {
  return (
    <footer className="footer">
      <p className="footer__tagline">Buy, sell and live stream with the community.</p>
      <nav aria-label="Footer">
        <ul className="footer__links">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to + link.label}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__copyright">© 2025 ArtToy Club</p>
    </footer>
  );
}
