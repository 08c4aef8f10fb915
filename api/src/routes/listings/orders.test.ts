import { and, count, eq, sum } from 'drizzle-orm';
import { type Balance, type LockerItem, marketFeeMinor, type Order } from '@arttoy/shared/contracts/api';
import { feedEvents, ledgerEntries, listings, lockerItems, sales } from '../../db/schema';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { buyListing, chooseHandle, listItem, orderListing, PAYOUT_TO, pullFigure } from '../../test/market';
import {
  ageOrder,
  approveAndCapture,
  bearer,
  capture,
  decideOnSandboxPage,
  expectStatus,
  startPayment,
} from '../../test/purchase';

const PRICE = 2_500;

describe('buying a collector listing: reserved for one buyer, paid like a box, settled once', () => {
  let api: TestApi;
  let seller: TestUser;
  let buyer: TestUser;
  let rival: TestUser;

  const get = (user: TestUser, url: string) => api.app.inject({ method: 'GET', url, headers: bearer(user) });
  const balanceOf = async (user: TestUser) =>
    expectStatus(await get(user, '/api/me/balance'), 200).json<Balance>();
  /** A fresh figure of the seller's, listed at PRICE. */
  const newListing = async () => {
    const { itemId } = await pullFigure(api, seller);
    return { itemId, listingId: await listItem(api, itemId, PRICE) };
  };

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [seller, buyer, rival] = await Promise.all([
      signInTestUser('seller'),
      signInTestUser('buyer'),
      signInTestUser('rival'),
    ]);
    await chooseHandle(api, seller, 'moon_seller');
    await chooseHandle(api, buyer, 'moon_buyer');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('reserves the listing for the first buyer: the next is refused before paying, the seller cannot buy it, a retry gets the same order', async () => {
    const { listingId } = await newListing();
    const first = await orderListing(api, buyer, listingId, 'listing-order-key-0001');
    expect(first.statusCode).toBe(201);
    const order = first.json<Order>();
    expect(order).toMatchObject({
      kind: 'listing',
      status: 'pending_payment',
      boxModel: null,
      shipOut: null,
      total: { amountMinor: PRICE, currency: 'USD' },
      listing: { listingId, sellerHandle: 'moon_seller' },
    });
    expect((await orderListing(api, buyer, listingId, 'listing-order-key-0001')).json<Order>().orderSn).toBe(
      order.orderSn,
    );

    const second = await orderListing(api, rival, listingId);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      details: { reason: 'listing_reserved' },
      message: expect.stringMatching(/reserved by another buyer's order until .* Nothing was charged/),
    });
    const own = await orderListing(api, seller, listingId);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.details.reason).toBe('own_listing');
    expect((await orderListing(api, buyer, 999_999)).statusCode).toBe(404);
    expect((await orderListing(api, undefined, listingId)).statusCode).toBe(401);
  });

  it('resumes the buyer’s open order of a listing when they press Buy again, also for clicks sent at once', async () => {
    const { listingId } = await newListing();
    const first = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
    const again = expectStatus(await orderListing(api, buyer, listingId), 200).json<Order>();
    expect(again).toMatchObject({
      orderSn: first.orderSn,
      status: 'pending_payment',
      expiresAt: first.expiresAt,
    });
    const clicks = await Promise.all([1, 2, 3].map(() => orderListing(api, buyer, listingId)));
    expect(clicks.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(clicks.map((response) => response.json<Order>().orderSn))).toEqual(
      new Set([first.orderSn]),
    );
    const second = await newListing();
    const atOnce = await Promise.all([1, 2, 3].map(() => orderListing(api, buyer, second.listingId)));
    expect(atOnce.map((response) => response.statusCode).toSorted()).toEqual([200, 200, 201]);
    expect(new Set(atOnce.map((response) => response.json<Order>().orderSn)).size).toBe(1);
  });

  it('paid: the item moves to the buyer, the seller is credited the price less the fee, the listing closes, the live room hears of it', async () => {
    const { itemId, listingId } = await newListing();
    const { order, result } = await buyListing(api, buyer, listingId);
    expect(result).toMatchObject({
      draw: null,
      order: { orderSn: order.orderSn, status: 'fulfilled', lockerItemId: itemId },
    });

    const bought = expectStatus(await get(buyer, `/api/locker/${itemId}`), 200).json<LockerItem>();
    expect(bought).toMatchObject({ status: 'in_locker', listingId: null });
    // Acquired when bought, not when pulled; and first in the buyer's locker.
    expect(Date.parse(bought.acquiredAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    expect(
      expectStatus(await get(buyer, '/api/locker'), 200).json<{ items: LockerItem[] }>().items[0]?.id,
    ).toBe(itemId);
    expect((await get(seller, `/api/locker/${itemId}`)).statusCode).toBe(404);
    const [listing] = await api.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({ status: 'sold', closedAt: expect.any(Date) });
    const [sale] = await api.db.select().from(sales).where(eq(sales.listingId, listingId));
    expect(sale).toMatchObject({ priceMinor: PRICE, feeMinor: marketFeeMinor(PRICE), lockerItemId: itemId });

    const entries = await api.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.saleId, sale?.id ?? 0));
    expect(entries.map((entry) => [entry.kind, entry.amountMinor]).toSorted()).toEqual([
      ['fee', -marketFeeMinor(PRICE)],
      ['sale', PRICE],
    ]);
    // The seller's ledger names what was sold and to whom.
    const shown = (await balanceOf(seller)).entries.filter((entry) => entry.listingId === listingId);
    expect(shown).toHaveLength(2);
    for (const entry of shown)
      expect(entry.sale).toEqual({ figureName: expect.any(String), buyerHandle: 'moon_buyer' });
    expect(shown[0]?.sale?.figureName).toBe(bought.figure.name);
    const [event] = await api.db
      .select()
      .from(feedEvents)
      .where(and(eq(feedEvents.kind, 'sale'), eq(feedEvents.userId, await buyerId())));
    expect(event?.payload).toMatchObject({
      price: { amountMinor: PRICE, currency: 'USD' },
      boxName: null,
      drawId: null,
    });

    // Settled once: capturing again returns the first result and writes nothing more.
    const again = expectStatus(await capture(api, buyer, result.order.payment?.token ?? ''), 200).json();
    expect(again.order.status).toBe('fulfilled');
    expect(
      (await api.db.select({ n: count() }).from(sales).where(eq(sales.listingId, listingId)))[0]?.n,
    ).toBe(1);
    // Sold: nobody can order it again.
    const late = await orderListing(api, rival, listingId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.details.reason).toBe('listing_sold');
  });

  async function buyerId(): Promise<number> {
    const me = expectStatus(await get(buyer, '/api/me'), 200).json<{ id: number }>();
    return me.id;
  }

  it('an order past its time frees the listing for the next buyer, whose payment then settles it', async () => {
    const { listingId } = await newListing();
    const late = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
    await ageOrder(api, late.orderSn, 20);
    const { result } = await buyListing(api, rival, listingId);
    expect(result.order.status).toBe('fulfilled');
  });

  it('withdrawn while its buyer was paying: the captured payment is refunded in full and the item stays with its seller', async () => {
    const { itemId, listingId } = await newListing();
    const order = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
    const token = (await startPayment(api, buyer, order.orderSn)).payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    // By hand (the seller's withdraw is refused while an order holds it): the listing is gone before the capture.
    await api.db
      .update(listings)
      .set({ status: 'withdrawn', closedAt: new Date() })
      .where(eq(listings.id, listingId));
    await api.db.update(lockerItems).set({ status: 'in_locker' }).where(eq(lockerItems.id, itemId));
    const refused = await capture(api, buyer, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      details: { reason: 'refunded', status: 'refunded' },
      message: expect.stringMatching(
        /the listing was sold to another buyer or withdrawn before your payment could settle it, so the payment was refunded in full/,
      ),
    });
    expect(expectStatus(await get(seller, `/api/locker/${itemId}`), 200).json<LockerItem>().status).toBe(
      'in_locker',
    );
    expect(
      (await api.db.select({ n: count() }).from(sales).where(eq(sales.listingId, listingId)))[0]?.n,
    ).toBe(0);
    // The refund is what every later look at the order says.
    expect(expectStatus(await get(buyer, `/api/orders/${order.orderSn}`), 200).json<Order>().status).toBe(
      'refunded',
    );
  });

  it('pays out at most the balance, which is always the sum of the ledger', async () => {
    const before = await balanceOf(seller);
    expect(before.balance.amountMinor).toBeGreaterThan(0);
    const over = await api.app.inject({
      method: 'POST',
      url: '/api/me/payouts',
      headers: bearer(seller),
      payload: { amountMinor: before.balance.amountMinor + 1, destination: PAYOUT_TO },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/more than your balance/);
    const tooSmall = await api.app.inject({
      method: 'POST',
      url: '/api/me/payouts',
      headers: bearer(seller),
      payload: { amountMinor: 10, destination: PAYOUT_TO },
    });
    expect(tooSmall.statusCode).toBe(400);

    const payout = await api.app.inject({
      method: 'POST',
      url: '/api/me/payouts',
      headers: bearer(seller),
      payload: { amountMinor: 500, destination: PAYOUT_TO },
    });
    expect(payout.statusCode).toBe(201);
    const after = await balanceOf(seller);
    expect(after.balance.amountMinor).toBe(before.balance.amountMinor - 500);
    expect(after.payouts[0]).toMatchObject({
      amount: { amountMinor: 500, currency: 'USD' },
      status: 'requested',
      destination: PAYOUT_TO,
    });
    expect(after.entries[0]).toMatchObject({ kind: 'payout', amountMinor: -500, payoutId: payout.json().id });
    const [sumRow] = await api.db
      .select({ total: sum(ledgerEntries.amountMinor).mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, await sellerId()));
    expect(sumRow?.total).toBe(after.balance.amountMinor);
    // A buyer who never sold has nothing.
    expect((await balanceOf(rival)).balance.amountMinor).toBe(0);
  });

  it.each([
    ['no destination', { amountMinor: 500 }, 'body.destination'],
    ['an unknown method', { amountMinor: 500, destination: { method: 'cash' } }, 'body.destination.method'],
    [
      'a PayPal e-mail that is not one',
      { amountMinor: 500, destination: { method: 'paypal', email: 'seller at example' } },
      'body.destination.email',
    ],
    [
      'an IBAN whose check digits fail',
      {
        amountMinor: 500,
        destination: { method: 'bank', accountHolder: 'Ada Lovelace', iban: 'GB00WEST12345698765432' },
      },
      'body.destination.iban',
    ],
    [
      'an IBAN of no country',
      {
        amountMinor: 500,
        destination: { method: 'bank', accountHolder: 'Ada Lovelace', iban: 'ZZ82WEST12345698765432' },
      },
      'body.destination.iban',
    ],
    [
      'a bank account without its holder',
      {
        amountMinor: 500,
        destination: { method: 'bank', accountHolder: ' ', iban: 'GB82WEST12345698765432' },
      },
      'body.destination.accountHolder',
    ],
  ])('refuses a payout with %s, naming the field (400)', async (_what, payload, field) => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/me/payouts',
      headers: bearer(seller),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [expect.objectContaining({ field })] },
    });
  });

  it('records a bank payout with its holder and its IBAN written compact, and shows it to its owner', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/me/payouts',
      headers: bearer(seller),
      payload: {
        amountMinor: 500,
        destination: { method: 'bank', accountHolder: ' Ada Lovelace ', iban: 'gb82 west 1234 5698 7654 32' },
      },
    });
    expect(response.statusCode).toBe(201);
    const destination = { method: 'bank', accountHolder: 'Ada Lovelace', iban: 'GB82WEST12345698765432' };
    expect(response.json()).toMatchObject({ destination });
    expect((await balanceOf(seller)).payouts[0]).toMatchObject({ id: response.json().id, destination });
  });

  async function sellerId(): Promise<number> {
    return expectStatus(await get(seller, '/api/me'), 200).json<{ id: number }>().id;
  }

  it('a pull is told to the live room with its box and draw', async () => {
    const { itemId } = await pullFigure(api, rival);
    const [item] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId));
    const [event] = await api.db
      .select()
      .from(feedEvents)
      .where(and(eq(feedEvents.kind, 'pull'), eq(feedEvents.userId, item?.userId ?? 0)));
    expect(event?.payload).toMatchObject({
      drawId: item?.drawId,
      boxName: expect.any(String),
      price: null,
      figure: { id: item?.figureId },
    });
  });

  it('is paid by approving on the sandbox page, like a box', async () => {
    const { listingId } = await newListing();
    const order = expectStatus(await orderListing(api, buyer, listingId), 201).json<Order>();
    const started = await startPayment(api, buyer, order.orderSn);
    expect(started.payment.amount).toEqual({ amountMinor: PRICE, currency: 'USD' });
    const result = await approveAndCapture(api, buyer, started.payment.token ?? '');
    expect(result.order.status).toBe('fulfilled');
  });
});
