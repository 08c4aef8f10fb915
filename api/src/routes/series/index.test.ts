import type { Page, SeriesDetail, SeriesSummary } from '@arttoy/shared/contracts/api';
import { buildTestApi, getJson, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('series', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const list = (query: string) => getJson<Page<SeriesSummary>>(api, `/api/series${query}`);

  it('lists every series in gallery order, each with 6-12 figures and cover art', async () => {
    const page = await list('');
    expect(page.total).toBe(8);
    expect(page.items.map((series) => series.slug)).toEqual([
      'cloud-bakery',
      'pastel-picnic',
      'night-market',
      'skate-spirits',
      'moonlit-forest',
      'tide-pool-tales',
      'tin-guardians',
      'star-courier',
    ]);
    for (const series of page.items) {
      expect(series.figureCount).toBeGreaterThanOrEqual(6);
      expect(series.figureCount).toBeLessThanOrEqual(12);
      expect(series.coverArtUrl).toMatch(
        new RegExp(`^/api/figures/${series.slug}-[a-z0-9-]+/art\\.svg\\?v=\\d+$`),
      );
      expect(series.releasedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('filters by style and by name, case-insensitively', async () => {
    expect((await list('?style=street-vinyl')).items.map((series) => series.slug)).toEqual([
      'night-market',
      'skate-spirits',
    ]);
    expect((await list('?q=FOREST')).items.map((series) => series.slug)).toEqual(['moonlit-forest']);
    expect((await list('?style=street-vinyl&q=forest')).total).toBe(0);
  });

  it('sorts by release, newest first, on request', async () => {
    expect(
      (await list('?sort=newest&pageSize=4')).items.map((series) => [series.slug, series.releasedOn]),
    ).toEqual([
      ['star-courier', '2025-05-04'],
      ['skate-spirits', '2025-02-14'],
      ['pastel-picnic', '2024-09-01'],
      ['tide-pool-tales', '2024-07-30'],
    ]);
    const response = await api.app.inject({ method: 'GET', url: '/api/series?sort=oldest' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_request', details: { issues: [{ field: 'query.sort' }] } },
    });
  });

  it('filters the series with a box on sale (every seed series has one)', async () => {
    expect((await list('?onSale=true')).total).toBe(8);
    expect((await list('?onSale=false')).total).toBe(0);
    expect((await api.app.inject({ method: 'GET', url: '/api/series?onSale=yes' })).statusCode).toBe(400);
  });

  it('treats LIKE wildcards in the search text as plain characters', async () => {
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
  });

  it('shows a series with its line-up (secret last) and its box models', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/series/cloud-bakery' });
    expect(response.statusCode).toBe(200);
    const series = response.json<SeriesDetail>();
    expect(series.figures.map((figure) => figure.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      series.figures.filter((figure) => figure.rarity === 'secret').map((figure) => figure.name),
    ).toEqual(['Secret figure']);
    expect(series.figures.at(-1)?.rarity).toBe('secret');
    expect(series.boxModels.map((box) => box.slug)).toEqual([
      'cloud-bakery-blind-box',
      'cloud-bakery-secret-hunter',
    ]);
    expect(series.style).toEqual({ slug: 'kawaii-pop', name: 'Kawaii Pop' });
  });

  it('answers an unknown series with 404', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/series/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('refuses a malformed style filter with 400', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/series?style=BAD!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues[0].field).toBe('query.style');
  });
});
