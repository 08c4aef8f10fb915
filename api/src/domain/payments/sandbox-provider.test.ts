import { eq, inArray } from 'drizzle-orm';
import { sandboxCheckouts } from '../../db/schema';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { createSandboxProvider, decideSandboxCheckout } from './sandbox-provider';

/** The sandbox keeps PayPal's promise for PayPal-Request-Id: asked again under one request id, it answers as the first time. */
describe('the sandbox provider asked twice under one request id', () => {
  let api: TestApi;
  const sandbox = createSandboxProvider('/api');

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const input = (requestId: string, vaultToken: string | null) => ({
    reference: 'AT-SANDBOX-1',
    amount: { amountMinor: 1299, currency: 'USD' },
    description: 'a box',
    returnUrl: '/payment/order_pay',
    cancelUrl: '/payment/order_pay?cancelled=1',
    saveMethod: vaultToken === null,
    vaultToken,
    requestId,
    db: api.db,
  });

  async function savedMethod(): Promise<string> {
    const created = await sandbox.createOrder(input(`create-${crypto.randomUUID()}`, null));
    await api.db
      .update(sandboxCheckouts)
      .set({ status: 'approved' })
      .where(eq(sandboxCheckouts.id, created.providerOrderId));
    const captured = await sandbox.capture({
      providerOrderId: created.providerOrderId,
      requestId: crypto.randomUUID(),
      db: api.db,
    });
    return captured.vault?.token ?? '';
  }

  it('pays a saved method once, however often and however concurrently it is asked', async () => {
    const vaultToken = await savedMethod();
    expect(vaultToken).toMatch(/^SBXV-/);
    const requestId = `create-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => sandbox.createOrder(input(requestId, vaultToken))),
    );
    const again = await sandbox.createOrder(input(requestId, vaultToken));
    const ids = new Set([...answers, again].map((answer) => answer.providerOrderId));
    const captures = new Set([...answers, again].map((answer) => answer.capture?.captureId));
    expect(ids.size).toBe(1);
    expect(captures.size).toBe(1);
    expect([...captures][0]).toMatch(/^SBXC-/);
    const rows = await api.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, [...ids][0] ?? ''));
    expect(rows).toEqual([expect.objectContaining({ status: 'completed', vaultToken })]);
  });

  /**
   * A buyer's approve and cancel sent at once (two tabs, a double click). On PostgreSQL they run in
   * parallel: a decision read first and written after let both see the checkout undecided, both
   * wrote, and the approve sent the buyer back as approved while the cancel's write stood.
   */
  it('sends the buyer where the decision that stood says when approve and cancel come at once', async () => {
    const checkouts = await Promise.all(
      Array.from({ length: 40 }, () => sandbox.createOrder(input(`create-${crypto.randomUUID()}`, null))),
    );
    const told = await Promise.all(
      checkouts.map(async ({ providerOrderId: id }) => {
        const [approve, cancel] = await Promise.all([
          decideSandboxCheckout(api.db, id, 'approve'),
          decideSandboxCheckout(api.db, id, 'cancel'),
        ]);
        return {
          id,
          approved: !approve?.includes('cancelled=1'),
          cancelled: cancel?.includes('cancelled=1'),
        };
      }),
    );
    const rows = await api.db
      .select({ id: sandboxCheckouts.id, status: sandboxCheckouts.status })
      .from(sandboxCheckouts)
      .where(
        inArray(
          sandboxCheckouts.id,
          told.map(({ id }) => id),
        ),
      );
    const stood = new Map(rows.map((row) => [row.id, row.status]));
    expect(told.map((answer) => ({ ...answer, stood: stood.get(answer.id) }))).toEqual(
      told.map(({ id, approved }) => ({
        id,
        approved,
        cancelled: true,
        stood: approved ? 'approved' : 'cancelled',
      })),
    );
  });

  it('makes another checkout for another request id', async () => {
    const first = await sandbox.createOrder(input(`create-${crypto.randomUUID()}`, null));
    const second = await sandbox.createOrder(input(`create-${crypto.randomUUID()}`, null));
    expect(first.providerOrderId).not.toBe(second.providerOrderId);
    expect(first.approvalUrl).toBe(
      `/api/payments/sandbox/checkout?token=${encodeURIComponent(first.providerOrderId)}`,
    );
  });
});
