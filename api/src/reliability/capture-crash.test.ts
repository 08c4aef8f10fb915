/**
 * The API dies between the provider's capture and our fulfilment: PayPal took the money, our
 * transaction never committed, so the order still waits for payment. A new API started on the same
 * database settles it at start-up: the order is fulfilled exactly once, with PayPal's first capture
 * (no second charge), and neither more starts nor the buyer's retry nor the webhook change anything.
 */
import type { CaptureResult, Order } from '@arttoy/shared/contracts/api';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { draws, lockerItems, orders, payments } from '../db/schema';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { SETUP_TIMEOUT } from '../test/helper';
import { PAYPAL_TEST_CREDENTIALS, type PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import {
  bearer,
  cancelOpenHolds,
  capture,
  expectStatus,
  orderBox,
  seedBoxId,
  startPayment,
} from '../test/purchase';

describe('a crash between the provider’s capture and our fulfilment', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let alice: TestUser;
  let boxId: number;

  beforeAll(async () => {
    api = await buildPayPalTestApi({ siteOrigin: 'https://arttoy.example' });
    paypal = api.paypal;
    alice = await signInTestUser('alice');
    boxId = await seedBoxId(api, 'pastel-picnic-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());
  // Each test's orders are new: alice's unpaid order of the box from a test before would be resumed.
  beforeEach(() => cancelOpenHolds(api, alice));

  /** Another API process on the same database, as after a restart (it closes its own parts only). */
  const restart = (): Promise<FastifyInstance> => api.startBeside();

  /** What our API sends PayPal in a capture, sent by the test: PayPal completes it, and our side never hears back. */
  async function captureAtPayPalOnly(token: string): Promise<string> {
    const [payment] = await api.db
      .select({ key: payments.idempotencyKey })
      .from(payments)
      .where(eq(payments.providerOrderId, token));
    const basic = Buffer.from(
      `${PAYPAL_TEST_CREDENTIALS.clientId}:${PAYPAL_TEST_CREDENTIALS.clientSecret}`,
    ).toString('base64');
    const oauth = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: accessToken } = (await oauth.json()) as { access_token: string };
    const response = await fetch(`${paypal.url}/v2/checkout/orders/${token}/capture`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'paypal-request-id': payment?.key ?? '',
      },
      body: '{}',
    });
    const body = (await response.json()) as {
      status: string;
      purchase_units: { payments: { captures: { id: string }[] } }[];
    };
    expect(body.status).toBe('COMPLETED');
    return body.purchase_units[0]?.payments.captures[0]?.id ?? '';
  }

  async function counts(orderId: number) {
    const [drawRows] = await api.db.select({ n: count() }).from(draws).where(eq(draws.orderId, orderId));
    const [itemRows] = await api.db
      .select({ n: count() })
      .from(lockerItems)
      .innerJoin(draws, eq(lockerItems.drawId, draws.id))
      .where(eq(draws.orderId, orderId));
    const [captured] = await api.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    const captures = await api.db
      .select({ captureId: payments.captureId, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    return { draws: drawRows?.n, lockerItems: itemRows?.n, payments: captured?.n, captures };
  }

  it('fulfils the order exactly once at the next start, with PayPal’s first capture', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(token);
    const captureId = await captureAtPayPalOnly(token);
    const [row] = await api.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.orderSn, order.orderSn));
    // The crash: PayPal has the money, our order does not know.
    expect(row?.status).toBe('pending_payment');
    const orderId = row?.id ?? 0;

    const first = await restart();
    try {
      const after = expectStatus(
        await first.inject({ method: 'GET', url: `/api/orders/${order.orderSn}`, headers: bearer(alice) }),
        200,
      ).json<Order>();
      expect(after).toMatchObject({
        status: 'fulfilled',
        drawId: expect.any(Number),
        payment: { status: 'captured' },
      });
    } finally {
      await first.close();
    }
    expect(await counts(orderId)).toEqual({
      draws: 1,
      lockerItems: 1,
      payments: 1,
      captures: [{ captureId, status: 'captured' }],
    });

    // Starting again, the buyer's late return and PayPal's webhook change nothing.
    await (await restart()).close();
    const retried = expectStatus(await capture(api, alice, token), 200).json<CaptureResult>();
    expect(retried.order.status).toBe('fulfilled');
    const event = {
      id: `WH-${token}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: token, status: 'APPROVED' },
    };
    const hook = await api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paypal',
      headers: { 'content-type': 'application/json', ...paypal.signWebhook(event) },
      payload: event,
    });
    expect(hook.statusCode).toBeLessThan(300);
    expect(await counts(orderId)).toEqual({
      draws: 1,
      lockerItems: 1,
      payments: 1,
      captures: [{ captureId, status: 'captured' }],
    });
    // Every capture PayPal saw for this order carried one request id: the money was taken once.
    const keys = new Set(
      paypal.calls
        .filter((call) => call.route === `POST /v2/checkout/orders/${token}/capture`)
        .map((call) => call.requestId),
    );
    expect(keys.size).toBe(1);
  }, 60_000);

  it('leaves a payment the buyer never approved as it was, and answers a PayPal outage by waiting for the next start', async () => {
    const unapproved = await orderBox(api, alice, boxId);
    const unapprovedToken =
      (await startPayment(api, alice, unapproved.orderSn, { provider: 'paypal' })).payment.token ?? '';
    // Another box: a second order of this one, while the first is unpaid, would resume the first.
    const approved = await orderBox(api, alice, await seedBoxId(api, 'moonlit-forest-blind-box'));
    const approvedToken =
      (await startPayment(api, alice, approved.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(approvedToken);
    await captureAtPayPalOnly(approvedToken);

    // PayPal down during the start: the API starts anyway, and the order stays in doubt.
    paypal.failNext(50);
    const callsBefore = paypal.calls.length;
    await (await restart()).close();
    paypal.failNext(0);
    // Two payments in doubt, but a provider that failed once is not asked again (each call would hold the start up).
    expect(paypal.calls.slice(callsBefore).filter((call) => call.route.endsWith('/capture'))).toHaveLength(1);
    const status = async (orderSn: string) =>
      (await api.db.select({ status: orders.status }).from(orders).where(eq(orders.orderSn, orderSn)))[0]
        ?.status;
    expect(await status(approved.orderSn)).toBe('pending_payment');

    await (await restart()).close();
    expect(await status(approved.orderSn)).toBe('fulfilled');
    expect(await status(unapproved.orderSn)).toBe('pending_payment');
    expect(
      (
        await api.db
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.providerOrderId, unapprovedToken))
      )[0]?.status,
    ).toBe('created');
  }, 60_000);
  it("pays a saved method whose answer was lost exactly once: the buyer's retry and the next start ask PayPal again under the first request id", async () => {
    // A first purchase approved at PayPal saves the method.
    const first = await orderBox(api, alice, boxId);
    const firstToken =
      (await startPayment(api, alice, first.orderSn, { provider: 'paypal', saveMethod: true })).payment
        .token ?? '';
    paypal.approve(firstToken);
    const vaultToken =
      expectStatus(await capture(api, alice, firstToken), 200).json<CaptureResult>().vaultToken ?? '';
    expect(vaultToken).toMatch(/^VT/);

    const payLost = async (orderSn: string) => {
      paypal.loseNextAnswers(1);
      const response = await api.app.inject({
        method: 'POST',
        url: `/api/orders/${orderSn}/payments`,
        headers: bearer(alice),
        payload: { provider: 'paypal', vaultToken },
      });
      paypal.loseNextAnswers(0);
      // PayPal took the money; our side never heard back.
      expect(response.statusCode).toBe(503);
      const [row] = await api.db.select({ id: orders.id }).from(orders).where(eq(orders.orderSn, orderSn));
      expect(
        await api.db
          .select({ status: payments.status })
          .from(payments)
          .where(eq(payments.orderId, row?.id ?? 0)),
      ).toEqual([{ status: 'created' }]);
      return row?.id ?? 0;
    };
    const createCalls = (orderSn: string) =>
      paypal.calls.filter(
        (call) =>
          call.route === 'POST /v2/checkout/orders' &&
          (call.body as { purchase_units?: { reference_id?: string }[] } | undefined)?.purchase_units?.[0]
            ?.reference_id === orderSn,
      );

    // The buyer pays again: the payment in doubt is asked again, not made a second time.
    const retried = await orderBox(api, alice, boxId);
    const retriedId = await payLost(retried.orderSn);
    const again = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${retried.orderSn}/payments`,
      headers: bearer(alice),
      payload: { provider: 'paypal', vaultToken },
    });
    expect(expectStatus(again, 201).json<{ result: CaptureResult }>().result.order.status).toBe('fulfilled');
    expect(new Set(createCalls(retried.orderSn).map((call) => call.requestId)).size).toBe(1);
    expect(await counts(retriedId)).toMatchObject({
      draws: 1,
      lockerItems: 1,
      payments: 1,
      captures: [{ status: 'captured' }],
    });

    // Nobody comes back: the next start settles it, once.
    const abandoned = await orderBox(api, alice, boxId);
    const abandonedId = await payLost(abandoned.orderSn);
    await (await restart()).close();
    await (await restart()).close();
    const after = expectStatus(
      await api.app.inject({
        method: 'GET',
        url: `/api/orders/${abandoned.orderSn}`,
        headers: bearer(alice),
      }),
      200,
    ).json<Order>();
    expect(after).toMatchObject({ status: 'fulfilled', payment: { status: 'captured' } });
    expect(await counts(abandonedId)).toMatchObject({
      draws: 1,
      lockerItems: 1,
      payments: 1,
      captures: [{ status: 'captured' }],
    });
    const calls = createCalls(abandoned.orderSn);
    expect(calls.length).toBeGreaterThan(1);
    expect(new Set(calls.map((call) => call.requestId)).size).toBe(1);
  }, 60_000);
});
