/**
 * The market attacked as a signed-in user would (both engines): another account's items and
 * listings, items on their way out, keys replayed across kinds of order, an order past its time paid
 * late, and what a seller, a buyer and any visitor can read of each other. Every refusal is a 4xx
 * that says what to do, and nothing changes hands that should not.
 */
import { eq, sql, sum } from 'drizzle-orm';
import {
  type FigureMarket,
  type LockerItem,
  marketFeeMinor,
  type MyListing,
  type Order,
  type Page,
  type ShipRequest,
} from '@arttoy/shared/contracts/api';
import { DataChanges } from '../cache/data-changes';
import { ledgerEntries, listings, lockerItems, orders, sales } from '../db/schema';
import { catalogueUrls } from '../domain/catalogue/urls';
import { CAPTURE_HOLD_SECONDS } from '../domain/orders/reservation';
import { resolvePaymentProviders } from '../domain/payments/providers';
import { reconcilePayments } from '../domain/payments/reconcile';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { giveItems, type Member, member, orderListing, PAYOUT_TO, statusesOf } from '../test/market';
import { HOLD_WINDOW_MINUTES, UNPAID_HOLDS_PER_BUYER } from '../domain/market/listing-orders';
import {
  ageOrder,
  bearer,
  buyBox,
  capture,
  decideOnSandboxPage,
  expectStatus,
  postOrder,
  seedBoxId,
  startPayment,
} from '../test/purchase';
import { testAddress as address } from '../test/address';

const BUNNY = 'cloud-bakery-mochi-bunny';

