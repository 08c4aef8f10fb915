import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router';
import { resetRuntimeConfig } from '@arttoy/shared/config';
import {
  DEFAULT_RUNTIME_CONFIG,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@arttoy/shared/contracts';
import { copyrightYear, copyrightYears, Footer } from './footer';

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

/** The footer as the shell's server module renders it (a static router, no browser APIs). */
async function serverFooterHtml(): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: <Footer /> }]);
  const context = await handler.query(new Request('http://site.invalid/gallery'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
  );
}

describe('copyrightYear', () => {
  it('is the year of the clock, counted in UTC', () => {
    expect(copyrightYear(new Date('2031-06-15T12:00:00Z'))).toBe(2031);
    // Late on New Year's Eve in California it is already the next year in UTC: server and browser agree on UTC.
    expect(copyrightYear(new Date('2030-12-31T22:00:00-08:00'))).toBe(2031);
    expect(copyrightYear(new Date('2031-01-01T00:30:00+02:00'))).toBe(2030);
  });
});

describe('copyrightYears', () => {
  it('reads 2025 in 2025, and 2025 to the current year after it', () => {
    expect(copyrightYears(new Date('2025-06-15T12:00:00Z'))).toBe('2025');
    expect(copyrightYears(new Date('2026-11-27T12:00:00Z'))).toBe('2025–2026');
    expect(copyrightYears(new Date('2031-01-01T00:30:00Z'))).toBe('2025–2031');
    // A clock set before the site existed still shows the spec's year.
    expect(copyrightYears(new Date('2020-01-01T00:00:00Z'))).toBe('2025');
  });
});

describe('Footer', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the tagline and the copyright line from 2025 to the year of the clock', () => {
    jest.useFakeTimers({
      now: new Date('2034-03-01T10:00:00Z'),
      doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'],
    });
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Buy, sell and live stream with the community.')).toBeInTheDocument();
    expect(within(footer).getByText('© 2025–2034 ArtToy Club')).toBeInTheDocument();
  });

  /** Serves the footer at `served`, hydrates it at `hydrated`; returns the copyright line and what React reported. */
  async function serveAndHydrate(served: string, hydrated: string) {
    jest.useFakeTimers({ now: new Date(served), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const html = await serverFooterHtml();
    jest.setSystemTime(new Date(hydrated));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    const router = createMemoryRouter([{ path: '*', element: <Footer /> }], { initialEntries: ['/gallery'] });
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={router} />, { onRecoverableError: recoverable });
    });
    const line = container.querySelector('.footer__copyright')?.textContent;
    const reported = [...errors.mock.calls, ...recoverable.mock.calls];
    errors.mockRestore();
    container.remove();
    return { html, line, reported };
  }

  it('renders the same year on the server and in the hydrating browser', async () => {
    const { html, line, reported } = await serveAndHydrate('2029-07-04T08:00:00Z', '2029-07-04T08:00:02Z');
    expect(html).toContain('© 2025–2029 ArtToy Club');
    expect(line).toBe('© 2025–2029 ArtToy Club');
    expect(reported).toEqual([]);
  });

  it('keeps the served year, without a hydration error, on a page served as the year ends and hydrated in the next', async () => {
    const { line, reported } = await serveAndHydrate('2029-12-31T23:59:59Z', '2030-01-01T00:00:01Z');
    expect(line).toBe('© 2025–2029 ArtToy Club');
    expect(reported).toEqual([]);
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

  it("gives the company's name and postal address, the one the receipts print", () => {
    renderFooter();
    expect(
      screen.getByText(
        'ArtToy Club, Inc., 548 Market Street, Suite 300, San Francisco, CA 94104, United States',
      ),
    ).toBeInTheDocument();
  });

  it('shows the phone and e-mail of the runtime config', () => {
    writeRuntimeConfig({
      ...DEFAULT_RUNTIME_CONFIG,
      contact: { phone: '+44 20 7946 0958', email: 'help@example.org' },
    });
    renderFooter();
    expect(screen.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    );
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
    expect(screen.queryByText(DEFAULT_RUNTIME_CONFIG.contact.phone)).not.toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_RUNTIME_CONFIG.contact.email)).not.toBeInTheDocument();
  });
});
