import type { Page, Style, StyleDetail } from '@arttoy/shared/contracts/api';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('styles', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const get = (url: string) => api.app.inject({ method: 'GET', url });

  it('lists the styles in gallery order with their series counts, cacheable', async () => {
    const response = await get('/api/styles');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=60/);
    const page = response.json<Page<Style>>();
    expect(page).toMatchObject({ page: 1, pageSize: 24, total: 5, totalPages: 1 });
    expect(page.items.map((style) => [style.slug, style.seriesCount])).toEqual([
      ['kawaii-pop', 2],
      ['street-vinyl', 2],
      ['dreamy-fantasy', 1],
      ['ocean-folk', 1],
      ['retro-mecha', 2],
    ]);
  });

  it("gives each style the art of its first series' first figure for its card", async () => {
    const page = (await get('/api/styles')).json<Page<Style>>();
    expect(page.items.find((style) => style.slug === 'kawaii-pop')?.coverArtUrl).toMatch(
      /^\/api\/figures\/cloud-bakery-croissant-cub\/art\.svg\?v=\d+$/,
    );
    expect(page.items.every((style) => style.coverArtUrl !== null)).toBe(true);
    expect((await get('/api/styles/retro-mecha')).json<StyleDetail>().coverArtUrl).toMatch(
      /^\/api\/figures\/tin-guardians-/,
    );
  });

  it('pages without overlap or gaps', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => (await get(`/api/styles?pageSize=2&page=${page}`)).json<Page<Style>>()),
    );
    expect(pages.map((page) => page.items.map((style) => style.slug))).toEqual([
      ['kawaii-pop', 'street-vinyl'],
      ['dreamy-fantasy', 'ocean-folk'],
      ['retro-mecha'],
    ]);
    expect(pages[0]).toMatchObject({ total: 5, totalPages: 3 });
  });

  it('answers a page past the end with no items, not an error', async () => {
    const response = await get('/api/styles?page=9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ items: [], page: 9, total: 5 });
  });

  it('refuses a bad page size with the field and the reason', async () => {
    const response = await get('/api/styles?pageSize=500');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: expect.stringMatching(/^Invalid query parameter pageSize: .*100/),
        details: { issues: [{ field: 'query.pageSize', reason: expect.stringContaining('100') }] },
      },
    });
  });

  it('shows one style with its series in order', async () => {
    const response = await get('/api/styles/retro-mecha');
    expect(response.statusCode).toBe(200);
    const style = response.json<StyleDetail>();
    expect(style).toMatchObject({ slug: 'retro-mecha', name: 'Retro Mecha', seriesCount: 2 });
    expect(style.series.map((series) => series.slug)).toEqual(['tin-guardians', 'star-courier']);
  });

  it('answers an unknown style with 404 and where to look', async () => {
    const response = await get('/api/styles/no-such-style');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'Style "no-such-style" was not found. GET /api/styles lists the styles.',
      },
    });
  });

  it('answers a malformed slug with 400 naming the path parameter', async () => {
    const response = await get('/api/styles/Not%20A%20Slug');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [{ field: 'path.slug' }] },
    });
  });
});
