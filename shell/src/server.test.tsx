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