describe('the market under attack', () => {
  let api: TestApi;
  let seller: Member;
  let buyer: Member;

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Member, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(who?.user), payload });
  const list = async (who: Member, lockerItemId: number, priceMinor = 2_000) =>
    send('POST', '/api/listings', who, { lockerItemId, priceMinor });
  const newListing = async (priceMinor = 2_000) => {
    const [itemId] = await giveItems(api, seller.id, [BUNNY]);
    return expectStatus(await list(seller, itemId!, priceMinor), 201).json<MyListing>();
  };

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [seller, buyer] = [
      await member(api, 'attack-seller', 'attack_seller'),
      await member(api, 'attack-buyer', 'attack_buyer'),
    ];
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('refuses a box order that replays the Idempotency-Key of a listing order, instead of answering with the listing order', async () => {
    const listing = await newListing();
    const key = 'attack-replay-key-0001';
    const bought = expectStatus(await orderListing(api, buyer.user, listing.id, key), 201).json<Order>();
    const replayed = await postOrder(
      api,
      buyer.user,
      { boxModelId: await seedBoxId(api, 'night-market-blind-box') },
      key,
    );
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().error).toMatchObject({
      details: { reason: 'idempotency_key_reused' },
      message: expect.stringMatching(/use a new key/),
    });
    // Nothing else was ordered under that key.
    expect(
      (await api.db.select().from(orders).where(eq(orders.idempotencyKey, key))).map((row) => row.orderSn),
    ).toEqual([bought.orderSn]);
  });

  it('says a listing order past its time frees the listing (not a box) when it is paid late, and charges nothing', async () => {
    const listing = await newListing();
    const order = expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>();
    const token = (await startPayment(api, buyer.user, order.orderSn)).payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    await ageOrder(api, order.orderSn, 20);
    const late = await capture(api, buyer.user, token);
    expect(late.statusCode).toBe(409);
    const { message } = late.json<{ error: { message: string } }>().error;
    expect(message).toMatch(/nothing was charged/);
    expect(message).not.toMatch(/box/);
    expect(message).toMatch(/listing/);
    expect((await statusesOf(api, [listing.lockerItemId])).get(listing.lockerItemId)).toBe('listed');
  });

  it('stops one buyer holding a listing for ever by cancelling and ordering it again; others and the seller get their turn', async () => {
    const listing = await newListing();
    const rival = await member(api, 'attack-rival', null);
    const held: Order[] = [];
    for (let attempt = 0; attempt < UNPAID_HOLDS_PER_BUYER; attempt += 1) {
      held.push(expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>());
      expectStatus(await send('POST', `/api/orders/${held.at(-1)!.orderSn}/cancel`, buyer), 200);
    }
    const again = await orderListing(api, buyer.user, listing.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      details: { reason: 'listing_hold_limit', limit: UNPAID_HOLDS_PER_BUYER },
      message: expect.stringMatching(
        /other buyers and its seller get their turn. You can order it again from /,
      ),
    });
    // The listing is free: another buyer may order it, and its seller may change it.
    expectStatus(await send('PATCH', `/api/listings/${listing.id}`, seller, { priceMinor: 2_100 }), 200);
    const rivals = expectStatus(await orderListing(api, rival.user, listing.id), 201).json<Order>();
    expectStatus(await send('POST', `/api/orders/${rivals.orderSn}/cancel`, rival), 200);
    // An hour on, the buyer's lapsed orders no longer count.
    for (const order of held) await ageOrder(api, order.orderSn, HOLD_WINDOW_MINUTES + 1);
    expectStatus(await orderListing(api, buyer.user, listing.id), 201);
  });

  describe('payments in doubt of a listing order, settled by reconciliation', () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const reconcile = () =>
      reconcilePayments(
        {
          db: api.db,
          providers: resolvePaymentProviders('/api', false),
          urls: catalogueUrls('/api'),
          changes: new DataChanges(false),
        },
        quiet,
      );
    /** The buyer's order of a new listing, approved on the sandbox page, its capture started (committed) and then the API gone. */
    async function captureCut(minutesAgo: number) {
      const listing = await newListing();
      const order = expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>();
      const token = (await startPayment(api, buyer.user, order.orderSn)).payment.token ?? '';
      await decideOnSandboxPage(api, token, 'approve');
      await api.db
        .update(orders)
        .set({ captureStartedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where(eq(orders.orderSn, order.orderSn));
      return { listing, order };
    }
    const orderRow = async (orderSn: string) =>
      (await api.db.select().from(orders).where(eq(orders.orderSn, orderSn)))[0];

    it('settles one whose capture was cut within its time: the item moves once', async () => {
      const { listing, order } = await captureCut(0);
      expect((await reconcile()).failed).toBe(0);
      expect(await orderRow(order.orderSn)).toMatchObject({ status: 'fulfilled' });
      expect(
        (await api.db.select().from(lockerItems).where(eq(lockerItems.id, listing.lockerItemId)))[0],
      ).toMatchObject({ userId: buyer.id, status: 'in_locker' });
      expect(await api.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(1);
    });

    it('refunds one whose capture outlived its hold while another buyer took the listing, and leaves that buyer its listing', async () => {
      const { listing, order } = await captureCut(CAPTURE_HOLD_SECONDS / 60 + 1);
      await ageOrder(api, order.orderSn, 30);
      const rival = await member(api, 'attack-late-rival', null);
      const rivals = expectStatus(await orderListing(api, rival.user, listing.id), 201).json<Order>();
      expect((await reconcile()).failed).toBe(0);
      expect(await orderRow(order.orderSn)).toMatchObject({ status: 'refunded' });
      expect(await api.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(0);
      expect(
        (await api.db.select().from(lockerItems).where(eq(lockerItems.id, listing.lockerItemId)))[0],
      ).toMatchObject({ userId: seller.id, status: 'listed' });
      // The rival's order still holds the listing and settles it.
      const token = (await startPayment(api, rival.user, rivals.orderSn)).payment.token ?? '';
      await decideOnSandboxPage(api, token, 'approve');
      expectStatus(await capture(api, rival.user, token), 200);
      expect(
        (await api.db.select().from(lockerItems).where(eq(lockerItems.id, listing.lockerItemId)))[0],
      ).toMatchObject({ userId: rival.id, status: 'in_locker' });
    });
  });

  it.each([
    ['GET', '/api/market/asks?series=%00', null],
    ['GET', `/api/market/asks?series=${'s'.repeat(81)}`, null],
    ['GET', '/api/market/asks', null],
    ['GET', '/api/market/figures/%00', null],
    ['GET', `/api/market/figures/${'a'.repeat(81)}`, null],
    ['GET', '/api/locker/9223372036854775808/history', null],
    ['GET', '/api/locker/-1/history', null],
    ['POST', '/api/listings', { lockerItemId: 1, priceMinor: '2000' }],
    ['POST', '/api/listings', { lockerItemId: [1], priceMinor: 2_000 }],
    ['POST', '/api/listings', { lockerItemId: 2 ** 63, priceMinor: 2_000 }],
    ['POST', '/api/listings', { lockerItemId: 1, priceMinor: 2_000.5 }],
    ['POST', '/api/listings', { lockerItemId: 1, priceMinor: 2 ** 60 }],
    ['POST', '/api/listings', { lockerItemId: 'x\u0000', priceMinor: 2_000 }],
    ['PATCH', '/api/listings/1.5', { priceMinor: 2_000 }],
    ['PATCH', '/api/listings/1', { priceMinor: -1 }],
    ['DELETE', '/api/listings/99999999999999999999', null],
    ['POST', '/api/listings/0/orders', null],
    ['POST', '/api/me/payouts', { amountMinor: -500 }],
    ['POST', '/api/me/payouts', { amountMinor: 500.5 }],
    ['POST', '/api/me/payouts', { amountMinor: 2 ** 60 }],
    ['POST', '/api/me/payouts', { amountMinor: '500' }],
    ['POST', '/api/me/payouts', { amountMinor: 500 }],
    ['POST', '/api/me/payouts', { amountMinor: 500, destination: { method: 'paypal', email: 'not-mail' } }],
    [
      'POST',
      '/api/me/payouts',
      {
        amountMinor: 500,
        destination: { method: 'bank', accountHolder: 'Ada', iban: 'GB00WEST12345698765432' },
      },
    ],
    ['POST', '/api/me/payouts', { amountMinor: 500, destination: { method: 'cash' } }],
  ] as const)(
    'answers %s %s with a 400 that names what is wrong',
    async (method, url, payload: object | null) => {
      const response = await api.app.inject({
        method,
        url,
        headers: { ...bearer(buyer.user), 'idempotency-key': 'attack-hostile-key-01' },
        payload: payload ?? undefined,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/.{12}/),
      });
    },
  );

  it('never lets a payout take the balance below zero, whatever the amount', async () => {
    const before =
      (
        await api.db
          .select({ total: sum(ledgerEntries.amountMinor).mapWith(Number) })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, buyer.id))
      )[0]?.total ?? 0;
    for (const amountMinor of [500, Number.MAX_SAFE_INTEGER]) {
      const response = await send('POST', '/api/me/payouts', buyer, { amountMinor, destination: PAYOUT_TO });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.details).toMatchObject({ reason: 'over_balance', balanceMinor: before });
    }
  });

  it('credits the seller what the buyer paid, even if the listing price changed under the order', async () => {
    const listing = await newListing(2_000);
    const order = expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>();
    // By hand: the routes refuse a reprice while the order holds the listing.
    await api.db.update(listings).set({ priceMinor: 9_000 }).where(eq(listings.id, listing.id));
    const started = await startPayment(api, buyer.user, order.orderSn);
    expect(started.payment.amount).toEqual({ amountMinor: 2_000, currency: 'USD' });
    await decideOnSandboxPage(api, started.payment.token ?? '', 'approve');
    expectStatus(await capture(api, buyer.user, started.payment.token ?? ''), 200);
    const [sale] = await api.db.select().from(sales).where(eq(sales.listingId, listing.id));
    expect(sale).toMatchObject({ priceMinor: 2_000, feeMinor: marketFeeMinor(2_000) });
    const credited = await api.db
      .select({ kind: ledgerEntries.kind, amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.saleId, sale!.id));
    expect(credited.toSorted((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'fee', amountMinor: -marketFeeMinor(2_000) },
      { kind: 'sale', amountMinor: 2_000 },
    ]);
  });

  it("refuses a listing order's Idempotency-Key replayed for another listing", async () => {
    const [first, second] = [await newListing(), await newListing()];
    const key = 'attack-replay-key-0002';
    expectStatus(await orderListing(api, buyer.user, first.id, key), 201);
    const replayed = await orderListing(api, buyer.user, second.id, key);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().error.details).toEqual({ reason: 'idempotency_key_reused' });
    expect(await api.db.select().from(orders).where(eq(orders.listingId, second.id))).toEqual([]);
  });

  it('is in the OpenAPI document the route fuzz test feeds hostile input to, every route of it', async () => {
    const { paths } = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /listings',
        'PATCH /listings/{id}',
        'DELETE /listings/{id}',
        'POST /listings/{id}/orders',
        'GET /me/listings',
        'GET /me/balance',
        'POST /me/payouts',
        'GET /locker/{id}/history',
        'GET /market/figures/{slug}',
        'GET /market/asks',
      ]),
    );
  });

  it('resumes a buyer’s open order of a listing when they order it again (a new key); past its time, says it is theirs, to pay', async () => {
    const listing = await newListing();
    const first = expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>();
    const resumed = expectStatus(await orderListing(api, buyer.user, listing.id), 200).json<Order>();
    expect(resumed.orderSn).toBe(first.orderSn);
    // Past its 15 minutes, within the capture's grace: it still holds the listing, and nothing is resumed.
    await ageOrder(api, first.orderSn, 16);
    const again = await orderListing(api, buyer.user, listing.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      details: { reason: 'listing_reserved_by_you', orderSn: first.orderSn },
      message: expect.stringMatching(
        new RegExp(
          `You already ordered listing ${listing.id} \\(order ${first.orderSn}\\).*/payment/order_pay\\?order=${first.orderSn}`,
        ),
      ),
    });
    expect(again.json().error.message).not.toMatch(/another buyer/);
  });

  it('pays a listing with a saved method at once, and refunds it in full when the listing went before it could settle', async () => {
    const { vaultToken } = await buyBox(api, buyer.user, await seedBoxId(api, 'night-market-blind-box'), {
      provider: 'sandbox',
      saveMethod: true,
    });
    const paid = await newListing();
    const order = expectStatus(await orderListing(api, buyer.user, paid.id), 201).json<Order>();
    const started = await startPayment(api, buyer.user, order.orderSn, { provider: 'sandbox', vaultToken });
    expect(started.result?.order).toMatchObject({ status: 'fulfilled', lockerItemId: paid.lockerItemId });
    expect(
      (await api.db.select().from(lockerItems).where(eq(lockerItems.id, paid.lockerItemId)))[0],
    ).toMatchObject({ userId: buyer.id, status: 'in_locker' });

    const gone = await newListing();
    const lost = expectStatus(await orderListing(api, buyer.user, gone.id), 201).json<Order>();
    // By hand (the routes refuse a withdrawal while the order holds it).
    await api.db
      .update(listings)
      .set({ status: 'withdrawn', closedAt: new Date() })
      .where(eq(listings.id, gone.id));
    await api.db
      .update(lockerItems)
      .set({ status: 'in_locker' })
      .where(eq(lockerItems.id, gone.lockerItemId));
    const refused = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${lost.orderSn}/payments`,
      headers: bearer(buyer.user),
      payload: { provider: 'sandbox', vaultToken },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toMatchObject({ reason: 'refunded', status: 'refunded' });
    expect(
      (await api.db.select().from(lockerItems).where(eq(lockerItems.id, gone.lockerItemId)))[0],
    ).toMatchObject({ userId: seller.id, status: 'in_locker' });
    expect(await api.db.select().from(sales).where(eq(sales.listingId, gone.id))).toEqual([]);
  });

  it('refuses to list an item of a ship request, and to ship a listed item, through the routes', async () => {
    const [shipping, listed] = await giveItems(api, seller.id, [BUNNY, BUNNY]);
    expectStatus(
      await send('POST', '/api/locker/ship-requests', seller, { itemIds: [shipping], address }),
      201,
    ).json<ShipRequest>();
    const listShipping = await list(seller, shipping!);
    expect(listShipping.statusCode).toBe(409);
    expect(listShipping.json().error.details).toEqual({ status: 'ship_requested' });
    expectStatus(await list(seller, listed!), 201);
    const shipListed = await send('POST', '/api/locker/ship-requests', seller, {
      itemIds: [listed],
      address,
    });
    expect(shipListed.statusCode).toBe(409);
    expect(shipListed.json().error.message).toMatch(/cannot be shipped/);
    expect(Object.fromEntries(await statusesOf(api, [shipping!, listed!]))).toEqual({
      [shipping!]: 'ship_requested',
      [listed!]: 'listed',
    });
  });

  it("refuses another user's item, listing and item history with 404, and changes nothing", async () => {
    const listing = await newListing();
    const [sellersItem] = await giveItems(api, seller.id, [BUNNY]);
    for (const response of [
      await list(buyer, sellersItem!),
      await send('PATCH', `/api/listings/${listing.id}`, buyer, { priceMinor: 100 }),
      await send('DELETE', `/api/listings/${listing.id}`, buyer),
      await send('GET', `/api/locker/${listing.lockerItemId}/history`, buyer),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toMatch(/lists/);
    }
    const [row] = await api.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 'open', priceMinor: 2_000, sellerId: seller.id });
    expect(
      (await api.db.select().from(lockerItems).where(eq(lockerItems.id, sellersItem!)))[0],
    ).toMatchObject({ userId: seller.id, status: 'in_locker' });
  });

  it("shows the seller by handle only, and never the buyer's order to the seller", async () => {
    const listing = await newListing(3_000);
    const order = expectStatus(await orderListing(api, buyer.user, listing.id), 201).json<Order>();
    const mine = expectStatus(await send('GET', `/api/orders/${order.orderSn}`, buyer), 200);
    expect(mine.json<Order>().listing).toMatchObject({
      listingId: listing.id,
      sellerHandle: 'attack_seller',
    });
    const market = expectStatus(await send('GET', `/api/market/figures/${BUNNY}`), 200);
    expect(market.json<FigureMarket>().listings.find((item) => item.id === listing.id)).toMatchObject({
      sellerHandle: 'attack_seller',
      reserved: true,
    });
    for (const body of [mine.body, market.body]) {
      expect(body).not.toContain(seller.user.uid);
      expect(body).not.toContain(seller.user.email);
      expect(body).not.toMatch(/"sellerId"|"userId"/);
    }
    const sellersOrders = expectStatus(await send('GET', '/api/orders', seller), 200).json<Page<Order>>();
    expect(sellersOrders.items.map((item) => item.orderSn)).not.toContain(order.orderSn);
    expect((await send('GET', `/api/orders/${order.orderSn}`, seller)).statusCode).toBe(404);
    expect((await send('POST', `/api/orders/${order.orderSn}/cancel`, seller)).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/orders/${order.orderSn}/payments`, seller, { provider: 'sandbox' }))
        .statusCode,
    ).toBe(404);
    expect(
      expectStatus(await send('GET', `/api/locker/${listing.lockerItemId}`, seller), 200).json<LockerItem>(),
    ).toMatchObject({ status: 'listed', listingId: listing.id });
  });
});

