import type { Order, StartPaymentResult } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { SETUP_TIMEOUT } from '../../test/helper';
import type { PayPalTestServer } from '../../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../../test/paypal-api';
import {
  type BoxCapture,
  bearer,
  capture,
  expectStatus,
  orderBox,
  seedBoxId,
  startPayment,
  totalStock,
} from '../../test/purchase';

describe('paying with PayPal (Orders v2, against a PayPal-compatible test server)', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let alice: TestUser;
  let bob: TestUser;
  let boxId: number;

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });
  const payWithPayPal = (user: TestUser, orderSn: string, extra: object = {}) =>
    startPayment(api, user, orderSn, { provider: 'paypal', ...extra });
  const webhook = (event: object, headers: Record<string, string>) =>
    api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paypal',
      headers: { 'content-type': 'application/json', ...headers },
      payload: event,
    });
  const approvedEvent = (orderId: string, eventId: string) => ({
    id: eventId,
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource_type: 'checkout-order',
    resource: { id: orderId, status: 'APPROVED' },
  });

  beforeAll(async () => {
    api = await buildPayPalTestApi({ siteOrigin: 'https://arttoy.example' });
    paypal = api.paypal;
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    boxId = await seedBoxId(api, 'pastel-picnic-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('names PayPal among its pay ways once configured', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/payments/providers' });
    expect(response.json()).toEqual({ providers: ['sandbox', 'paypal'] });
  });

  it('creates a PayPal order for our amount, captures it on the server once approved, and fulfils', async () => {
    const order = await orderBox(api, alice, boxId);
    const started = await payWithPayPal(alice, order.orderSn);
    const token = started.payment.token ?? '';
    expect(started.approvalUrl).toBe(`${paypal.url}/checkoutnow?token=${token}`);
    const created = paypal.calls.find((call) => call.route === 'POST /v2/checkout/orders');
    expect(created?.requestId).toEqual(expect.any(String));
    expect(created?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.orderSn,
          amount: { currency_code: order.total.currency, value: (order.total.amountMinor / 100).toFixed(2) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://arttoy.example/payment/order_pay',
            cancel_url: 'https://arttoy.example/payment/order_pay?cancelled=1',
          },
        },
      },
    });

    const early = await capture(api, alice, token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/ORDER_NOT_APPROVED/);

    paypal.approve(token);
    const result = expectStatus(await capture(api, alice, token), 200).json<BoxCapture>();
    expect(result.order).toMatchObject({
      status: 'fulfilled',
      payment: { provider: 'paypal', status: 'captured' },
    });
    const captures = paypal.calls.filter(
      (call) => call.route === `POST /v2/checkout/orders/${token}/capture`,
    );
    // The refused early capture and the real one carry the same key: PayPal can never charge twice.
    expect(new Set(captures.map((call) => call.requestId)).size).toBe(1);

    // The buyer's retry returns the same result without calling PayPal again.
    const again = expectStatus(await capture(api, alice, token), 200).json<BoxCapture>();
    expect(again).toEqual(result);
    expect(
      paypal.calls.filter((call) => call.route === `POST /v2/checkout/orders/${token}/capture`),
    ).toHaveLength(captures.length);
    // One OAuth token served every call.
    expect(paypal.tokensIssued).toBe(1);
  });

  it('completes the order from the webhook when the buyer never returns; replays change nothing', async () => {
    const order = await orderBox(api, bob, boxId);
    const token = (await payWithPayPal(bob, order.orderSn)).payment.token ?? '';
    paypal.approve(token);
    const stock = await totalStock(api, boxId);
    const event = approvedEvent(token, 'WH-EVENT-APPROVED-1');
    const headers = paypal.signWebhook(event);
    expect(expectStatus(await webhook(event, headers), 200).json()).toEqual({ received: true });
    const paid = (await get(`/api/orders/${order.orderSn}`, bob)).json<Order>();
    expect(paid.status).toBe('fulfilled');
    expect(await totalStock(api, boxId)).toBe(stock - 1);

    const callsBefore = paypal.calls.length;
    expect((await webhook(event, headers)).statusCode).toBe(200);
    expect((await webhook(event, paypal.signWebhook(event))).statusCode).toBe(200);
    // Replays: only signature checks reach PayPal; no capture, no second draw.
    expect(paypal.calls.slice(callsBefore).map((call) => call.route)).toEqual(
      Array(2).fill('POST /v1/notifications/verify-webhook-signature'),
    );
    expect((await get(`/api/orders/${order.orderSn}`, bob)).json<Order>().drawId).toBe(paid.drawId);
    expect(await totalStock(api, boxId)).toBe(stock - 1);
    // The buyer coming back later sees the same result.
    expect(expectStatus(await capture(api, bob, token), 200).json<BoxCapture>().draw.id).toBe(paid.drawId);
  });

  it('reads the order id of a capture event from its related ids, and ignores events it does not act on', async () => {
    const order = await orderBox(api, bob, boxId);
    const token = (await payWithPayPal(bob, order.orderSn)).payment.token ?? '';
    const other = {
      id: 'WH-EVENT-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'CAP1', supplementary_data: { related_ids: { order_id: token } } },
    };
    expect((await webhook(other, paypal.signWebhook(other))).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.orderSn}`, bob)).json<Order>().status).toBe('pending_payment');
    paypal.approve(token);
    const completed = {
      id: 'WH-EVENT-CAPTURE-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP2', supplementary_data: { related_ids: { order_id: token } } },
    };
    expect((await webhook(completed, paypal.signWebhook(completed))).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.orderSn}`, bob)).json<Order>().status).toBe('fulfilled');
  });

  it('refuses webhooks PayPal did not sign', async () => {
    const order = await orderBox(api, bob, boxId);
    const token = (await payWithPayPal(bob, order.orderSn)).payment.token ?? '';
    paypal.approve(token);
    const event = approvedEvent(token, 'WH-EVENT-FORGED');
    const forged = { ...paypal.signWebhook(event), 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    const refused = await webhook(event, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/did not confirm this webhook/);
    const unsigned = await webhook(event, {});
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toMatch(/paypal-transmission-sig/);
    // Signed, but for another event body.
    expect((await webhook({ ...event, id: 'WH-EVENT-OTHER' }, paypal.signWebhook(event))).statusCode).toBe(
      400,
    );
    expect((await get(`/api/orders/${order.orderSn}`, bob)).json<Order>().status).toBe('pending_payment');
  });

  it('vaults the method on request; the next purchase with the vault token needs no approval', async () => {
    const first = await orderBox(api, alice, boxId);
    const token = (await payWithPayPal(alice, first.orderSn, { saveMethod: true })).payment.token ?? '';
    const created = paypal.calls.filter((call) => call.route === 'POST /v2/checkout/orders').at(-1);
    expect(created?.body).toMatchObject({
      payment_source: { paypal: { attributes: { vault: { store_in_vault: 'ON_SUCCESS' } } } },
    });
    paypal.approve(token);
    const paid = expectStatus(await capture(api, alice, token), 200).json<BoxCapture>();
    expect(paid.vaultToken).toMatch(/^VT/);
    const methods = (await get('/api/me/payment-methods', alice)).json<{
      items: { provider: string; vaultToken: string; label: string }[];
    }>();
    expect(methods.items).toContainEqual(
      expect.objectContaining({
        provider: 'paypal',
        vaultToken: paid.vaultToken,
        label: 'PayPal (buyer@example.test)',
      }),
    );

    const second = await orderBox(api, alice, boxId);
    const instant: StartPaymentResult = await payWithPayPal(alice, second.orderSn, {
      vaultToken: paid.vaultToken,
    });
    expect(instant.approvalUrl).toBeNull();
    expect(instant.result?.order).toMatchObject({ orderSn: second.orderSn, status: 'fulfilled' });
    expect(
      paypal.calls.filter((call) => call.route === 'POST /v2/checkout/orders').at(-1)?.body,
    ).toMatchObject({ payment_source: { paypal: { vault_id: paid.vaultToken } } });
  });

  it('does not fulfil a capture whose amount differs from the order', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await payWithPayPal(alice, order.orderSn)).payment.token ?? '';
    paypal.approve(token);
    paypal.captureAmountOverride = '0.01';
    const refused = await capture(api, alice, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /does not match order .*its amount is 1, not 1199 minor units/,
    );
    const after = (await get(`/api/orders/${order.orderSn}`, alice)).json<Order>();
    expect(after).toMatchObject({ status: 'pending_payment', drawId: null, payment: { status: 'failed' } });
  });

  it('answers 503 while PayPal is down, and nothing is half-written', async () => {
    // A buyer of their own: an unpaid order of buyer's for this box would be resumed, not made anew.
    const buyer = await signInTestUser('paypal-down');
    const order = await orderBox(api, buyer, boxId);
    paypal.failNext(1);
    const down = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/payments`,
      headers: bearer(buyer),
      payload: { provider: 'paypal' },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toMatch(/PayPal could not .* right now \(503/);
    expect((await get(`/api/orders/${order.orderSn}`, buyer)).json<Order>().payment).toBeNull();
    const token = (await payWithPayPal(buyer, order.orderSn)).payment.token ?? '';
    paypal.approve(token);
    paypal.failNext(1);
    expect((await capture(api, buyer, token)).statusCode).toBe(503);
    expect((await get(`/api/orders/${order.orderSn}`, buyer)).json<Order>().status).toBe('pending_payment');
    expect(expectStatus(await capture(api, buyer, token), 200).json<BoxCapture>().order.status).toBe(
      'fulfilled',
    );
  });
});
