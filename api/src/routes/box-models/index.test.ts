import type { BoxModelDetail, BoxModelSummary, Page, SeriesDetail } from '@arttoy/shared/contracts/api';
import { eq } from 'drizzle-orm';
import { boxModels } from '../../db/schema';
import { BOX_ART_VERSION } from '../../domain/box-art';
import { eventually } from '../../test/eventually';
import { signInTestUser } from '../../test/auth-emulator';
import { buildTestApi, getJson, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { bearer, expectStatus, orderBox, postOrder, setStock } from '../../test/purchase';

describe('box models', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const list = (query = '') => getJson<Page<BoxModelSummary>>(api, `/api/box-models${query}`);
  const detail = async (id: number) =>
    (await api.app.inject({ method: 'GET', url: `/api/box-models/${id}` })).json<BoxModelDetail>();

  it('lists the boxes on sale with integer prices in minor units and stock', async () => {
    const page = await list();
    expect(page.total).toBe(9);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      slug: 'cloud-bakery-blind-box',
      name: 'Cloud Bakery Blind Box',
      description: expect.any(String),
      artUrl: `/api/box-models/${page.items[0]!.id}/art.svg?v=${BOX_ART_VERSION}`,
      price: { amountMinor: 1299, currency: 'USD' },
      series: { slug: 'cloud-bakery', name: 'Cloud Bakery' },
      style: { slug: 'kawaii-pop', name: 'Kawaii Pop' },
      stock: 8 * 144 + 12,
    });
    for (const box of page.items) expect(Number.isInteger(box.price.amountMinor)).toBe(true);
  });

  describe('packaging art', () => {
    const art = (url: string) => api.app.inject({ method: 'GET', url });

    it('serves each model its own packaging, cached for a year at the current version, referenced by every box answer', async () => {
      const [blind, hunter] = (await list('?series=cloud-bakery')).items;
      const first = await art(blind!.artUrl);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.body).toContain('<title>Cloud Bakery Blind Box: mystery box packaging</title>');
      expect((await art(blind!.artUrl)).body).toBe(first.body);
      const second = await art(hunter!.artUrl);
      expect(second.body).toContain('>Secret Hunter Box</text>');
      expect(second.body).not.toBe(first.body);
      // Never a figure's art: no figure is drawn on the box.
      expect(first.body).not.toContain('data-kind=');
      expect((await detail(hunter!.id)).artUrl).toBe(hunter!.artUrl);
      const series = await getJson<SeriesDetail>(api, '/api/series/cloud-bakery');
      expect(series.boxModels.map((box) => box.artUrl)).toEqual([blind!.artUrl, hunter!.artUrl]);
    });

    it('revalidates hourly without the current version, and answers 404 for a model not on sale', async () => {
      const [box] = (await list()).items;
      expect((await art(`/api/box-models/${box!.id}/art.svg`)).headers['cache-control']).toBe(
        'public, max-age=3600',
      );
      const missing = await art('/api/box-models/999999/art.svg');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        error: { code: 'not_found', message: expect.stringContaining('Box model 999999 was not found.') },
      });
    });
  });

  it('filters by series and by style', async () => {
    expect((await list('?series=cloud-bakery')).items.map((box) => box.slug)).toEqual([
      'cloud-bakery-blind-box',
      'cloud-bakery-secret-hunter',
    ]);
    expect((await list('?style=retro-mecha')).items.map((box) => box.slug)).toEqual([
      'tin-guardians-blind-box',
      'star-courier-blind-box',
    ]);
  });

  it('publishes odds for every figure of the series, summing to exactly 1', async () => {
    for (const summary of (await list()).items) {
      const box = await detail(summary.id);
      const series = (await api.app.inject({ method: 'GET', url: `/api/series/${box.series.slug}` })).json<{
        figures: unknown[];
      }>();
      expect(box.odds).toHaveLength(series.figures.length);
      expect(box.odds.reduce((sum, line) => sum + line.oddsPpm, 0)).toBe(1_000_000);
      expect(box.odds.at(-1)?.figure.rarity).toBe('secret');
      expect(box.stock).toBe(box.odds.reduce((sum, line) => sum + line.stock, 0));
    }
  });

  it('gives the secret hunter box twice the standard secret odds', async () => {
    const [standard, hunter] = (await list('?series=cloud-bakery')).items;
    const secretOdds = async (id: number) =>
      (await detail(id)).odds.find((line) => line.figure.rarity === 'secret')?.odds ?? 0;
    expect(await secretOdds(standard?.id ?? 0)).toBeCloseTo(1 / 144, 5);
    expect(await secretOdds(hunter?.id ?? 0)).toBeCloseTo(1 / 72, 5);
  });

  it('hides a box model that is no longer on sale', async () => {
    const [box] = (await list('?series=skate-spirits')).items;
    await api.db
      .update(boxModels)
      .set({ active: false })
      .where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    try {
      // Changed as an operator would, beside the API: its cache hears of it through the change notices.
      expect(
        (
          await eventually(
            () => list('?series=skate-spirits'),
            (page) => page.total === 0,
          )
        ).total,
      ).toBe(0);
      expect((await api.app.inject({ method: 'GET', url: `/api/box-models/${box?.id}` })).statusCode).toBe(
        404,
      );
    } finally {
      await api.db
        .update(boxModels)
        .set({ active: true })
        .where(eq(boxModels.slug, 'skate-spirits-blind-box'));
    }
  });

  it('shows the boxes on sale: the stock less the boxes held by unpaid orders, on every answer that carries it', async () => {
    // Buyers of their own: a buyer's second order of a box they hold resumes the first.
    const [hoarder, other, late] = [
      await signInTestUser('box-stock-hoarder'),
      await signInTestUser('box-stock-other'),
      await signInTestUser('box-stock-late'),
    ];
    const [box] = await api.db
      .select({ id: boxModels.id })
      .from(boxModels)
      .where(eq(boxModels.slug, 'pastel-picnic-blind-box'));
    const id = box?.id ?? 0;
    const shown = async () => ({
      detail: (await detail(id)).stock,
      list: (await list('?series=pastel-picnic')).items[0]?.stock,
      series: (await api.app.inject({ url: '/api/series/pastel-picnic' })).json<SeriesDetail>().boxModels[0]
        ?.stock,
    });
    const physical = 6 * 144 + 12;
    expect(await shown()).toEqual({ detail: physical, list: physical, series: physical });
    const held = [await orderBox(api, hoarder, id), await orderBox(api, other, id)];
    // Shown at once by the instance that took the orders.
    expect(await shown()).toEqual({ detail: physical - 2, list: physical - 2, series: physical - 2 });
    // Each figure's own stock is its units: which figure an order gets is known only at its draw.
    expect((await detail(id)).odds.reduce((sum, line) => sum + line.stock, 0)).toBe(physical);
    expectStatus(
      await api.app.inject({
        method: 'POST',
        url: `/api/orders/${held[0]?.orderSn}/cancel`,
        headers: bearer(hoarder),
      }),
      200,
    );
    expect((await shown()).detail).toBe(physical - 1);
    // The last boxes held: sold out on the page, as ordering says.
    await setStock(api, id, (_figure, index) => (index < 2 ? 1 : 0));
    expect(
      (
        await eventually(
          () => detail(id),
          (value) => value.stock === 1,
        )
      ).stock,
    ).toBe(1);
    await orderBox(api, hoarder, id);
    expect(await shown()).toEqual({ detail: 0, list: 0, series: 0 });
    expect((await postOrder(api, late, { boxModelId: id })).json().error.details).toMatchObject({
      reason: 'sold_out',
    });
  }, 60_000);

  it('answers an unknown id with 404 and a non-numeric one with 400', async () => {
    const missing = await api.app.inject({ method: 'GET', url: '/api/box-models/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(
      'Box model 999999 was not found. GET /api/box-models lists the box models on sale.',
    );
    const malformed = await api.app.inject({ method: 'GET', url: '/api/box-models/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.issues[0].field).toBe('path.id');
  });
});
