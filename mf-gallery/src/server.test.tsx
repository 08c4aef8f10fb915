import { NOT_FOUND_ANSWER } from '@arttoy/shared/contracts';
import { firstReads, renderToHtml } from './server';
import { serveCatalogue } from './test/fake-catalogue';

const at = (pathname: string) => ({ pathname, search: '', hash: '' });

/** Answers reads from the fake catalogue, as the site server answers them from the API in its process. */
async function read(url: string): Promise<unknown> {
  const answer = await fetch(url);
  if (answer.status === 404) return NOT_FOUND_ANSWER;
  return answer.ok ? answer.json() : undefined;
}

describe("mf-gallery's server module", () => {
  it('names the reads a page needs from its URL alone', () => {
    expect(firstReads(at('/gallery/series/cloud-bakery'))).toEqual(['/api/series/cloud-bakery']);
    expect(firstReads(at('/gallery/style/detail/cloud-bakery-croissant-cub'))).toEqual([
      '/api/figures/cloud-bakery-croissant-cub',
    ]);
    expect(firstReads(at('/gallery'))).toEqual([]);
  });

  it("renders a series with its boxes' odds, reading what the first render asks for, and returns every answer it used", async () => {
    const api = serveCatalogue();
    const first = { '/api/series/cloud-bakery': await read('/api/series/cloud-bakery') };
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
    // Everything from the catalogue is there; the market (prices by the second) is read in the browser only.
    const market = /<section[^>]*gallery-market.*?<\/section>/.exec(figure?.html ?? '')?.[0] ?? '';
    expect(market).toContain('aria-label="Loading what collectors are selling"');
    expect(figure?.html.replace(market, '')).not.toContain('ui-skeleton');
    expect(api.requested.filter((url) => url.startsWith('/api/market'))).toEqual([]);
    expect(api.failed).toEqual([]);
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
