import { browserOnlyHead, firstReads, renderToHtml } from './server';
import { box, boxPage } from './test/fixtures';

const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });

describe("mf-mysterybox's server module", () => {
  it("reads a box's page from its id, and nothing ahead for the lists", () => {
    expect(firstReads(at('/mysterybox/7'))).toEqual(['/api/box-models/7']);
    expect(firstReads(at('/mysterybox'))).toEqual([]);
  });

  it('renders a box with its price, stock and published odds', async () => {
    const page = await renderToHtml({
      location: at('/mysterybox/7'),
      basename: '/',
      data: { '/api/box-models/7': box() },
    });
    expect(page?.html).toMatch(/<h1[^>]*>Night Market Box<\/h1>/);
    expect(page?.html).toContain('$14.99');
    expect(page?.html).toContain('Noodle Fox');
    // The secret stays masked: the server renders for no one in particular.
    expect(page?.html).toContain('Secret figure');
    expect(page?.html).not.toContain('Moon Owl');
    expect(page?.html).not.toContain('Loading');
  });

  it('renders the list of boxes, reading the list and then each box it names', async () => {
    const boxes = [box(), box({ id: 8, slug: 'second', name: 'Second Box' })];
    const answers: Record<string, unknown> = {
      '/api/box-models?pageSize=100': boxPage(boxes),
      '/api/box-models/7': boxes[0],
      '/api/box-models/8': boxes[1],
    };
    const read = jest.fn(async (url: string) => answers[url]);
    const page = await renderToHtml({ location: at('/mysterybox'), basename: '/', data: {}, read });
    expect(read.mock.calls.map(([url]) => url)).toEqual([
      '/api/box-models?pageSize=100',
      '/api/box-models/7',
      '/api/box-models/8',
    ]);
    expect(page?.html).toContain('Night Market Box');
    expect(page?.html).toContain('Second Box');
    expect(Object.keys(page?.data ?? {})).toHaveLength(3);
  });

  it("leaves the payment page (one buyer's order) to the browser", async () => {
    await expect(
      renderToHtml({ location: at('/payment/order_pay', '?order=1'), basename: '/', data: {} }),
    ).resolves.toBeNull();
    // Its served document still has the page's title.
    await expect(
      browserOnlyHead?.({ location: at('/payment/order_pay', '?order=1'), basename: '/' }),
    ).resolves.toEqual({ title: 'Payment' });
    await expect(browserOnlyHead?.({ location: at('/mysterybox'), basename: '/' })).resolves.toBeNull();
  });
});
