import { count, eq } from 'drizzle-orm';
import type { CaptureResult, LockerItem, Order, ShipRequest } from '@arttoy/shared/contracts/api';
import { draws, orders, sandboxCheckouts } from '../../db/schema';
import { sweepExpiredOrders } from '../../domain/orders/reservation';
import { markShipped } from '../../domain/ship-requests';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import {
  ageOrder,
  approveAndCapture,
  bearer,
  buyBox,
  capture,
  decideOnSandboxPage,
  expectStatus,
  seedBoxId,
  startPayment,
} from '../../test/purchase';

const address = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
  phone: '+44 20 7000 0000',
};

describe('ship-out fee: paid like a box, the request goes to the warehouse once paid', () => {
  let api: TestApi;
  let ada: TestUser;
  let items: number[];

  const get = (url: string) => api.app.inject({ method: 'GET', url, headers: bearer(ada) });
  const cancel = (requestId: number) =>
    api.app.inject({ method: 'DELETE', url: `/api/locker/ship-requests/${requestId}`, headers: bearer(ada) });
  const shipOut = async (itemIds: number[]) =>
    expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/locker/ship-requests',
        headers: bearer(ada),
        payload: { itemIds, address },
      }),
      201,
    ).json<ShipRequest>();
  const requestOf = async (id: number) =>
    (await get('/api/locker/ship-requests'))
      .json<{ items: ShipRequest[] }>()
      .items.find((request) => request.id === id);
  const itemStatus = async (id: number) => (await get(`/api/locker/${id}`)).json<LockerItem>().status;
  const drawsOf = async (orderSn: string) => {
    const [row] = await api.db
      .select({ n: count() })
      .from(draws)
      .innerJoin(orders, eq(draws.orderId, orders.id))
      .where(eq(orders.orderSn, orderSn));
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    ada = await signInTestUser('ada');
    const boxId = await seedBoxId(api, 'night-market-blind-box');
    items = [];
    for (let index = 0; index < 6; index += 1) items.push((await buyBox(api, ada, boxId)).draw.lockerItemId);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('holds the items awaiting payment, with an order for the fee that says what it ships', async () => {
    const request = await shipOut([items[0] ?? 0, items[1] ?? 0]);
    expect(request).toMatchObject({
      status: 'awaiting_payment',
      fee: { amountMinor: 1499, currency: 'USD' },
      orderSn: expect.stringMatching(/^AT/),
    });
    expect(await itemStatus(items[0] ?? 0)).toBe('ship_requested');
    const order = expectStatus(await get(`/api/orders/${request.orderSn}`), 200).json<Order>();
    expect(order).toMatchObject({
      kind: 'ship_out',
      status: 'pending_payment',
      boxModel: null,
      shipOut: { shipRequestId: request.id, figures: 2, city: 'London', country: 'GB' },
      total: request.fee,
      drawId: null,
    });
    // Not the warehouse's until paid.
    await expect(
      markShipped(api.db, request.id, { trackingNumber: 'RM123456789GB', carrier: 'Royal Mail' }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/is awaiting payment/) });
    expectStatus(await cancel(request.id), 200);
  });

  it('paid through the sandbox: the request is requested, nothing drawn, and capturing again or at once fulfils it once', async () => {
    const request = await shipOut([items[0] ?? 0]);
    const orderSn = request.orderSn ?? '';
    const started = await startPayment(api, ada, orderSn, { provider: 'sandbox', saveMethod: true });
    expect(started.payment.amount).toEqual(request.fee);
    const token = started.payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    const [first, second] = await Promise.all([capture(api, ada, token), capture(api, ada, token)]);
    const results = [
      expectStatus(first, 200).json<CaptureResult>(),
      expectStatus(second, 200).json<CaptureResult>(),
    ];
    for (const result of results)
      expect(result).toMatchObject({ draw: null, order: { orderSn, kind: 'ship_out', status: 'fulfilled' } });
    expect(results[0]?.vaultToken).toEqual(expect.any(String));
    const again = expectStatus(await capture(api, ada, token), 200).json<CaptureResult>();
    expect(again.order.fulfilledAt).toBe(results[0]?.order.fulfilledAt);
    expect(await drawsOf(orderSn)).toBe(0);
    expect((await requestOf(request.id))?.status).toBe('requested');
    expect(await itemStatus(items[0] ?? 0)).toBe('ship_requested');

    const shipped = await markShipped(api.db, request.id, {
      trackingNumber: 'RM123456789GB',
      carrier: 'Royal Mail',
    });
    expect(shipped).toMatchObject({ status: 'shipped', orderSn });
    const refused = await cancel(request.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/already shipped/);
    expect((await get(`/api/orders/${orderSn}`)).json<Order>().status).toBe('fulfilled');

    // A saved method pays the next ship-out at once.
    const next = await shipOut([items[1] ?? 0]);
    const paid = await startPayment(api, ada, next.orderSn ?? '', {
      provider: 'sandbox',
      vaultToken: results[0]?.vaultToken,
    });
    expect(paid.approvalUrl).toBeNull();
    expect(paid.result).toMatchObject({ draw: null, order: { kind: 'ship_out', status: 'fulfilled' } });
    expect((await requestOf(next.id))?.status).toBe('requested');
  });

  it('cancelled after it was paid and before it shipped: the fee is refunded in full through the provider, once, and the items come back', async () => {
    const request = await shipOut([items[2] ?? 0]);
    const orderSn = request.orderSn ?? '';
    const started = await startPayment(api, ada, orderSn);
    await approveAndCapture(api, ada, started.payment.token ?? '');
    expect((await requestOf(request.id))?.status).toBe('requested');
    const cancelled = expectStatus(await cancel(request.id), 200).json<ShipRequest>();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect(await itemStatus(items[2] ?? 0)).toBe('in_locker');
    const order = (await get(`/api/orders/${orderSn}`)).json<Order>();
    expect(order).toMatchObject({ status: 'refunded', payment: { status: 'refunded' } });
    const [checkout] = await api.db
      .select({ refundId: sandboxCheckouts.refundId })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, started.payment.token ?? ''));
    expect(checkout?.refundId).toMatch(/^SBXR-/);
    // Cancelling again changes nothing and refunds nothing more.
    expectStatus(await cancel(request.id), 200);
    const [again] = await api.db
      .select({ refundId: sandboxCheckouts.refundId })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, started.payment.token ?? ''));
    expect(again?.refundId).toBe(checkout?.refundId);
    await expect(
      markShipped(api.db, request.id, { trackingNumber: 'RM123456789GB', carrier: 'Royal Mail' }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('unpaid past its time: the order expires, the request is cancelled and the items are back in the locker', async () => {
    const request = await shipOut([items[2] ?? 0, items[3] ?? 0]);
    const orderSn = request.orderSn ?? '';
    const started = await startPayment(api, ada, orderSn);
    await ageOrder(api, orderSn, 60);
    expect(await sweepExpiredOrders(api.db)).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/orders/${orderSn}`)).json<Order>().status).toBe('expired');
    expect(await requestOf(request.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    expect([await itemStatus(items[2] ?? 0), await itemStatus(items[3] ?? 0)]).toEqual([
      'in_locker',
      'in_locker',
    ]);
    // Approving the old payment afterwards takes nothing for a request that is gone.
    await decideOnSandboxPage(api, started.payment.token ?? '', 'approve');
    expect((await capture(api, ada, started.payment.token ?? '')).statusCode).toBe(409);
    expect((await requestOf(request.id))?.status).toBe('cancelled');
  });

  it('cancelled unpaid (the request or its order): both are cancelled and the items come back', async () => {
    const byRequest = await shipOut([items[4] ?? 0]);
    expectStatus(await cancel(byRequest.id), 200);
    expect((await get(`/api/orders/${byRequest.orderSn}`)).json<Order>().status).toBe('cancelled');
    const byOrder = await shipOut([items[4] ?? 0]);
    expectStatus(
      await api.app.inject({
        method: 'POST',
        url: `/api/orders/${byOrder.orderSn}/cancel`,
        headers: bearer(ada),
      }),
      200,
    );
    expect((await requestOf(byOrder.id))?.status).toBe('cancelled');
    expect(await itemStatus(items[4] ?? 0)).toBe('in_locker');
  });

  it('refuses a payment whose amount is not the fee, and the request keeps waiting', async () => {
    const request = await shipOut([items[5] ?? 0]);
    const orderSn = request.orderSn ?? '';
    const started = await startPayment(api, ada, orderSn);
    const token = started.payment.token ?? '';
    // The provider's record says it took 1 cent (what a tampered checkout would capture).
    await api.db.update(sandboxCheckouts).set({ amountMinor: 1 }).where(eq(sandboxCheckouts.id, token));
    await decideOnSandboxPage(api, token, 'approve');
    const refused = await capture(api, ada, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/its amount is 1, not 1499 minor units/);
    expect((await requestOf(request.id))?.status).toBe('awaiting_payment');
    expect((await get(`/api/orders/${orderSn}`)).json<Order>().status).toBe('pending_payment');
    // Paid properly afterwards, it goes through.
    const retry = await startPayment(api, ada, orderSn);
    expect((await approveAndCapture(api, ada, retry.payment.token ?? '')).order.status).toBe('fulfilled');
    expect((await requestOf(request.id))?.status).toBe('requested');
  });
});
