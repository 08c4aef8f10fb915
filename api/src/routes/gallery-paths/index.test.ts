import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('gallery paths', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const get = (slug: string) => api.app.inject({ method: 'GET', url: `/api/gallery-paths/${slug}` });

  it('names a figure and a series by their slugs, each in one answer', async () => {
    for (const [slug, kind] of [
      ['cloud-bakery-croissant-cub', 'figure'],
      ['cloud-bakery', 'series'],
    ] as const) {
      const response = await get(slug);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind, slug });
      expect(response.headers['cache-control']).toMatch(/^public, max-age=60/);
    }
  });

  it('answers 404 for a slug that names neither, and 400 for one that cannot be a slug', async () => {
    const missing = await get('cloud-bakery-no-such-figure');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: 'not_found', message: expect.stringContaining('cloud-bakery-no-such-figure') },
    });
    expect((await get('Not%20A%20Slug')).statusCode).toBe(400);
  });
});
