/**
 * Reconciliation of payments in doubt keeps going past one bad order, stops asking only a provider
 * that cannot answer, and runs while the API runs, not only at its start. Both engines.
 */
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { apiPlugin } from '../app';
import { DataChanges } from '../cache/data-changes';
import { orders } from '../db/schema';
import { catalogueUrls } from '../domain/catalogue/urls';
import { resolvePaymentProviders } from '../domain/payments/providers';
import { reconcilePayments, type ReconcileLog } from '../domain/payments/reconcile';
import { reconcileIntervalFrom } from '../domain/payments/reconcile-schedule';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { eventually } from '../test/eventually';
import { SETUP_TIMEOUT } from '../test/helper';
import type { PayPalTestServer } from '../test/paypal-test-server';
import { buildPayPalTestApi, type PayPalTestApi } from '../test/paypal-api';
import { ageOrder, decideOnSandboxPage, orderBox, seedBoxId, startPayment } from '../test/purchase';
import { API_START_TIMEOUT_MS } from '../server-options';

describe('reconciling payments in doubt', () => {
  let api: PayPalTestApi;
  let paypal: PayPalTestServer;
  let buyers: TestUser[];
  let boxIds: number[];

  beforeAll(async () => {
    api = await buildPayPalTestApi({ reconcileIntervalMs: 0, siteOrigin: 'https://arttoy.example' });
    paypal = api.paypal;
    buyers = [await signInTestUser('reconcile-a'), await signInTestUser('reconcile-b')];
    boxIds = [
      await seedBoxId(api, 'pastel-picnic-blind-box'),
      await seedBoxId(api, 'cloud-bakery-blind-box'),
    ];
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  /** What a run logs, by level. */
  function collectingLog() {
    const lines: { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
    const log: ReconcileLog = {
      info: (obj, msg) => void lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
      warn: (obj, msg) => void lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
      error: (obj, msg) => void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    };
    return { lines, log };
  }

  const reconcile = (log: ReconcileLog) =>
    reconcilePayments(
      {
        db: api.db,
        providers: resolvePaymentProviders('/api', api.paypalOptions),
        urls: catalogueUrls('/api'),
        changes: new DataChanges(false),
      },
      log,
    );

  /** An order whose buyer approved the payment with `provider`, and whose capture never reached us. */
  async function approvedInDoubt(buyer: TestUser, boxId: number, provider: 'paypal' | 'sandbox') {
    const order = await orderBox(api, buyer, boxId);
    const token = (await startPayment(api, buyer, order.orderSn, { provider })).payment.token ?? '';
    if (provider === 'paypal') paypal.approve(token);
    else await decideOnSandboxPage(api, token, 'approve');
    const [row] = await api.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderSn, order.orderSn));
    return { orderSn: order.orderSn, orderId: row?.id ?? 0, token };
  }

  const statusOf = async (orderSn: string) =>
    (await api.db.select({ status: orders.status }).from(orders).where(eq(orders.orderSn, orderSn)))[0]
      ?.status;

  /** Our own failure with one order: its draw is refused by the database (as a bug of ours would fail it). */
  async function refuseDrawOf(orderId: number) {
    await api.db.execute(
      sql.raw(`create or replace function test_refuse_draw() returns trigger language plpgsql as $$
        begin
          if new.order_id = ${orderId} then raise exception 'test: the draw of order % is refused', new.order_id; end if;
          return new;
        end $$`),
    );
    await api.db.execute(
      sql.raw(
        'create trigger test_refuse_draw before insert on draws for each row execute function test_refuse_draw()',
      ),
    );
  }
  const allowDraws = () => api.db.execute(sql.raw('drop trigger if exists test_refuse_draw on draws'));

  it('records an order whose fulfilment fails on our side and fulfils the others of its provider', async () => {
    // The failing order comes first: its error must not mark PayPal down and skip the rest.
    const failing = await approvedInDoubt(buyers[0] as TestUser, boxIds[0] as number, 'paypal');
    const others = [
      await approvedInDoubt(buyers[0] as TestUser, boxIds[1] as number, 'paypal'),
      await approvedInDoubt(buyers[1] as TestUser, boxIds[0] as number, 'paypal'),
      await approvedInDoubt(buyers[1] as TestUser, boxIds[1] as number, 'sandbox'),
    ];
    await refuseDrawOf(failing.orderId);
    try {
      const { lines, log } = collectingLog();
      expect(await reconcile(log)).toEqual({ checked: 4, fulfilled: 3, unavailable: 0, failed: 1 });
      for (const other of others) expect(await statusOf(other.orderSn)).toBe('fulfilled');
      expect(await statusOf(failing.orderSn)).toBe('pending_payment');
      // Logged with the order and why, and counted in the run's summary.
      const failure = lines.find((line) => line.level === 'error');
      expect(failure?.obj).toMatchObject({
        orderSn: failing.orderSn,
        provider: 'paypal',
        reason: expect.stringContaining('the draw of order'),
      });
      expect(failure?.msg).toContain(failing.orderSn);
      expect(lines.at(-1)).toMatchObject({ level: 'warn', obj: { checked: 4, fulfilled: 3, failed: 1 } });
    } finally {
      await allowDraws();
    }
    // The next run settles it, with PayPal's first capture.
    expect(await reconcile(collectingLog().log)).toEqual({
      checked: 1,
      fulfilled: 1,
      unavailable: 0,
      failed: 0,
    });
    expect(await statusOf(failing.orderSn)).toBe('fulfilled');
    const captureKeys = new Set(
      paypal.calls
        .filter((call) => call.route === `POST /v2/checkout/orders/${failing.token}/capture`)
        .map((call) => call.requestId),
    );
    expect(captureKeys.size).toBe(1);
  }, 60_000);

  it('stops asking only the provider that cannot answer', async () => {
    const atPayPal = [
      await approvedInDoubt(buyers[0] as TestUser, boxIds[0] as number, 'paypal'),
      await approvedInDoubt(buyers[1] as TestUser, boxIds[0] as number, 'paypal'),
    ];
    const atSandbox = await approvedInDoubt(buyers[0] as TestUser, boxIds[1] as number, 'sandbox');
    paypal.failNext(50);
    const callsBefore = paypal.calls.length;
    try {
      const { lines, log } = collectingLog();
      expect(await reconcile(log)).toEqual({ checked: 3, fulfilled: 1, unavailable: 2, failed: 0 });
      // PayPal was asked once: every further call would have waited for its timeout.
      expect(paypal.calls.slice(callsBefore).filter((call) => call.route.endsWith('/capture'))).toHaveLength(
        1,
      );
      expect(lines.some((line) => line.level === 'error')).toBe(false);
    } finally {
      paypal.failNext(0);
    }
    expect(await statusOf(atSandbox.orderSn)).toBe('fulfilled');
    for (const order of atPayPal) expect(await statusOf(order.orderSn)).toBe('pending_payment');
    expect(await reconcile(collectingLog().log)).toEqual({
      checked: 2,
      fulfilled: 2,
      unavailable: 0,
      failed: 0,
    });
  }, 60_000);

  it('settles an order whose capture had started and whose time ran out', async () => {
    const order = await approvedInDoubt(buyers[1] as TestUser, boxIds[1] as number, 'paypal');
    // A capture began (its hold marked), then the API died; by now the order's own time is long gone.
    await ageOrder(api, order.orderSn, 60);
    await api.db
      .update(orders)
      .set({ captureStartedAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.orderId));
    expect(await reconcile(collectingLog().log)).toMatchObject({ checked: 1, fulfilled: 1 });
    expect(await statusOf(order.orderSn)).toBe('fulfilled');
  }, 60_000);

  describe('while the API runs', () => {
    /** Another API on the same database, reconciling every `intervalMs`. */
    const startApi = (intervalMs: number) => api.startBeside({ reconcileIntervalMs: intervalMs });

    it('settles a payment left in doubt after the start within one interval, and stops on close', async () => {
      const app = await startApi(1_000);
      let closed = false;
      try {
        const order = await approvedInDoubt(buyers[0] as TestUser, boxIds[0] as number, 'paypal');
        expect(
          await eventually(
            () => statusOf(order.orderSn),
            (status) => status === 'fulfilled',
            10_000,
          ),
        ).toBe('fulfilled');
        await app.close();
        closed = true;
        // Closed: no round runs any more.
        const left = await approvedInDoubt(buyers[1] as TestUser, boxIds[1] as number, 'paypal');
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(await statusOf(left.orderSn)).toBe('pending_payment');
        expect(
          paypal.calls.some((call) => call.route === `POST /v2/checkout/orders/${left.token}/capture`),
        ).toBe(false);
        await reconcile(collectingLog().log);
      } finally {
        if (!closed) await app.close();
      }
    }, 60_000);

    it('refuses an interval it cannot use, naming the setting', async () => {
      for (const bad of [-1, 1.5, 10, 86_400_001]) {
        const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
        await expect(
          app
            .register(apiPlugin, {
              prefix: '/api',
              database: api.database,
              rateLimits: false,
              reconcileIntervalMs: bad,
            })
            .ready(),
        ).rejects.toThrow(
          /reconcileIntervalMs option must be 0 .* or a whole number of milliseconds from 1000 to 86400000/,
        );
        await app.close();
      }
    });
  });
});

describe('RECONCILE_INTERVAL_MS', () => {
  it('defaults to 5 minutes; 0 is start-up only; anything else outside 1 s to a day is refused', () => {
    expect(reconcileIntervalFrom(undefined, {})).toBe(300_000);
    expect(reconcileIntervalFrom(undefined, { RECONCILE_INTERVAL_MS: ' 60000 ' })).toBe(60_000);
    expect(reconcileIntervalFrom(undefined, { RECONCILE_INTERVAL_MS: '0' })).toBe(0);
    expect(reconcileIntervalFrom(2_000, { RECONCILE_INTERVAL_MS: '0' })).toBe(2_000);
    for (const bad of ['5m', '999', '-1', '1e6', '86400001']) {
      expect(() => reconcileIntervalFrom(undefined, { RECONCILE_INTERVAL_MS: bad })).toThrow(
        `RECONCILE_INTERVAL_MS must be 0 (reconcile payments in doubt at start-up only) or a whole number of milliseconds from 1000 to 86400000; got "${bad}".`,
      );
    }
  });
});
