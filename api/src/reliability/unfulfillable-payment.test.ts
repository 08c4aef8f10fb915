/**
 * A payment taken for an order whose box can no longer be drawn (its stock taken away while the
 * buyer paid): the buyer's money is given back through the provider and the order reads refunded;
 * never a 500 with the money kept. With the sandbox provider and with PayPal (its test server).
 */
import { eq } from 'drizzle-orm';
import type { Order } from '@arttoy/shared/contracts/api';
import { orders, payments, sandboxCheckouts } from '../db/schema';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { SETUP_TIMEOUT } from '../test/helper';
import type { PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import {
  bearer,
  capture,
  decideOnSandboxPage,
  orderBox,
  seedBoxId,
  setStock,
  startPayment,
} from '../test/purchase';

describe('a paid order that cannot be fulfilled', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let alice: TestUser;
  let boxId: number;

  beforeAll(async () => {
    api = await buildPayPalTestApi();
    paypal = api.paypal;
    alice = await signInTestUser('alice');
    boxId = await seedBoxId(api, 'moonlit-forest-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  /** An order paid for after its box's stock was taken away by hand: the capture's answers, twice. */
  async function payForAnEmptyBox(provider: 'sandbox' | 'paypal') {
    await setStock(api, boxId, () => 1);
    const order = await orderBox(api, alice, boxId);
    const started = await startPayment(api, alice, order.orderSn, { provider });
    const token = started.payment.token ?? '';
    if (provider === 'sandbox') await decideOnSandboxPage(api, token, 'approve');
    else paypal.approve(token);
    await setStock(api, boxId, () => 0);
    return { order, token, first: await capture(api, alice, token), retry: await capture(api, alice, token) };
  }

  it.each(['sandbox', 'paypal'] as const)(
    'refunds a %s payment in full and says so (409), once however often the buyer retries',
    async (provider) => {
      const { order, token, first, retry } = await payForAnEmptyBox(provider);
      expect(first.statusCode).toBe(409);
      expect(first.json().error).toMatchObject({
        code: 'conflict',
        details: { reason: 'refunded', status: 'refunded', refundId: expect.any(String) },
      });
      expect(first.json().error.message).toMatch(
        /the box was gone before it could be drawn, so the payment was refunded in full/,
      );
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.message).toMatch(/was paid and refunded in full/);

      const read = (
        await api.app.inject({ method: 'GET', url: `/api/orders/${order.orderSn}`, headers: bearer(alice) })
      ).json<Order>();
      expect(read).toMatchObject({
        status: 'refunded',
        paidAt: expect.any(String),
        drawId: null,
        payment: { status: 'refunded' },
      });
      const [row] = await api.db
        .select({ captureStartedAt: orders.captureStartedAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row?.captureStartedAt).toBeNull();
      const [payment] = await api.db.select().from(payments).where(eq(payments.providerOrderId, token));
      expect(payment).toMatchObject({
        status: 'refunded',
        capturedAt: expect.any(Date),
        captureId: expect.any(String),
      });

      // The provider's own record of the refund, and PayPal asked once, under the payment's refund key.
      const [checkout] = await api.db
        .select({ refundId: sandboxCheckouts.refundId })
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, token));
      const providerRefund =
        provider === 'sandbox' ? checkout?.refundId : paypal.refunds.get(payment?.captureId ?? '')?.refundId;
      expect(providerRefund).toBe(first.json().error.details.refundId);
      const refundCalls = paypal.calls.filter(
        (call) => call.route === `POST /v2/payments/captures/${payment?.captureId}/refund`,
      );
      expect(refundCalls.map((call) => call.requestId)).toEqual(
        provider === 'paypal' ? [`refund-${payment?.idempotencyKey}`] : [],
      );
    },
  );

  it('answers 503 and keeps the capture in doubt when PayPal cannot refund now; the next capture refunds it', async () => {
    await setStock(api, boxId, () => 1);
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(token);
    await setStock(api, boxId, () => 0);
    const refundsBefore = paypal.refunds.size;
    paypal.failNextRefunds(1);
    const outage = await capture(api, alice, token);
    expect(outage.statusCode).toBe(503);
    expect(outage.json().error.message).toMatch(/could not refund it just now.*retried automatically/);
    const [pending] = await api.db
      .select({ status: orders.status, captureStartedAt: orders.captureStartedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(pending).toMatchObject({ status: 'pending_payment', captureStartedAt: expect.any(Date) });
    expect(paypal.refunds.size).toBe(refundsBefore);

    const settled = await capture(api, alice, token);
    expect(settled.json().error.details).toMatchObject({ reason: 'refunded' });
    expect(paypal.refunds.size).toBe(refundsBefore + 1);
  });
});
