/**
 * Caps on one account's unpaid orders (domain/orders/order-limits.ts): one account could hold a
 * box's whole stock with unpaid orders. The caps are counted inside the reservation's statement,
 * under a lock on the buyer's row: the concurrent cases are meaningful on PostgreSQL (npm run
 * test:pg -w api); PGlite runs one transaction at a time, so there they check the bookkeeping only.
 */
import type { Order } from '@arttoy/shared/contracts/api';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/connect';
import { users } from '../../db/schema';
import { DEFAULT_UNPAID_ORDER_LIMITS, resolveUnpaidOrderLimits } from '../../domain/orders/order-limits';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { eventually } from '../../test/eventually';
import { buildTestApi, SETUP_TIMEOUT, startApiBeside, type TestApi } from '../../test/helper';
import { ageOrder, bearer, buyBox, expectStatus, orderBox, postOrder, seedBoxId } from '../../test/purchase';

const BOX_SLUGS = [
  'cloud-bakery-blind-box',
  'pastel-picnic-blind-box',
  'moonlit-forest-blind-box',
  'skate-spirits-blind-box',
  'night-market-blind-box',
  'cloud-bakery-secret-hunter',
];

describe('caps on unpaid orders per account', () => {
  let api: TestApi;
  let boxIds: number[];
  const box = (index: number) => boxIds[index] as number;

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    boxIds = [];
    for (const slug of BOX_SLUGS) boxIds.push(await seedBoxId(api, slug));
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const cancel = (user: TestUser, orderSn: string) =>
    api.app.inject({ method: 'POST', url: `/api/orders/${orderSn}/cancel`, headers: bearer(user) });
  const statuses = (responses: LightMyRequestResponse[]) =>
    responses.map((response) => response.statusCode).toSorted((a, b) => a - b);

  /**
   * An unpaid order of `buyer` for the box, past its 15 minutes but within the capture's grace: it
   * still holds its box and counts against the caps, but is no longer an open hold that ordering the
   * box again would resume.
   */
  const lapsedHold = async (buyer: TestUser, boxModelId: number) => {
    const order = await orderBox(api, buyer, boxModelId);
    await ageOrder(api, order.orderSn, 15.05);
    return order;
  };

  it('refuses a fourth unpaid order for one box with a 409 that says what to do; paid, cancelled and expired orders do not count', async () => {
    const buyer = await signInTestUser('hoarder-box');
    const held = [
      await lapsedHold(buyer, box(0)),
      await lapsedHold(buyer, box(0)),
      await lapsedHold(buyer, box(0)),
    ];
    const refused = await postOrder(api, buyer, { boxModelId: box(0) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      details: { reason: 'unpaid_order_limit', scope: 'box', limit: 3, unpaidOrders: 3, boxModelId: box(0) },
    });
    expect(refused.json().error.message).toMatch(
      /^You already have 3 unpaid orders for Cloud Bakery Blind Box, the most one account may hold for one box at a time \(3\)\. Pay for or cancel one/,
    );
    // Another box is still open to this buyer.
    await orderBox(api, buyer, box(1));

    expectStatus(await cancel(buyer, held[0]?.orderSn ?? ''), 200);
    const fourth = await orderBox(api, buyer, box(0));
    // Within its time, the fourth is resumed by the next order of the box, not refused.
    expect(expectStatus(await postOrder(api, buyer, { boxModelId: box(0) }), 200).json<Order>().orderSn).toBe(
      fourth.orderSn,
    );
    await ageOrder(api, fourth.orderSn, 15.05);
    expect((await postOrder(api, buyer, { boxModelId: box(0) })).statusCode).toBe(409);
    // An order past its time (and grace) holds nothing, even before the sweep marks it.
    await ageOrder(api, fourth.orderSn, 4);
    await lapsedHold(buyer, box(0));
    // A paid order is no longer unpaid: bought with 2 held, the buyer may hold a third again.
    await ageOrder(api, held[1]?.orderSn ?? '', 4);
    await buyBox(api, buyer, box(0));
    expect((await postOrder(api, buyer, { boxModelId: box(0) })).statusCode).toBe(201);
  }, 60_000);

  it('refuses an eleventh unpaid order over all boxes', async () => {
    const buyer = await signInTestUser('hoarder-account');
    for (let index = 0; index < DEFAULT_UNPAID_ORDER_LIMITS.perAccount; index += 1)
      await lapsedHold(buyer, box(index % 4));
    const refused = await postOrder(api, buyer, { boxModelId: box(4) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      details: { reason: 'unpaid_order_limit', scope: 'account', limit: 10, unpaidOrders: 10 },
    });
    expect(refused.json().error.message).toMatch(
      /^You already have 10 unpaid orders, the most one account may hold at a time \(10\)\./,
    );
  }, 60_000);

  it('holds both caps for orders placed at the same moment', async () => {
    const [oneBox, manyBoxes] = [
      await signInTestUser('hoarder-burst-box'),
      await signInTestUser('hoarder-burst-account'),
    ];
    // 8 at once for one box, with 2 lapsed holds: one more taken, and the rest resume it.
    await lapsedHold(oneBox, box(2));
    await lapsedHold(oneBox, box(2));
    const forOneBox = await Promise.all(
      Array.from({ length: 8 }, () => postOrder(api, oneBox, { boxModelId: box(2) })),
    );
    expect(statuses(forOneBox)).toEqual([...Array(7).fill(200), 201]);
    expect(new Set(forOneBox.map((response) => response.json<Order>().orderSn)).size).toBe(1);
    // With 8 lapsed holds over 4 boxes, one order at once for each of 6 boxes: 2 taken, none over 10.
    for (let index = 0; index < 8; index += 1) await lapsedHold(manyBoxes, box(index % 4));
    const forManyBoxes = await Promise.all(
      BOX_SLUGS.map((_slug, index) => postOrder(api, manyBoxes, { boxModelId: box(index) })),
    );
    expect(statuses(forManyBoxes)).toEqual([201, 201, 409, 409, 409, 409]);
    for (const response of forManyBoxes.filter((each) => each.statusCode === 409))
      expect(response.json().error.details).toMatchObject({ scope: 'account' });
    const mine = (
      await api.app.inject({ url: '/api/orders?pageSize=100', headers: bearer(manyBoxes) })
    ).json<{ items: Order[] }>().items;
    expect(mine.filter((order) => order.status === 'pending_payment')).toHaveLength(10);
  }, 60_000);

  /**
   * On PostgreSQL, holds the buyer's row locked until `whileHeld` has sent its requests and all of
   * them wait for it inside the reservation, then lets them go at once. On PGlite it just sends them.
   */
  async function releasedTogether<T>(
    buyer: TestUser,
    count: number,
    whileHeld: () => Promise<T>,
  ): Promise<T> {
    if (api.engine !== 'postgres') return whileHeld();
    const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, buyer.uid));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = api.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from users where id = ${user?.id ?? 0} for update`);
      locked();
      await released;
    });
    await isLocked;
    const sent = whileHeld();
    const waiting = () =>
      api.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%arttoy_reserve_box%'`,
      );
    await eventually(waiting, (answer) => Number(rowsOf<{ n: number }>(answer)[0]?.n) >= count, 10_000);
    release();
    await holder;
    return sent;
  }

  it('returns the order to a retry with its key at the cap, however the requests interleave', async () => {
    const buyer = await signInTestUser('hoarder-retry');
    await lapsedHold(buyer, box(3));
    await lapsedHold(buyer, box(3));
    // Three sends of one key reach the reservation together; one takes the last place, and the others
    // get that order, not a 409 for the place it took.
    const sends = await releasedTogether(buyer, 3, () =>
      Promise.all([1, 2, 3].map(() => postOrder(api, buyer, { boxModelId: box(3) }, 'retry-at-the-cap'))),
    );
    expect(statuses(sends)).toEqual([200, 200, 201]);
    expect(new Set(sends.map((send) => send.json<Order>().orderSn)).size).toBe(1);
  }, 60_000);

  it('takes its caps from the unpaidOrderLimits option, and refuses caps it cannot use', async () => {
    const strict = await startApiBeside(api, {
      orderSweepIntervalMs: 0,
      reconcilePayments: false,
      unpaidOrderLimits: { perBox: 1, perAccount: 2 },
    });
    try {
      const buyer = await signInTestUser('hoarder-strict');
      const post = (boxModelId: number) =>
        strict.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...bearer(buyer), 'idempotency-key': crypto.randomUUID() },
          payload: { boxModelId },
        });
      const first = await post(box(0));
      expect(first.statusCode).toBe(201);
      await ageOrder(api, first.json<Order>().orderSn, 15.05);
      expect((await post(box(0))).json().error.details).toMatchObject({ scope: 'box', limit: 1 });
      expect((await post(box(1))).statusCode).toBe(201);
      expect((await post(box(2))).json().error.details).toMatchObject({ scope: 'account', limit: 2 });
    } finally {
      await strict.close();
    }
    expect(resolveUnpaidOrderLimits(undefined)).toEqual({ perBox: 3, perAccount: 10 });
    expect(() => resolveUnpaidOrderLimits({ perBox: 0 })).toThrow(
      "The unpaidOrderLimits option's perBox must be a whole number from 1 to 1000; got 0.",
    );
    expect(() => resolveUnpaidOrderLimits({ perAccount: 2.5 })).toThrow(
      "The unpaidOrderLimits option's perAccount must be a whole number from 1 to 1000; got 2.5.",
    );
    expect(() => resolveUnpaidOrderLimits({ perBox: 5, perAccount: 4 })).toThrow(
      "The unpaidOrderLimits option's perBox (5) must not be above its perAccount (4)",
    );
  }, 60_000);
});
