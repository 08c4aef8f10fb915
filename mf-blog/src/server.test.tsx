import { documentAt, documentResponse, listResponse, summaryAt } from '@arttoy/shared/content/testing';
import { firstReads, renderToHtml } from './server';

const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const POST = '/api/content/document?path=%2Fblog%2Ffair-draws&locale=en';

describe("mf-blog's server module", () => {
  it("reads a post's document from its URL; the list asks for its page when it renders", () => {
    expect(firstReads(at('/blog/fair-draws'))).toEqual([POST]);
    expect(firstReads(at('/blog/fair-draws', '?preview=true'))).toEqual([]);
    expect(firstReads(at('/blog/list'))).toEqual([]);
  });

  it('renders a post from its document', async () => {
    const post = documentAt('/blog/fair-draws', {
      title: 'How fair draws work',
      html: '<p>Seeds first.</p>',
    });
    const page = await renderToHtml({
      location: at('/blog/fair-draws'),
      basename: '/blog',
      data: { [POST]: documentResponse(post) },
    });
    expect(page?.html).toMatch(/<h1[^>]*>How fair draws work<\/h1>/);
    expect(page?.html).toContain('<p>Seeds first.</p>');
  });

  it("renders the list's page and tag from the query, reading the list it asks for", async () => {
    const url = '/api/content/documents?dir=blog&tag=news&page=2&pageSize=6&locale=en';
    const read = jest.fn(async (asked: string) =>
      asked === url
        ? listResponse([summaryAt('/blog/fair-draws', { title: 'How fair draws work', tags: ['news'] })], {
            page: 2,
            total: 7,
            totalPages: 2,
          })
        : undefined,
    );
    const page = await renderToHtml({
      location: at('/blog/list', '?page=2&tag=news'),
      basename: '/blog',
      data: {},
      read,
    });
    expect(read).toHaveBeenCalledWith(url);
    expect(page?.html).toContain('How fair draws work');
    expect(page?.data).toHaveProperty([url]);
  });

  it('leaves /blog, which only sends the browser on to the list, to the browser', async () => {
    await expect(renderToHtml({ location: at('/blog'), basename: '/blog', data: {} })).resolves.toBeNull();
  });
});
