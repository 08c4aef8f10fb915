import type { FairnessState, LockerItem, Order } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { siteOriginFrom } from '../../server-options';
import {
  type BoxCapture,
  ageOrder,
  bearer,
  seedBoxId,
  buyBox,
  capture,
  decideOnSandboxPage,
  expectStatus,
  orderBox,
  startPayment,
  totalStock,
  cancelOpenHolds,
} from '../../test/purchase';

/** The configured site origin (SITE_ORIGIN, else the local site server's): buyers return there. */
const SITE = siteOriginFrom(process.env);

describe('paying with the sandbox provider: approve, capture on the server, fulfil once', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let boxId: number;

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    boxId = await seedBoxId(api, 'cloud-bakery-secret-hunter');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());
  // Each test's orders are new: an unpaid order of the box from a test before would be resumed.
  beforeEach(async () => {
    await cancelOpenHolds(api, alice);
    await cancelOpenHolds(api, bob);
  });

  it('names the pay ways it takes: the sandbox only while PayPal is not configured', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/payments/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: ['sandbox'] });
  });

  it('runs the whole flow: approval page, return with the token, capture, draw, locker item', async () => {
    const stockBefore = await totalStock(api, boxId);
    const fairness = (await get('/api/me/fairness', alice)).json<FairnessState>();
    const order = await orderBox(api, alice, boxId);
    const started = await startPayment(api, alice, order.orderSn);
    expect(started.result).toBeNull();
    expect(started.payment).toMatchObject({ provider: 'sandbox', status: 'created', amount: order.total });
    const token = started.payment.token ?? '';
    expect(started.approvalUrl).toBe(`/api/payments/sandbox/checkout?token=${token}`);

    const page = await api.app.inject({ method: 'GET', url: started.approvalUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain(order.orderSn);
    expect(page.body).toContain('$19.99');
    expect(page.body).toMatch(/<button type="submit" name="action" value="approve">Approve<\/button>/);
    expect(page.body).not.toMatch(/<script/);

    // Not approved yet: nothing to capture.
    const early = await capture(api, alice, token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/not been approved yet/);

    const location = await decideOnSandboxPage(api, token, 'approve');
    expect(location).toBe(`${SITE}/payment/order_pay?token=${token}`);

    const result = expectStatus(await capture(api, alice, token), 200).json<BoxCapture>();
    expect(result.order).toMatchObject({
      orderSn: order.orderSn,
      status: 'fulfilled',
      paidAt: expect.any(String),
      fulfilledAt: expect.any(String),
    });
    expect(result.order.payment).toMatchObject({
      status: 'captured',
      approvalUrl: null,
      capturedAt: expect.any(String),
    });
    expect(result.draw).toMatchObject({
      orderSn: order.orderSn,
      boxModelId: boxId,
      serverSeedHash: fairness.serverSeedHash,
      serverSeed: null,
      clientSeed: fairness.clientSeed,
      nonce: fairness.nextNonce,
    });
    expect(result.order.drawId).toBe(result.draw.id);
    expect(result.order.lockerItemId).toBe(result.draw.lockerItemId);
    expect(result.vaultToken).toBeNull();

    // The stock went down by exactly the figure drawn; the nonce moved on.
    expect(await totalStock(api, boxId)).toBe(stockBefore - 1);
    expect((await get('/api/me/fairness', alice)).json<FairnessState>().nextNonce).toBe(
      fairness.nextNonce + 1,
    );
    const item = (await get(`/api/locker/${result.draw.lockerItemId}`, alice)).json<LockerItem>();
    expect(item).toMatchObject({
      status: 'in_locker',
      drawId: result.draw.id,
      figure: { id: result.draw.figure.id },
    });

    // A retried capture returns the same result and draws nothing more.
    const again = expectStatus(await capture(api, alice, token), 200).json<BoxCapture>();
    expect(again).toEqual(result);
    expect(await totalStock(api, boxId)).toBe(stockBefore - 1);
    // A paid order cannot be paid again.
    const twice = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/payments`,
      headers: bearer(alice),
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
  });

  it('captures concurrent retries once', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn)).payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    const stockBefore = await totalStock(api, boxId);
    const results = await Promise.all([1, 2, 3].map(() => capture(api, alice, token)));
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((response) => response.json<BoxCapture>().draw.id)).size).toBe(1);
    expect(await totalStock(api, boxId)).toBe(stockBefore - 1);
  });

  it('sends a cancelling buyer back with cancelled=1 and charges nothing; they can pay again', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn)).payment.token ?? '';
    expect(await decideOnSandboxPage(api, token, 'cancel')).toBe(
      `${SITE}/payment/order_pay?cancelled=1&token=${token}`,
    );
    // Approving after cancelling changes nothing.
    expect(await decideOnSandboxPage(api, token, 'approve')).toMatch(/cancelled=1/);
    const refused = await capture(api, alice, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/cancelled on the sandbox page/);
    expect((await get(`/api/orders/${order.orderSn}`, alice)).json<Order>().status).toBe('pending_payment');
    const retry = await startPayment(api, alice, order.orderSn);
    await decideOnSandboxPage(api, retry.payment.token ?? '', 'approve');
    expect(
      expectStatus(await capture(api, alice, retry.payment.token ?? ''), 200).json<BoxCapture>().order.status,
    ).toBe('fulfilled');
  });

  it('refuses to pay or capture an expired order', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn)).payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    await ageOrder(api, order.orderSn, 18);
    const refused = await capture(api, alice, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/has expired .* nothing was charged/);
    expect((await get(`/api/orders/${order.orderSn}`, alice)).json<Order>().status).toBe('expired');
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: `/api/orders/${order.orderSn}/payments`,
          headers: bearer(alice),
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
  });

  it('lets only the buyer capture: another user gets 404, a signed-out visitor 401', async () => {
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn)).payment.token ?? '';
    await decideOnSandboxPage(api, token, 'approve');
    expect((await capture(api, bob, token)).statusCode).toBe(404);
    expect((await capture(api, undefined, token)).statusCode).toBe(401);
    expect((await capture(api, alice, 'SBX-000000000000000000000000')).statusCode).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?token=nonsense' }))
        .statusCode,
    ).toBe(404);
  });

  it('saves the method on request; the next purchase with its vault token needs no approval', async () => {
    const first = await buyBox(api, alice, boxId, { provider: 'sandbox', saveMethod: true });
    expect(first.vaultToken).toMatch(/^SBXV-/);
    const methods = (await get('/api/me/payment-methods', alice)).json<{
      items: { vaultToken: string; provider: string }[];
    }>();
    expect(methods.items).toEqual([
      expect.objectContaining({ provider: 'sandbox', vaultToken: first.vaultToken }),
    ]);

    const order = await orderBox(api, alice, boxId);
    const paid = await startPayment(api, alice, order.orderSn, {
      provider: 'sandbox',
      vaultToken: first.vaultToken,
    });
    expect(paid.approvalUrl).toBeNull();
    expect(paid.result?.order).toMatchObject({ orderSn: order.orderSn, status: 'fulfilled' });
    expect(paid.result?.draw?.nonce).toBe(first.draw.nonce + 1);

    // Someone else's vault token is not theirs to use.
    const bobsOrder = await orderBox(api, bob, boxId);
    const stolen = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${bobsOrder.orderSn}/payments`,
      headers: bearer(bob),
      payload: { provider: 'sandbox', vaultToken: first.vaultToken },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/me/payment-methods', bob)).json()).toEqual({ items: [] });
  });

  it('refuses PayPal when it is not configured, saying what to do', async () => {
    const order = await orderBox(api, alice, boxId);
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/payments`,
      headers: bearer(alice),
      payload: { provider: 'paypal' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/not set up on this server/);
  });
});
