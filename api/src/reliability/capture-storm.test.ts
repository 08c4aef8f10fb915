/**
 * Captures retried and webhooks replayed many times, all at once and interleaved, for the same
 * orders: exactly one captured payment, one draw and one locker item per order, and PayPal asked
 * to capture each order under one request id only. A capture whose amount or currency is not our
 * order's is refused however often it is retried or announced, and draws nothing. Meaningful on
 * PostgreSQL (npm run test:pg -w api), where the requests run in parallel on a pool; PGlite runs
 * one transaction at a time, so there it checks the bookkeeping.
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { draws, lockerItems, orders, payments } from '../db/schema';
import type { PayPalWebhookEvent } from '../domain/payments/paypal/paypal-types';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { SETUP_TIMEOUT } from '../test/helper';
import type { PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import { capture, orderBox, seedBoxId, startPayment } from '../test/purchase';

const ORDERS = 6;
const CAPTURES_PER_ORDER = 6;
const REPLAYS_PER_ORDER = 4;
/** Many requests at once on a shared 2-core machine. */
const TIMEOUT_MS = 120_000;

/** A fixed shuffle (the same interleaving every run, so a failure can be replayed). */
function shuffled<T>(items: T[], seed = 20_261_122): T[] {
  const out = [...items];
  let state = seed;
  for (let index = out.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

describe('captures and webhooks in a storm', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let buyers: TestUser[];
  let boxId: number;

  beforeAll(async () => {
    // The storm's 36 events at once all get in (the webhook's cap, 20 by default, would ask some to
    // retry later): this is about what concurrent events do, not how many are taken.
    api = await buildPayPalTestApi({ siteOrigin: 'https://arttoy.example', webhookConcurrency: 100 });
    paypal = api.paypal;
    // A buyer per order: a buyer's second unpaid order of one box would resume their first.
    buyers = await Promise.all(
      Array.from({ length: ORDERS }, (_unused, index) => signInTestUser(`storm${index}`)),
    );
    boxId = await seedBoxId(api, 'pastel-picnic-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const webhook = (event: PayPalWebhookEvent) =>
    api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paypal',
      headers: { 'content-type': 'application/json', ...paypal.signWebhook(event) },
      payload: event,
    });
  const approvedEvent = (token: string, id: string) => ({
    id,
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource_type: 'checkout-order',
    resource: { id: token, status: 'APPROVED' },
  });
  const completedEvent = (token: string, id: string) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource_type: 'capture',
    resource: {
      id: `CAP-${id}`,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: token } },
    },
  });

  /** An approved PayPal payment for a new order of `buyer`: its order id and PayPal token. */
  async function approvedOrder(buyer: TestUser): Promise<{ orderId: number; token: string }> {
    const order = await orderBox(api, buyer, boxId);
    const token = (await startPayment(api, buyer, order.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(token);
    const [row] = await api.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderSn, order.orderSn));
    return { orderId: row?.id ?? 0, token };
  }

  /** Every capture attempt and webhook delivery for these orders, shuffled together and sent at once. */
  async function storm(targets: { buyer: TestUser; token: string }[]): Promise<LightMyRequestResponse[]> {
    const calls = targets.flatMap(({ buyer, token }) => [
      ...Array.from({ length: CAPTURES_PER_ORDER }, () => () => capture(api, buyer, token)),
      // The same event delivered again and again (PayPal retries), and distinct events about the same order.
      ...Array.from(
        { length: REPLAYS_PER_ORDER },
        () => () => webhook(approvedEvent(token, `WH-A-${token}`)),
      ),
      () => webhook(completedEvent(token, `WH-C-${token}`)),
      () => webhook(approvedEvent(token, `WH-B-${token}`)),
    ]);
    return Promise.all(shuffled(calls).map((call) => call()));
  }

  const capturesAtPayPal = (token: string) =>
    paypal.calls.filter((call) => call.route === `POST /v2/checkout/orders/${token}/capture`);

  it(
    'gives exactly one captured payment, one draw and one locker item per order',
    async () => {
      const targets = [];
      for (let index = 0; index < ORDERS; index += 1) {
        const buyer = buyers[index % buyers.length] as TestUser;
        targets.push({ buyer, ...(await approvedOrder(buyer)) });
      }
      const responses = await storm(targets);
      expect(
        responses
          .filter((response) => response.statusCode >= 300)
          .map((response) => `${response.statusCode} ${response.body}`),
      ).toEqual([]);

      const orderIds = targets.map((target) => target.orderId);
      const drawn = await api.db
        .select({ orderId: draws.orderId, n: count() })
        .from(draws)
        .where(inArray(draws.orderId, orderIds))
        .groupBy(draws.orderId);
      const captured = await api.db
        .select({ orderId: payments.orderId, n: count() })
        .from(payments)
        .where(inArray(payments.orderId, orderIds))
        .groupBy(payments.orderId);
      const items = await api.db
        .select({ orderId: draws.orderId, n: count() })
        .from(lockerItems)
        .innerJoin(draws, eq(lockerItems.drawId, draws.id))
        .where(inArray(draws.orderId, orderIds))
        .groupBy(draws.orderId);
      const statuses = await api.db
        .select({ status: orders.status, payment: payments.status })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(inArray(orders.id, orderIds));
      const one = orderIds.map((orderId) => ({ orderId, n: 1 })).toSorted((a, b) => a.orderId - b.orderId);
      const byOrder = (rows: { orderId: number; n: number }[]) =>
        rows.toSorted((a, b) => a.orderId - b.orderId);
      expect(byOrder(drawn)).toEqual(one);
      expect(byOrder(captured)).toEqual(one);
      expect(byOrder(items)).toEqual(one);
      expect(statuses).toEqual(orderIds.map(() => ({ status: 'fulfilled', payment: 'captured' })));
      for (const { token } of targets)
        expect(new Set(capturesAtPayPal(token).map((call) => call.requestId)).size).toBe(1);
    },
    TIMEOUT_MS,
  );

  it.each([
    [
      'amount',
      (server: PayPalTestServer) => (server.captureAmountOverride = '0.01'),
      /its amount is 1, not \d+ minor units/,
    ],
    [
      'currency',
      (server: PayPalTestServer) => (server.captureCurrencyOverride = 'EUR'),
      /its currency is EUR, not USD/,
    ],
  ])(
    'refuses a capture whose %s is not our order’s, however often it is retried or announced, and draws nothing',
    async (_what, tamper, reason) => {
      const buyer = await signInTestUser(`storm-tampered-${_what}`);
      const { orderId, token } = await approvedOrder(buyer);
      tamper(paypal);
      const responses = await storm([{ buyer, token }]);
      const statuses = responses.map((response) => response.statusCode);
      // Captures: 409 with the reason; webhooks: acknowledged (the refusal is final, PayPal need not retry).
      expect(statuses.filter((status) => status === 409)).toHaveLength(CAPTURES_PER_ORDER);
      expect(statuses.filter((status) => status !== 409).every((status) => status < 300)).toBe(true);
      for (const response of responses.filter((r) => r.statusCode === 409))
        expect(response.json().error.message).toMatch(reason);
      const [drawCount] = await api.db.select({ n: count() }).from(draws).where(eq(draws.orderId, orderId));
      expect(drawCount?.n).toBe(0);
      const [row] = await api.db
        .select({ status: orders.status, payment: payments.status })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(eq(orders.id, orderId));
      expect(row).toEqual({ status: 'pending_payment', payment: 'failed' });
      expect(new Set(capturesAtPayPal(token).map((call) => call.requestId)).size).toBe(1);
    },
    TIMEOUT_MS,
  );
});
