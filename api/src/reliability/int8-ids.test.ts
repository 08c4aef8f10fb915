/**
 * Ids past the end of int4. Every table that grows with traffic has int8 ids (migration 0009): an
 * int4 sequence ends at 2,147,483,647, and then every insert (a new user's first request, an order)
 * fails. Here each sequence starts beyond it, and a buyer's whole journey must work, with every id
 * in every answer a JSON number on both engines (pg reads int8 as a string unless told otherwise).
 */
import { sql } from 'drizzle-orm';
import type { DrawProof, LockerItem, Order, ShipRequest } from '@arttoy/shared/contracts/api';
import { rowsOf } from '../db/connect';
import { signInTestUser } from '../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import {
  type BoxCapture,
  bearer,
  decideOnSandboxPage,
  expectStatus,
  orderBox,
  seedBoxId,
  startPayment,
} from '../test/purchase';

const INT4_MAX = 2_147_483_647;
const TABLES = [
  'users',
  'orders',
  'payments',
  'payment_methods',
  'webhook_events',
  'server_seeds',
  'draws',
  'locker_items',
  'ship_requests',
];

/** Every value under a key that names an id (`id`, `orderId`, `itemIds`…), wherever it is in the answer. */
function idsIn(value: unknown, key = ''): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => idsIn(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, inner]) => idsIn(inner, name));
  // A draw's public id is a random string by design, not a record id.
  return /(^id|Id|Ids)$/.test(key) && !/^(drawP|p)ublicId$/.test(key) && value !== null ? [value] : [];
}

describe('ids beyond int4', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    for (const [index, table] of TABLES.entries()) {
      // Apart from each other, so an id read from the wrong table would show.
      await api.db.execute(
        sql.raw(`alter table ${table} alter column id restart with ${3_000_000_000 + index * 1_000_000}`),
      );
    }
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('serves a buyer’s whole journey, every id a JSON number above int4', async () => {
    const buyer = await signInTestUser('int8-buyer');
    const get = (url: string) => api.app.inject({ url, headers: bearer(buyer) });
    const answers: unknown[] = [
      expectStatus(await get('/api/me'), 200).json(),
      expectStatus(await get('/api/me/fairness'), 200).json(),
    ];

    const boxId = await seedBoxId(api, 'night-market-blind-box');
    const order = await orderBox(api, buyer, boxId);
    const token =
      (await startPayment(api, buyer, order.orderSn, { provider: 'sandbox', saveMethod: true })).payment
        .token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    const captured = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/payments/capture',
        headers: bearer(buyer),
        payload: { token },
      }),
      200,
    ).json<BoxCapture>();
    // Paid again with the saved method: a payment method row, and a capture at once.
    const second = await orderBox(api, buyer, boxId);
    const vaultToken = captured.vaultToken ?? '';
    const paidAtOnce = await startPayment(api, buyer, second.orderSn, { provider: 'sandbox', vaultToken });
    expect(paidAtOnce.result?.order.status).toBe('fulfilled');

    const itemId = captured.draw.lockerItemId;
    const shipped = expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/locker/ship-requests',
        headers: bearer(buyer),
        payload: {
          itemIds: [itemId],
          address: {
            name: 'Ada',
            line1: '1 Loop Road',
            city: 'London',
            postalCode: 'N1 1AA',
            country: 'GB',
            phone: '+44 20 0000 0000',
          },
        },
      }),
      201,
    ).json<ShipRequest>();
    answers.push(
      order,
      captured,
      paidAtOnce,
      shipped,
      expectStatus(await get('/api/orders'), 200).json<{ items: Order[] }>(),
      expectStatus(await get(`/api/orders/${order.orderSn}`), 200).json<Order>(),
      expectStatus(await get('/api/draws'), 200).json(),
      expectStatus(await get(`/api/draws/${captured.draw.id}`), 200).json<DrawProof>(),
      expectStatus(await get('/api/locker'), 200).json(),
      expectStatus(await get(`/api/locker/${itemId}`), 200).json<LockerItem>(),
      expectStatus(await get('/api/locker/ship-requests'), 200).json(),
      expectStatus(await get('/api/me/payment-methods'), 200).json(),
      expectStatus(
        await api.app.inject({
          method: 'DELETE',
          url: `/api/locker/ship-requests/${shipped.id}`,
          headers: bearer(buyer),
        }),
        200,
      ).json<ShipRequest>(),
    );

    const ids = idsIn(answers);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) expect(typeof id).toBe('number');
    // Catalogue ids (box models, figures) stay small; every record id is past int4.
    expect([order.id, captured.draw.id, itemId, shipped.id].every((id) => id > INT4_MAX)).toBe(true);
    expect(captured.draw).toMatchObject({ orderSn: order.orderSn, lockerItemId: itemId });
    expect(captured.order).toMatchObject({ id: order.id, drawId: captured.draw.id });
  }, 60_000);

  it('reads int8 from raw SQL as a number on this engine, exactly, and never rounds one past 2^53', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await api.db.execute(
        sql`select 3000000123::int8 as "small", 9007199254740993::int8 as "huge", count(*) as "n" from users`,
      ),
    );
    expect(row).toMatchObject({ small: 3_000_000_123, n: expect.any(Number) });
    expect(row?.huge).toBe(9_007_199_254_740_993n);
  });
});
