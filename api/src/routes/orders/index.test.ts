import type { Order } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import {
  ageOrder,
  bearer,
  seedBoxId,
  expectStatus,
  orderBox,
  postOrder,
  setStock,
  totalStock,
} from '../../test/purchase';
import { sweepExpiredOrders } from '../../domain/orders/reservation';

describe('orders: reservation, idempotency, expiry, cancel, ownership', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let boxId: number;
  let otherBoxId: number;
  /** For the tests below the first ones, which leave alice at the cap of unpaid orders for otherBoxId. */
  let thirdBoxId: number;

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    boxId = await seedBoxId(api, 'moonlit-forest-blind-box');
    otherBoxId = await seedBoxId(api, 'cloud-bakery-blind-box');
    thirdBoxId = await seedBoxId(api, 'pastel-picnic-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('creates a pending order holding one box for 15 minutes, at the box’s price', async () => {
    const response = await postOrder(api, alice, { boxModelId: otherBoxId, quantity: 1 });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      status: 'pending_payment',
      quantity: 1,
      boxModel: { id: otherBoxId, slug: 'cloud-bakery-blind-box' },
      payment: null,
      drawId: null,
    });
    expect(order.orderSn).toMatch(/^AT[0-9A-Z]{16}$/);
    expect(order.total).toEqual({ amountMinor: 1_299, currency: 'USD' });
    const minutes = (Date.parse(order.expiresAt) - Date.parse(order.createdAt)) / 60_000;
    expect(minutes).toBeCloseTo(15, 5);
    // The answer is built from what the reservation returned: it says what reading the order says.
    const read = await api.app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderSn}`,
      headers: { authorization: `Bearer ${alice.idToken}` },
    });
    expect(order).toEqual(read.json<Order>());
  });

  it('returns the same order for a retry with the same key, and refuses the key with another body', async () => {
    const erin = await signInTestUser('erin');
    const key = 'retry-key-0001';
    const first = await postOrder(api, erin, { boxModelId: otherBoxId }, key);
    const again = await postOrder(api, erin, { boxModelId: otherBoxId }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<Order>().orderSn).toBe(first.json<Order>().orderSn);
    const other = await postOrder(api, erin, { boxModelId: boxId }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(/already used for another order/);
    // Keys are per user: Bob's identical key is a new order of his.
    const bobs = await postOrder(api, bob, { boxModelId: otherBoxId }, key);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json<Order>().orderSn).not.toBe(first.json<Order>().orderSn);
  });

  it('answers concurrent requests with one key with one order', async () => {
    const grace = await signInTestUser('grace');
    const responses = await Promise.all(
      [1, 2, 3].map(() => postOrder(api, grace, { boxModelId: otherBoxId }, 'same-time-key-1')),
    );
    expect(new Set(responses.map((response) => response.json<Order>().orderSn)).size).toBe(1);
    expect(responses.map((response) => response.statusCode).toSorted()).toEqual([200, 200, 201]);
  });

  it('resumes the buyer’s open hold on a box instead of holding a second one, until it is cancelled', async () => {
    const henry = await signInTestUser('henry');
    const held = await orderBox(api, henry, thirdBoxId);
    const stockHeld = (await get(`/api/box-models/${thirdBoxId}`)).json<{ stock: number }>().stock;
    // Back from the pay page, Buy again: a new key, the same order, no second box held.
    const again = expectStatus(await postOrder(api, henry, { boxModelId: thirdBoxId }), 200).json<Order>();
    expect(again).toMatchObject({
      orderSn: held.orderSn,
      status: 'pending_payment',
      expiresAt: held.expiresAt,
    });
    expect((await get(`/api/box-models/${thirdBoxId}`)).json<{ stock: number }>().stock).toBe(stockHeld);
    // Many clicks at once with keys of their own: one hold between them.
    const clicks = await Promise.all(
      [1, 2, 3, 4].map(() => postOrder(api, henry, { boxModelId: thirdBoxId })),
    );
    expect(clicks.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(clicks.map((response) => response.json<Order>().orderSn))).toEqual(
      new Set([held.orderSn]),
    );
    // Another buyer's hold is theirs: ordering the box makes them one of their own.
    expect((await postOrder(api, bob, { boxModelId: thirdBoxId })).json<Order>().orderSn).not.toBe(
      held.orderSn,
    );
    // Cancelled, the hold is gone: the next Buy holds a new box.
    expectStatus(
      await api.app.inject({
        method: 'POST',
        url: `/api/orders/${held.orderSn}/cancel`,
        headers: bearer(henry),
      }),
      200,
    );
    const fresh = expectStatus(await postOrder(api, henry, { boxModelId: thirdBoxId }), 201).json<Order>();
    expect(fresh.orderSn).not.toBe(held.orderSn);
  });

  it('makes one hold of a box for clicks sent at once with keys of their own', async () => {
    const ivy = await signInTestUser('ivy');
    const clicks = await Promise.all(
      [1, 2, 3, 4, 5].map(() => postOrder(api, ivy, { boxModelId: thirdBoxId })),
    );
    expect(clicks.map((response) => response.statusCode).toSorted()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(clicks.map((response) => response.json<Order>().orderSn)).size).toBe(1);
  });

  it('refuses a key used again with any other body (the client seed too), and keeps the first request’s seed', async () => {
    const carol = await signInTestUser('carol');
    const seedOf = async () =>
      (await get('/api/me/fairness', carol)).json<{ clientSeed: string }>().clientSeed;
    const key = 'seed-retry-key-0001';
    expect(
      (await postOrder(api, carol, { boxModelId: otherBoxId, clientSeed: 'first-seed' }, key)).statusCode,
    ).toBe(201);
    expect(await seedOf()).toBe('first-seed');
    const again = await postOrder(api, carol, { boxModelId: otherBoxId, clientSeed: 'first-seed' }, key);
    expect(again.statusCode).toBe(200);
    for (const body of [{ boxModelId: otherBoxId, clientSeed: 'second-seed' }, { boxModelId: otherBoxId }]) {
      const reused = await postOrder(api, carol, body, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error).toMatchObject({
        code: 'conflict',
        details: { reason: 'idempotency_key_reused', differs: ['clientSeed'] },
      });
      expect(reused.json().error.message).toMatch(
        /Idempotency-Key seed-retry-key-0001 was already used .*differs in clientSeed\..*use a new key for a new order/,
      );
    }
    expect(await seedOf()).toBe('first-seed');
  });

  it('leaves the client seed as it was when the order is refused (unknown box, sold out)', async () => {
    const dave = await signInTestUser('dave');
    const seedOf = async () =>
      (await get('/api/me/fairness', dave)).json<{ clientSeed: string }>().clientSeed;
    const before = await seedOf();
    expect((await postOrder(api, dave, { boxModelId: 999_999, clientSeed: 'refused-404' })).statusCode).toBe(
      404,
    );
    expect(await seedOf()).toBe(before);
    const soldOutBox = await seedBoxId(api, 'skate-spirits-blind-box');
    await setStock(api, soldOutBox, () => 0);
    const soldOut = await postOrder(api, dave, { boxModelId: soldOutBox, clientSeed: 'refused-409' });
    expect(soldOut.json().error.details).toMatchObject({ reason: 'sold_out' });
    expect(await seedOf()).toBe(before);
    // An order that is taken sets it, as the body says.
    expect(
      (await postOrder(api, dave, { boxModelId: otherBoxId, clientSeed: 'accepted-seed' })).statusCode,
    ).toBe(201);
    expect(await seedOf()).toBe('accepted-seed');
  });

  it('validates the key, the body and the box', async () => {
    const noKey = await api.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(alice),
      payload: { boxModelId: boxId },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.details.issues[0].field).toBe('header.idempotency-key');
    expect((await postOrder(api, alice, { boxModelId: boxId, quantity: 2 })).statusCode).toBe(400);
    expect((await postOrder(api, alice, { boxModelId: boxId, clientSeed: 'has spaces' })).statusCode).toBe(
      400,
    );
    const unknown = await postOrder(api, alice, { boxModelId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/Box model 999999 was not found/);
  });

  it('says "sold out" before payment once every box is held, and releases expired and cancelled holds', async () => {
    await setStock(api, boxId, (_figure, index) => (index < 2 ? 1 : 0));
    expect(await totalStock(api, boxId)).toBe(2);
    const frank = await signInTestUser('frank');
    const first = await orderBox(api, alice, boxId);
    const second = await orderBox(api, bob, boxId);
    const soldOut = await postOrder(api, frank, { boxModelId: boxId });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toMatchObject({
      code: 'conflict',
      details: { reason: 'sold_out', available: 0 },
    });
    expect(soldOut.json().error.message).toMatch(/sold out/);

    // Cancelling gives the box back at once.
    const cancelled = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: `/api/orders/${second.orderSn}/cancel`,
        headers: bearer(bob),
      }),
      200,
    ).json<Order>();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    const third = await orderBox(api, bob, boxId);

    // Past its 15 minutes plus the 2-minute capture grace, a hold no longer counts, even before the sweep.
    await ageOrder(api, first.orderSn, 16);
    expect((await postOrder(api, alice, { boxModelId: boxId })).statusCode).toBe(409);
    await ageOrder(api, first.orderSn, 2);
    const fourth = await orderBox(api, alice, boxId);
    // Reading the order marks it expired.
    expect((await get(`/api/orders/${first.orderSn}`, alice)).json<Order>()).toMatchObject({
      status: 'expired',
      expiredAt: expect.any(String),
    });
    expect((await postOrder(api, frank, { boxModelId: boxId })).statusCode).toBe(409);

    // The sweep expires what nobody read.
    await ageOrder(api, third.orderSn, 20);
    await ageOrder(api, fourth.orderSn, 20);
    expect(await sweepExpiredOrders(api.db)).toBeGreaterThanOrEqual(2);
    expect((await get(`/api/orders/${third.orderSn}`, bob)).json<Order>().status).toBe('expired');
    expect((await postOrder(api, alice, { boxModelId: boxId })).statusCode).toBe(201);
  });

  it('cancels only unpaid orders', async () => {
    const order = await orderBox(api, alice, thirdBoxId);
    await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/cancel`,
      headers: bearer(alice),
    });
    const again = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/cancel`,
      headers: bearer(alice),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/is cancelled: only an unpaid order can be cancelled/);
  });

  it('shows an order to its owner only: 404 for another user, 401 signed out', async () => {
    const order = await orderBox(api, alice, thirdBoxId);
    expect((await get(`/api/orders/${order.orderSn}`, alice)).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.orderSn}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.orderSn}`)).statusCode).toBe(401);
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: `/api/orders/${order.orderSn}/cancel`,
          headers: bearer(bob),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: `/api/orders/${order.orderSn}/payments`,
          headers: bearer(bob),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect((await postOrder(api, undefined, { boxModelId: otherBoxId })).statusCode).toBe(401);
    expect((await get('/api/orders/not-an-order', alice)).statusCode).toBe(400);
    const mine = (await get('/api/orders?pageSize=100', alice)).json<{ items: Order[]; total: number }>();
    expect(mine.items.map((item) => item.orderSn)).toContain(order.orderSn);
    expect(
      (await get('/api/orders?pageSize=100', bob))
        .json<{ items: Order[] }>()
        .items.map((item) => item.orderSn),
    ).not.toContain(order.orderSn);
  });
});
