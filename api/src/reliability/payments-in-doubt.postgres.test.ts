/**
 * Several API instances on one database reconcile payments in doubt one at a time: a round under
 * way on one instance holds the advisory lock, and another instance's round skips (it would ask
 * the provider again for the same payments). PostgreSQL only: the embedded database is one process's.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { SETUP_TIMEOUT } from '../test/helper';
import type { PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import { orderBox, seedBoxId, startPayment } from '../test/purchase';

describe('reconciliation on several instances (PostgreSQL)', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let buyer: TestUser;
  let boxId: number;

  beforeAll(async () => {
    api = await buildPayPalTestApi({ reconcileIntervalMs: 0, siteOrigin: 'https://arttoy.example' });
    paypal = api.paypal;
    buyer = await signInTestUser('reconcile-instances');
    boxId = await seedBoxId(api, 'pastel-picnic-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const startApi = () => api.startBeside();

  it('runs a round on one instance at a time', async () => {
    const order = await orderBox(api, buyer, boxId);
    const token = (await startPayment(api, buyer, order.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(token);
    const captures = () =>
      paypal.calls.filter((call) => call.route === `POST /v2/checkout/orders/${token}/capture`).length;

    // The first instance's start-up round reaches PayPal and waits there, holding the lock.
    const held = paypal.holdNextCapture();
    const first = startApi();
    await held.reached;
    // The second starts meanwhile: its round skips instead of asking PayPal (or waiting on the order's lock).
    const second = await startApi();
    expect(captures()).toBe(1);
    held.release();
    const apps = [await first, second];
    try {
      const [row] = await api.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderSn, order.orderSn));
      expect(row?.status).toBe('fulfilled');
      expect(captures()).toBe(1);
    } finally {
      for (const app of apps) await app.close();
    }
  }, 60_000);
});
