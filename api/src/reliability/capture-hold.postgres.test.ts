/**
 * The last box while its buyer's capture outlasts the order's time (PostgreSQL: a reservation runs
 * while the capture's transaction waits for the provider). The capture marks the order's hold before
 * it asks the provider, so the box stays the first buyer's: a second buyer is told it is sold out
 * rather than sold a box that is not there (and, with a real provider, charged for it).
 */
import { eq, sql } from 'drizzle-orm';
import { type CaptureResult, ORDER_RESERVATION_MINUTES } from '@arttoy/shared/contracts/api';
import { rowsOf } from '../db/connect';
import { CAPTURE_GRACE_SECONDS } from '../domain/orders/reservation';
import { orders } from '../db/schema';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { eventually } from '../test/eventually';
import { SETUP_TIMEOUT } from '../test/helper';
import type { PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import {
  ageOrder,
  capture,
  orderBox,
  postOrder,
  seedBoxId,
  setStock,
  startPayment,
  totalStock,
} from '../test/purchase';

/** The first buyer's order runs out this many seconds after its capture starts. */
const RUNS_OUT_IN_SECONDS = 5;

describe('a capture that outlasts the order’s time (PostgreSQL)', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let alice: TestUser;
  let bob: TestUser;
  let boxId: number;

  beforeAll(async () => {
    api = await buildPayPalTestApi();
    paypal = api.paypal;
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    boxId = await seedBoxId(api, 'skate-spirits-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('keeps the last box for the buyer whose capture is under way: the next buyer is told it is sold out', async () => {
    await setStock(api, boxId, (_figure, index) => (index === 0 ? 1 : 0));
    const order = await orderBox(api, alice, boxId);
    const token = (await startPayment(api, alice, order.orderSn, { provider: 'paypal' })).payment.token ?? '';
    paypal.approve(token);
    // Its time plus the capture grace ends a few seconds from now.
    await ageOrder(
      api,
      order.orderSn,
      ORDER_RESERVATION_MINUTES + CAPTURE_GRACE_SECONDS / 60 - RUNS_OUT_IN_SECONDS / 60,
    );

    const slowProvider = paypal.holdNextCapture();
    const aliceCapture = capture(api, alice, token);
    await slowProvider.reached;
    // PayPal is still answering when the order's own time (and grace) runs out.
    const ranOut = await eventually(
      async () =>
        rowsOf<{ over: boolean }>(
          await api.db.execute(
            sql`select now() >= ${orders.expiresAt} + make_interval(secs => ${CAPTURE_GRACE_SECONDS}) as over from ${orders} where ${orders.id} = ${order.id}`,
          ),
        ),
      (rows) => rows[0]?.over === true,
      (RUNS_OUT_IN_SECONDS + 20) * 1_000,
    );
    expect(ranOut[0]?.over).toBe(true);

    let second;
    try {
      second = await postOrder(api, bob, { boxModelId: boxId });
    } finally {
      // Whatever the second buyer was told, PayPal answers the first: a failed assertion must not leave it waiting.
      slowProvider.release();
    }
    const paid = await aliceCapture;
    expect(second.statusCode).toBe(409);
    expect(second.json().error.details).toMatchObject({ reason: 'sold_out', available: 0 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json<CaptureResult>().order).toMatchObject({ orderSn: order.orderSn, status: 'fulfilled' });
    expect(await totalStock(api, boxId)).toBe(0);
    const [row] = await api.db
      .select({ captureStartedAt: orders.captureStartedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.captureStartedAt).toBeNull();
  }, 60_000);
});
