import { NOT_FOUND_ANSWER } from '@arttoy/shared/contracts';
import { firstReads, renderToHtml } from './server';
import { serveCatalogue } from './test/fake-catalogue';
import { figureMarket, listing, THREE_SALES } from './test/market-fixtures';

const at = (pathname: string) => ({ pathname, search: '', hash: '' });

/** Answers reads from the fake catalogue, as the site server answers them from the API in its process. */
async function read(url: string): Promise<unknown> {
  const answer = await fetch(url);
  if (answer.status === 404) return NOT_FOUND_ANSWER;
  return answer.ok ? answer.json() : undefined;
}

describe("mf-gallery's server module", () => {
  it('names the reads a page needs from its URL alone', () => {
    expect(firstReads(at('/gallery/series/cloud-bakery'))).toEqual([
      '/api/series/cloud-bakery',
      '/api/market/asks?series=cloud-bakery',
    ]);
    expect(firstReads(at('/gallery/style/detail/cloud-bakery-croissant-cub'))).toEqual([
      '/api/figures/cloud-bakery-croissant-cub',
      '/api/market/figures/cloud-bakery-croissant-cub',
    ]);
    expect(firstReads(at('/gallery'))).toEqual([]);
  });

  it("renders a series with its boxes' odds, reading what the first render asks for, and returns every answer it used", async () => {
    const api = serveCatalogue();
    const first = {
      '/api/series/cloud-bakery': await read('/api/series/cloud-bakery'),
      '/api/market/asks?series=cloud-bakery': await read('/api/market/asks?series=cloud-bakery'),
    };
    api.requested.length = 0;
    const page = await renderToHtml({
      location: at('/gallery/series/cloud-bakery'),
      basename: '/gallery',
      data: first,
      read,
    });
    expect(page?.html).toContain('<h1');
    expect(page?.html).toContain('Cloud Bakery');
    // The secret's odds come from the boxes, which the series names: read on the second pass.
    expect(page?.html).toContain('6,944 in 1,000,000 (about 1 in 144)');
    expect(page?.html).not.toContain('ui-skeleton');
    expect(api.requested).toEqual(['/api/box-models/1', '/api/box-models/2']);
    expect(Object.keys(page?.data ?? {}).toSorted()).toEqual([
      '/api/box-models/1',
      '/api/box-models/2',
      '/api/market/asks?series=cloud-bakery',
      '/api/series/cloud-bakery',
    ]);
  });

  it('renders a gallery path that names a series, and one that names a figure with its boxes, reading nothing that is not there', async () => {
    const api = serveCatalogue();
    const series = await renderToHtml({
      location: at('/gallery/cloud-bakery'),
      basename: '/gallery',
      data: {},
      read,
    });
    expect(series?.html).toMatch(/<h1[^>]*>Cloud Bakery<\/h1>/);
    expect(series?.data['/api/gallery-paths/cloud-bakery']).toEqual({ kind: 'series', slug: 'cloud-bakery' });
    expect(Object.values(series?.data ?? {})).not.toContainEqual(NOT_FOUND_ANSWER);
    // The site server gives the first read with the page (firstReads): a figure's boxes still come within the passes.
    expect(firstReads(at('/gallery/croissant-cub'))).toEqual(['/api/gallery-paths/croissant-cub']);
    const first = { '/api/gallery-paths/croissant-cub': await read('/api/gallery-paths/croissant-cub') };
    const figure = await renderToHtml({
      location: at('/gallery/croissant-cub'),
      basename: '/gallery',
      data: first,
      read,
    });
    expect(figure?.html).toMatch(/<h1[^>]*>Croissant Cub<\/h1>/);
    expect(figure?.html).toContain('Buy a box: ');
    // Everything is there, the market too (read on a later pass: the path named the figure).
    expect(figure?.html).toContain('From collectors');
    expect(figure?.html).not.toContain('ui-skeleton');
    expect(api.requested.filter((url) => url.startsWith('/api/market'))).toEqual([
      '/api/market/asks?series=cloud-bakery',
      '/api/market/figures/croissant-cub',
    ]);
    expect(api.failed).toEqual([]);
  });

  it("renders a figure's collector asks and recent sales, and its lowest open ask as an offer in its head", async () => {
    const api = serveCatalogue();
    api.market.figures['croissant-cub'] = figureMarket({
      listings: [listing(7, 1_250, 'mika', true), listing(8, 1_800, 'rin'), listing(9, 2_400, 'sol')],
      ...THREE_SALES,
    });
    const location = at('/gallery/style/detail/croissant-cub');
    const first = Object.fromEntries(
      await Promise.all(firstReads(location).map(async (url) => [url, await read(url)] as const)),
    );
    const page = await renderToHtml({ location, basename: '/gallery', data: first, read });
    const market = /<section[^>]*gallery-market.*?<\/section>/.exec(page?.html ?? '')?.[0] ?? '';
    expect(market).toContain('From collectors');
    expect(market).toContain('$18.00');
    expect(market).toContain('rin');
    expect(market).toContain('Recent sales');
    expect(market).toContain('$30.00');
    expect(market).not.toContain('ui-skeleton');
    // The reserved listing at $12.50 cannot be bought: the offer is the lowest ask one can take.
    const product = page?.head?.structuredData?.find((thing) => thing['@type'] === 'Product');
    expect(product?.offers).toContainEqual({
      '@type': 'Offer',
      url: '/gallery/style/detail/croissant-cub',
      price: '18.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    // The market was read once, as a first read, and is in the page's data for the browser.
    expect(api.requested.filter((url) => url.startsWith('/api/market'))).toEqual([
      '/api/market/figures/croissant-cub',
    ]);
    expect(page?.data['/api/market/figures/croissant-cub']).toMatchObject({
      listings: expect.arrayContaining([expect.objectContaining({ id: 8 })]),
    });
  });

  it('gives a figure nobody lists no collector offer', async () => {
    serveCatalogue();
    const location = at('/gallery/style/detail/croissant-cub');
    const first = Object.fromEntries(
      await Promise.all(firstReads(location).map(async (url) => [url, await read(url)] as const)),
    );
    const page = await renderToHtml({ location, basename: '/gallery', data: first, read });
    expect(page?.html).toContain('From collectors');
    const product = page?.head?.structuredData?.find((thing) => thing['@type'] === 'Product');
    expect(JSON.stringify(product?.offers)).not.toContain('"Offer"');
  });

  it('renders what the browser would show without an answer, when a read has none (the API in trouble)', async () => {
    const page = await renderToHtml({
      location: at('/gallery/series/cloud-bakery'),
      basename: '/gallery',
      data: {},
      read: async () => undefined,
    });
    expect(page?.html).toContain('ui-skeleton');
    expect(page?.data).toEqual({});
  });
});
