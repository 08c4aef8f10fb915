import { documentAt, documentResponse } from '@arttoy/shared/content/testing';
import { firstReads, renderToHtml } from './server';

const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const TERMS = '/api/content/document?path=%2Frules%2Fterms_of_service&locale=en';

describe("mf-rules' server module", () => {
  it("reads each page's own document, but never in preview (drafts are the visitor's)", () => {
    expect(firstReads(at('/rules/terms_of_service'))).toEqual([TERMS]);
    expect(firstReads(at('/rules/terms_of_service/'))).toEqual([TERMS]);
    expect(firstReads(at('/rules/terms_of_service', '?preview=true'))).toEqual([]);
    expect(firstReads(at('/help'))).toEqual(['/api/content/document?path=%2Fhelp&locale=en']);
  });

  it('renders the page from its document, with its table of contents and no loading state', async () => {
    const document = documentAt('/rules/terms_of_service', {
      title: 'Terms of Service',
      html: '<h2 id="use">Use</h2><p>Be kind.</p>',
      toc: [{ id: 'use', text: 'Use', depth: 2 }],
    });
    const page = await renderToHtml({
      location: at('/rules/terms_of_service'),
      basename: '/',
      data: { [TERMS]: documentResponse(document) },
    });
    expect(page?.html).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(page?.html).toContain('<p>Be kind.</p>');
    expect(page?.html).not.toContain('ui-skeleton');
  });

  it('renders the fee table of the shipping page on the server, where its document names it', async () => {
    const url = '/api/content/document?path=%2Frules%2Fshipping_and_refund&locale=en';
    const document = documentAt('/rules/shipping_and_refund', {
      title: 'Shipping',
      html: '<p>Before.</p><p>{{fees.ship-out}}</p><p>After.</p>',
    });
    const page = await renderToHtml({
      location: at('/rules/shipping_and_refund'),
      basename: '/',
      data: { [url]: documentResponse(document) },
    });
    expect(page?.html).toMatch(
      /<div class="fee-table__scroll" role="region" aria-label="Shipping fees by destination"[^>]*tabindex="0"/,
    );
    expect(page?.html).toContain('<th scope="row">Rest of world</th><td>$19.99</td>');
    expect(page?.html).toMatch(/<p>Before.<\/p>.*fee-table.*<p>After.<\/p>/s);
    expect(page?.html).not.toContain('{{fees');
  });

  it('asks for the document when it was not given, and shows the loading state the browser would', async () => {
    const read = jest.fn(async () => undefined);
    const page = await renderToHtml({
      location: at('/rules/terms_of_service'),
      basename: '/',
      data: {},
      read,
    });
    expect(read).toHaveBeenCalledWith(TERMS);
    expect(page?.html).toContain('ui-skeleton');
  });
});
