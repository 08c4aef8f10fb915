import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resetRuntimeConfig } from '@arttoy/shared/config';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@arttoy/shared/contracts';
import { Footer } from './footer';

function renderFooter(): void {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }], { initialEntries: ['/gallery'] });
  render(<RouterProvider router={router} />);
}

/** Writes the runtime config into the page as the site server does. */
function writeRuntimeConfig(config: RuntimeConfig): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(config);
  document.head.append(element);
}

beforeEach(() => resetRuntimeConfig());
afterEach(() => {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  resetRuntimeConfig();
});

describe('Footer', () => {
  it('shows the tagline and the copyright year 2025', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Buy, sell and live stream with the community.')).toBeInTheDocument();
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
  });

  it('links the seven internal pages with the spec labels, in order', () => {
    renderFooter();
    const links = within(screen.getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About', '/'],
      ['Help Center', '/rules/customer_service_center'],
      ['Shipping & Refund', '/rules/shipping_and_refund'],
      ['Blog', '/blog/list'],
      ['Authentication', '/rules/authenticity'],
      ['Terms of Service', '/rules/terms_of_service'],
      ['Privacy', '/rules/privacy_policy'],
    ]);
    for (const link of links) expect(link).not.toHaveAttribute('target');
  });

  it.each([
    ['Google Play', /^https:\/\/play\.google\.com\//],
    ['App Store', /^https:\/\/apps\.apple\.com\//],
    ['Instagram', /^https:\/\/www\.instagram\.com\//],
    ['TikTok', /^https:\/\/www\.tiktok\.com\//],
    ['Facebook', /^https:\/\/www\.facebook\.com\//],
    ['Threads', /^https:\/\/www\.threads\.net\//],
  ])('opens %s in a new tab, without giving it the opener', (name, href) => {
    renderFooter();
    const link = screen.getByRole('link', { name: new RegExp(name) });
    expect(link.getAttribute('href')).toMatch(href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the default phone and e-mail when the page has no runtime config', () => {
    renderFooter();
    const { phone, email } = DEFAULT_RUNTIME_CONFIG.contact;
    expect(screen.getByRole('link', { name: phone })).toHaveAttribute('href', 'tel:+14155550142');
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it('shows the phone and e-mail of the runtime config', () => {
    writeRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, contact: { phone: '+44 20 7946 0958', email: 'help@example.org' } });
    renderFooter();
    expect(screen.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(screen.queryByText(DEFAULT_RUNTIME_CONFIG.contact.phone)).not.toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_RUNTIME_CONFIG.contact.email)).not.toBeInTheDocument();
  });
});
