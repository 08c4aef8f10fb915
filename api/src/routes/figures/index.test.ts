import type { Figure, Page } from '@arttoy/shared/contracts/api';
import { ART_VERSION } from '../../domain/figure-art';
import { buildTestApi, getJson, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('figures', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const list = (query: string) => getJson<Page<Figure>>(api, `/api/figures${query}`);

  it('lists every figure in catalogue order, with series, style and art', async () => {
    const page = await list('?pageSize=100');
    expect(page.total).toBe(71);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      slug: 'cloud-bakery-croissant-cub',
      name: 'Croissant Cub',
      description: expect.any(String),
      number: 1,
      rarity: 'regular',
      heightMm: 72,
      artUrl: `/api/figures/cloud-bakery-croissant-cub/art.svg?v=${ART_VERSION}`,
      series: { slug: 'cloud-bakery', name: 'Cloud Bakery' },
      style: { slug: 'kawaii-pop', name: 'Kawaii Pop' },
    });
    expect(page.items.filter((figure) => figure.rarity === 'secret')).toHaveLength(8);
  });

  it('walks every page in a stable order, each figure exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page += 1)
      seen.push(...(await list(`?pageSize=10&page=${page}`)).items.map((figure) => figure.slug));
    expect(seen).toHaveLength(71);
    expect(new Set(seen).size).toBe(71);
    expect(seen).toEqual((await list('?pageSize=100')).items.map((figure) => figure.slug));
  });

  it('filters by series, style, rarity and name', async () => {
    expect((await list('?series=star-courier')).total).toBe(7);
    expect((await list('?style=retro-mecha')).total).toBe(19);
    // Secrets not yet revealed are listed in their hidden form (secret-figures.test.ts).
    expect((await list('?style=retro-mecha&rarity=secret')).items.map((figure) => figure.slug)).toEqual([
      'tin-guardians-secret',
      'star-courier-secret',
    ]);
    expect((await list('?q=bear')).items.map((figure) => figure.slug)).toEqual([
      'cloud-bakery-bagel-bear',
      'moonlit-forest-sleepy-bear-cub',
    ]);
    expect((await list('?series=no-such-series')).total).toBe(0);
  });

  it('sorts by name and by newest series', async () => {
    const byName = (await list('?sort=name&pageSize=100')).items.map((figure) => figure.name.toLowerCase());
    expect(byName).toEqual([...byName].toSorted());
    const newest = (await list('?sort=newest&pageSize=7')).items;
    expect(newest.every((figure) => figure.series.slug === 'star-courier')).toBe(true);
    expect(newest.map((figure) => figure.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses an unknown rarity or sort with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?rarity=legendary', 'query.rarity'],
      ['?sort=price', 'query.sort'],
      ['?page=abc', 'query.page'],
    ]) {
      const response = await api.app.inject({ method: 'GET', url: `/api/figures${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.issues[0].field).toBe(field);
    }
  });

  it('shows one figure, and 404 for an unknown one', async () => {
    const found = await api.app.inject({ method: 'GET', url: '/api/figures/tin-guardians-key-wind-sentry' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'Key Wind Sentry', rarity: 'regular', number: 1 });
    const missing = await api.app.inject({ method: 'GET', url: '/api/figures/no-such-figure' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(
      'Figure "no-such-figure" was not found. GET /api/figures lists the figures.',
    );
  });

  describe('art', () => {
    const art = (slug: string, version: string | null = String(ART_VERSION)) =>
      api.app.inject({
        method: 'GET',
        url: `/api/figures/${slug}/art.svg${version === null ? '' : `?v=${version}`}`,
      });

    it('serves the same SVG every time, cached for a year at the current version', async () => {
      const first = await art('moonlit-forest-moth-lantern');
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.body).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*aria-label="Moth Lantern">/,
      );
      expect((await art('moonlit-forest-moth-lantern')).body).toBe(first.body);
      expect((await art('moonlit-forest-owl-librarian')).body).not.toBe(first.body);
    });

    it('draws each figure as its description tells it: its kind, pose and prop', async () => {
      const cub = (await art('cloud-bakery-croissant-cub')).body;
      expect(cub).toContain('<title>Croissant Cub</title>');
      expect(cub).toContain('data-kind="bear"');
      expect((await art('cloud-bakery-eclair-kitten')).body).toContain('data-kind="cat"');
      expect((await art('cloud-bakery-donut-duck')).body).toContain('data-kind="duck"');
      expect((await art('moonlit-forest-moth-lantern')).body).toContain('data-kind="moth"');
    });

    it('revalidates hourly when the URL carries no or an old version', async () => {
      expect((await art('moonlit-forest-moth-lantern', null)).headers['cache-control']).toBe(
        'public, max-age=3600',
      );
      expect((await art('moonlit-forest-moth-lantern', '0')).headers['cache-control']).toBe(
        'public, max-age=3600',
      );
    });

    it('answers an unknown figure with a JSON 404', async () => {
      const response = await art('no-such-figure');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    });
  });
});
