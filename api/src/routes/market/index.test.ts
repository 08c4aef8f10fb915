import { eq } from 'drizzle-orm';
import type { FigureMarket, MyListing, SeriesAsks } from '@arttoy/shared/contracts/api';
import { figureIdsBySlug } from '../../seed/seed';
import { listings } from '../../db/schema';
import { FIGURE_SALES_SHOWN, medianOf } from '../../domain/market/market-reads';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { giveItems, type Member, member, orderOf, recordSale } from '../../test/market';
import { bearer } from '../../test/purchase';

const CUB = 'cloud-bakery-croissant-cub';
const MOUSE = 'cloud-bakery-macaron-mouse';
const BUNNY = 'cloud-bakery-mochi-bunny';
const SENTRY = 'tin-guardians-key-wind-sentry';

describe('market reads: a figure’s listings and sales, a series’ lowest asks', () => {
  let api: TestApi;
  let alice: Member;
  let bob: Member;
  let figureIds: Map<string, number>;

  const get = (url: string) => api.app.inject({ method: 'GET', url });
  const list = async (who: Member, slug: string, priceMinor: number) => {
    const [itemId] = await giveItems(api, who.id, [slug]);
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: bearer(who.user),
      payload: { lockerItemId: itemId, priceMinor },
    });
    return response.json<MyListing>();
  };

  beforeAll(async () => {
    api = await buildTestApi();
    [alice, bob] = [await member(api, 'alice', 'alice_sells'), await member(api, 'bob', 'bob_sells')];
    figureIds = await figureIdsBySlug(api.db, [CUB, MOUSE, BUNNY, SENTRY]);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('shows a figure without a market as empty, publicly, kept by shared caches a few seconds only', async () => {
    const response = await get(`/api/market/figures/${SENTRY}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(response.json()).toEqual({
      figureId: figureIds.get(SENTRY),
      listings: [],
      sales: [],
      lastPrice: null,
      lowestPrice: null,
      medianPrice: null,
    });
  });

  it('answers an unknown figure with 404, and a malformed slug with 400', async () => {
    const missing = await get('/api/market/figures/no-such-figure');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('GET /api/figures');
    expect((await get('/api/market/figures/Not%20A%20Slug')).statusCode).toBe(400);
  });

  it('lists open listings cheapest first (ties: oldest first), sellers by handle only, reserved ones marked', async () => {
    const pricey = await list(alice, CUB, 3_000);
    const cheapOld = await list(bob, CUB, 1_000);
    const cheapNew = await list(alice, CUB, 1_000);
    const gone = await list(bob, CUB, 500);
    await api.app.inject({ method: 'DELETE', url: `/api/listings/${gone.id}`, headers: bearer(bob.user) });
    await orderOf(api.db, bob.id, pricey.id, 'pending_payment');
    const response = await get(`/api/market/figures/${CUB}`);
    const market = response.json<FigureMarket>();
    expect(
      market.listings.map((listing) => [
        listing.id,
        listing.price.amountMinor,
        listing.sellerHandle,
        listing.reserved,
      ]),
    ).toEqual([
      [cheapOld.id, 1_000, 'bob_sells', false],
      [cheapNew.id, 1_000, 'alice_sells', false],
      [pricey.id, 3_000, 'alice_sells', true],
    ]);
    expect(response.body).not.toContain(alice.user.uid);
    expect(response.body).not.toContain(alice.user.email);
    expect(Object.keys(market.listings[0]!).toSorted()).toEqual([
      'createdAt',
      'id',
      'price',
      'reserved',
      'sellerHandle',
    ]);
  });

  it('shows sales oldest first with the last, lowest and median price (the mean of the middle two of an even count)', async () => {
    const [itemId] = await giveItems(api, alice.id, [MOUSE]);
    // Ping-pong one item between the two: each sale moves it to the buyer.
    const prices = [4_000, 1_500, 2_500, 3_500];
    for (const [index, priceMinor] of prices.entries())
      await recordSale(api, itemId!, index % 2 === 0 ? bob.id : alice.id, priceMinor, prices.length - index);
    const market = (await get(`/api/market/figures/${MOUSE}`)).json<FigureMarket>();
    expect(market.sales.map((sale) => sale.price.amountMinor)).toEqual(prices);
    expect(market.sales.map((sale) => sale.soldAt)).toEqual(
      market.sales.map((sale) => sale.soldAt).toSorted(),
    );
    expect(market).toMatchObject({
      lastPrice: { amountMinor: 3_500, currency: 'USD' },
      lowestPrice: { amountMinor: 1_500, currency: 'USD' },
      medianPrice: { amountMinor: 3_000, currency: 'USD' },
    });
  });

  it(`charts the latest ${FIGURE_SALES_SHOWN} sales only`, async () => {
    const [itemId] = await giveItems(api, alice.id, [BUNNY]);
    const count = FIGURE_SALES_SHOWN + 2;
    // The two oldest are the cheapest: left out, they are not the lowest price either.
    for (let index = 0; index < count; index += 1)
      await recordSale(
        api,
        itemId!,
        index % 2 === 0 ? bob.id : alice.id,
        index < 2 ? 100 + index : 1_000 + index,
        count - index,
      );
    const market = (await get(`/api/market/figures/${BUNNY}`)).json<FigureMarket>();
    expect(market.sales).toHaveLength(FIGURE_SALES_SHOWN);
    expect(market.sales[0]!.price.amountMinor).toBe(1_002);
    expect(market.lastPrice?.amountMinor).toBe(1_000 + count - 1);
    expect(market.lowestPrice?.amountMinor).toBe(1_002);
  });

  it('takes the median of an odd count as its middle and of an even count as the mean of its middle two', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([700])).toBe(700);
    expect(medianOf([100, 300])).toBe(200);
    // $24.50 and $28.00: $26.25, not the lower of the two.
    expect(medianOf([2_450, 2_800])).toBe(2_625);
    expect(medianOf([100, 200, 900])).toBe(200);
    expect(medianOf([100, 200, 300, 900])).toBe(250);
    // Half a cent rounds up: money stays in whole minor units.
    expect(medianOf([100, 201])).toBe(151);
  });

  describe('series asks', () => {
    it('gives each figure of the series with open listings its lowest ask and count, and leaves the others out', async () => {
      const response = await get('/api/market/asks?series=cloud-bakery');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
      // Croissant Cub: 1,000 (twice) and 3,000 open, 500 withdrawn; the mouse and the bunny only sold.
      expect(response.json<SeriesAsks>().items).toEqual([
        { figureId: figureIds.get(CUB), lowestAsk: { amountMinor: 1_000, currency: 'USD' }, listings: 3 },
      ]);
    });

    it('moves with the listings: a new cheaper one, and another figure', async () => {
      await list(bob, CUB, 900);
      await list(bob, MOUSE, 2_000);
      const { items } = (await get('/api/market/asks?series=cloud-bakery')).json<SeriesAsks>();
      expect(items).toEqual([
        { figureId: figureIds.get(CUB), lowestAsk: { amountMinor: 900, currency: 'USD' }, listings: 4 },
        { figureId: figureIds.get(MOUSE), lowestAsk: { amountMinor: 2_000, currency: 'USD' }, listings: 1 },
      ]);
      const open = await api.db
        .select()
        .from(listings)
        .where(eq(listings.figureId, figureIds.get(CUB)!));
      expect(open.filter((row) => row.status === 'open')).toHaveLength(4);
    });

    it('is empty for a series without listings, 404 for an unknown one and 400 without one', async () => {
      expect((await get('/api/market/asks?series=tin-guardians')).json()).toEqual({ items: [] });
      const missing = await get('/api/market/asks?series=no-such-series');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toContain('GET /api/series');
      expect((await get('/api/market/asks')).statusCode).toBe(400);
    });
  });
});
