import { documentAt, documentResponse } from '@arttoy/shared/content/testing';
import { HOME_READS } from './pages/home-data';
import { firstReads, renderToHtml } from './server';

const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const ABOUT = '/api/content/document?path=%2Fabout&locale=en';

describe("the shell's server module", () => {
  it('reads the document of a content page, and nothing for its other pages or in preview', () => {
    expect(firstReads(at('/about'))).toEqual([ABOUT]);
    expect(firstReads(at('/about/'))).toEqual([ABOUT]);
    expect(firstReads(at('/about', '?preview=true'))).toEqual([]);
    expect(firstReads(at('/gallery'))).toEqual([]);
  });

  it('reads the latest events for the live room', () => {
    expect(firstReads(at('/live'))).toEqual(['/api/feed/recent']);
    expect(firstReads(at('/live/'))).toEqual(['/api/feed/recent']);
  });

  it('renders the live room with the latest events it was given, times in UTC', async () => {
    const served = {
      items: [
        {
          id: 8,
          kind: 'sale',
          at: '2026-11-26T23:30:00.000Z',
          handle: 'rin',
          figure: { id: 1, slug: 'moon-rabbit', name: 'Moon Rabbit', rarity: 'secret', seriesName: 'Night' },
          boxName: null,
          drawPublicId: null,
          price: { amountMinor: 2500, currency: 'USD' },
        },
      ],
    };
    const { html } = await renderToHtml({
      location: at('/live'),
      data: { '/api/feed/recent': served },
      remote: null,
    });
    expect(html).toContain('Latest events');
    expect(html).not.toContain('Connecting…');
    expect(html).toContain('<span class="live-feed__who">rin</span>');
    expect(html).toMatch(/<a[^>]*href="\/gallery\/style\/detail\/moon-rabbit"[^>]*>Moon Rabbit<\/a>/);
    expect(html).toContain('for $25.00');
    expect(html).toContain('November 26, 2026 at 11:30 PM');
  });

  it.each(['/nope', '/gallery/style/detail/nope', '/blog/nope'])(
    "renders the 404 page it is given at %s in the chrome, in the page's place",
    async (path) => {
      const { html, head } = await renderToHtml({
        location: at(path),
        data: {},
        remote: null,
        error: { statusCode: 404, message: `Page not found: ${path}` },
      });
      expect(html).toContain('<header class="header"');
      expect(html).toContain('<footer');
      expect(html).toMatch(/<h1 id="error-heading">Page Not Found<\/h1>/);
      expect(html).toContain(`Page not found: ${path}`);
      for (const href of ['/', '/gallery', '/help']) expect(html).toContain(`href="${href}"`);
      // Neither a remote's outlet nor a content page's loading state: the error page is the page.
      expect(html).not.toContain('remote-outlet');
      expect(html).not.toContain('Loading this page');
      expect(head).toEqual({ title: 'Page Not Found' });
    },
  );

  it('renders the 500 page it is given as "Internal Server Error"', async () => {
    const { html, head } = await renderToHtml({
      location: at('/gallery'),
      data: {},
      remote: null,
      error: { statusCode: 500, message: 'Internal Server Error' },
    });
    expect(html).toMatch(/<h1 id="error-heading">Internal Server Error<\/h1>/);
    expect(html).toContain('Something went wrong on our side.');
    expect(head).toEqual({ title: 'Internal Server Error' });
  });

  it('holds a real Log In link in the header (no one is signed in on the server)', async () => {
    const { html } = await renderToHtml({ location: at('/'), data: {}, remote: null });
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Log In\/Sign Up<\/a>/);
  });

  it('reads the live catalogue and the latest posts for home and every alias of it', () => {
    const home = Object.values(HOME_READS);
    expect(home).toHaveLength(3);
    expect(firstReads(at('/'))).toEqual(home);
    expect(firstReads(at('/creator'))).toEqual(home);
    expect(firstReads(at('/creator/'))).toEqual(home);
  });

  it('renders the chrome and the home page, with no inline script (the CSP allows none)', async () => {
    const { html } = await renderToHtml({ location: at('/'), data: {}, remote: null });
    expect(html).toContain('<header class="header"');
    expect(html).toMatch(/<h1[^>]*>Art toys, drawn fairly.<\/h1>/);
    expect(html).toContain('<footer');
    expect(html).not.toContain('<script');
  });

  it("puts the remote's HTML inside its outlet, shown as mounted", async () => {
    const { html, head } = await renderToHtml({
      location: at('/rules/authenticity'),
      data: {},
      remote: { name: 'mf_rules', html: '<h1>Authenticity</h1>' },
    });
    // The remote's page says what it is itself.
    expect(head).toBeNull();
    expect(html).toContain(
      '<div class="remote-outlet" data-remote="mf_rules" data-status="mounted" aria-busy="false"><div data-remote-page=""><h1>Authenticity</h1></div></div>',
    );
  });

  it("renders a remote's page without its HTML as the outlet's loading state, as the browser's first render does", async () => {
    const { html } = await renderToHtml({ location: at('/gallery'), data: {}, remote: null });
    expect(html).toContain('data-remote="mf_gallery" data-status="loading"');
  });

  it('renders a content page from its document', async () => {
    const about = documentAt('/about', { title: 'About ArtToy Club', html: '<p>We make art toys.</p>' });
    const { html, head } = await renderToHtml({
      location: at('/about'),
      data: { [ABOUT]: documentResponse(about) },
      remote: null,
    });
    expect(html).toMatch(/<h1[^>]*>About ArtToy Club<\/h1>/);
    expect(head).toMatchObject({ title: 'About ArtToy Club', description: about.description });
    expect(html).toContain('<p>We make art toys.</p>');
  });
});