describe("the market's write routes are limited as writes, not as reads", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({
      rateLimits: {
        auth: { max: 5, timeWindow: 60_000 },
        write: { max: 1, timeWindow: 60_000 },
        notFound: { max: 5, timeWindow: 60_000 },
      },
    });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it.each([
    ['POST', '/api/listings'],
    ['PATCH', '/api/listings/1'],
    ['DELETE', '/api/listings/1'],
    ['POST', '/api/listings/1/orders'],
    ['POST', '/api/me/payouts'],
  ] as const)('%s %s: the second request in the window is refused with 429', async (method, url) => {
    const remoteAddress = `203.0.113.${['POST /api/listings', 'PATCH /api/listings/1', 'DELETE /api/listings/1', 'POST /api/listings/1/orders', 'POST /api/me/payouts'].indexOf(`${method} ${url}`) + 1}`;
    const answers = [];
    for (let attempt = 0; attempt < 2; attempt += 1)
      answers.push((await api.app.inject({ method, url, remoteAddress, payload: {} })).statusCode);
    // The first is refused for itself (signed out, or no body: 401 or 400), the second by the write policy.
    expect(answers[0]).toBeGreaterThanOrEqual(400);
    expect(answers).toEqual([answers[0] === 429 ? -1 : answers[0], 429]);
  });
});
