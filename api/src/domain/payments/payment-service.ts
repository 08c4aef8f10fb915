/**
 * Paying an order: start a payment with a provider, capture it on the server (amount, currency and
 * order checked against ours), fulfil the order in the same transaction. The transaction holds the
 * order's row lock across the provider call, so a cancel, the expiry sweep or a second capture of the
 * same order waits for it and then sees the outcome. Captures are idempotent: the provider gets the
 * payment's idempotency key (PayPal-Request-Id), and a fulfilled order returns the first result.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CaptureResult, PaymentProvider, StartPaymentResult } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { orders, paymentMethods, payments } from '../../db/schema';
import { ApiError, conflict, notFound } from '../../errors';
import type { CatalogueUrls } from '../catalogue/urls';
import { findDraw } from '../draws/draw-proof';
import type { DataChanges } from '../../cache/data-changes';
import { fulfilOrder } from '../draws/fulfil';
import { findOrderWithPayments, toPaymentSummary } from '../orders/order-view';
import { CAPTURE_GRACE_SECONDS } from '../orders/reservation';
import { PaymentDeclinedError, type PaymentProviderAdapter, type ProviderCapture, ProviderUnavailableError } from './provider';

export type PaymentProviders = Record<PaymentProvider, PaymentProviderAdapter | null>;

export interface PaymentDeps {
  db: Db;
  providers: PaymentProviders;
  urls: CatalogueUrls;
  /** Told once a fulfilment (a draw takes a figure from stock) has committed, so cached stock is never served after it. */
  changes: DataChanges;
}

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const ORDERS_HINT = 'GET /api/orders lists your orders.';

/** The order row, locked, with whether it may still be paid (within its time plus the capture grace). */
async function lockOrder(tx: Db, where: SQL | undefined) {
  const [row] = await tx
    .select({ order: orders, payable: sql<boolean>`now() < ${orders.expiresAt} + ${sql.raw(`interval '${CAPTURE_GRACE_SECONDS} seconds'`)}` })
    .from(orders)
    .where(where)
    .for('update');
  return row ?? null;
}

function assertPayable(order: OrderRow, payable: boolean): void {
  if (order.status === 'fulfilled' || order.status === 'paid') throw conflict(`Order ${order.orderSn} is already paid.`, { status: order.status });
  if (order.status !== 'pending_payment') {
    throw conflict(`Order ${order.orderSn} is ${order.status}: nothing was charged. Order the box again.`, { status: order.status });
  }
  if (!payable) throw conflict(`Order ${order.orderSn} has expired and its box went back on sale; nothing was charged. Order the box again.`, { status: 'expired' });
}

function providerOf(providers: PaymentProviders, name: PaymentProvider): PaymentProviderAdapter {
  const provider = providers[name];
  if (!provider) throw conflict(`Payments with ${name} are not set up on this server (see api/README.md, PayPal). Pay with the sandbox provider instead.`);
  return provider;
}

/** Why a completed capture cannot be accepted for this order, or null when it matches. */
function mismatch(order: OrderRow, capture: ProviderCapture): string | null {
  if (capture.reference !== order.orderSn) return `it is for ${capture.reference}, not ${order.orderSn}`;
  if (capture.amount.currency !== order.currency) return `its currency is ${capture.amount.currency}, not ${order.currency}`;
  if (capture.amount.amountMinor !== order.totalMinor) return `its amount is ${capture.amount.amountMinor}, not ${order.totalMinor} minor units`;
  return null;
}

type Outcome = { kind: 'fulfilled' } | { kind: 'refused'; error: ApiError };

/** Records a capture on the locked order and payment: fulfils, or refuses (kept as failed) when it does not match. */
async function applyCapture(tx: Db, order: OrderRow, payment: PaymentRow, capture: ProviderCapture): Promise<Outcome> {
  const problem = mismatch(order, capture);
  if (problem || !capture.completed) {
    await tx
      .update(payments)
      .set({ status: problem ? 'failed' : payment.status, providerStatus: capture.providerStatus, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    const message = problem
      ? `The provider's payment does not match order ${order.orderSn}: ${problem}. The order was not fulfilled; contact support with the order reference.`
      : `The provider has not completed the payment yet (${capture.providerStatus}). Check again in a minute.`;
    return { kind: 'refused', error: conflict(message, { providerStatus: capture.providerStatus }) };
  }
  await tx
    .update(payments)
    .set({
      status: 'captured',
      capturedAt: sql`now()`,
      captureId: capture.captureId,
      providerStatus: capture.providerStatus,
      vaultToken: capture.vault?.token ?? payment.vaultToken,
      approvalUrl: null,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id));
  if (capture.vault) {
    await tx
      .insert(paymentMethods)
      .values({ userId: order.userId, provider: payment.provider, vaultToken: capture.vault.token, label: capture.vault.label })
      .onConflictDoNothing();
  }
  await fulfilOrder(tx, order);
  return { kind: 'fulfilled' };
}

/** Runs a provider call, turning its refusals into 409s and its outages into 503s. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw conflict(error.message, { providerStatus: error.providerStatus });
    if (error instanceof ProviderUnavailableError) throw new ApiError(503, 'unavailable', `${error.message} Nothing was charged twice; retry shortly.`);
    throw error;
  }
}

/** The result every capture of this order returns (the first and every retry). */
export async function captureResult(deps: PaymentDeps, orderId: number): Promise<CaptureResult> {
  const found = await findOrderWithPayments(deps.db, orderId);
  if (!found?.order.drawId) throw new Error(`Order ${orderId} has no draw to show.`);
  const draw = await findDraw(deps.db, found.ownerId, found.order.drawId, deps.urls);
  if (!draw) throw new Error(`Draw ${found.order.drawId} of order ${orderId} not found.`);
  const captured = found.payments.find((payment) => payment.status === 'captured');
  return { order: found.order, draw, vaultToken: captured?.vaultToken ?? null };
}

export interface StartPaymentInput {
  userId: number;
  orderSn: string;
  provider: PaymentProvider;
  saveMethod: boolean;
  vaultToken: string | null;
  returnUrl: string;
  cancelUrl: string;
}

export async function startPayment(deps: PaymentDeps, input: StartPaymentInput): Promise<StartPaymentResult> {
  const provider = providerOf(deps.providers, input.provider);
  if (input.vaultToken) {
    const [saved] = await deps.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, input.userId), eq(paymentMethods.provider, input.provider), eq(paymentMethods.vaultToken, input.vaultToken)));
    if (!saved) throw notFound(`Saved ${input.provider} method`, 'GET /api/me/payment-methods lists yours; or pay without one.');
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, and(eq(orders.userId, input.userId), eq(orders.orderSn, input.orderSn)));
    if (!locked) throw notFound(`Order ${input.orderSn}`, ORDERS_HINT);
    assertPayable(locked.order, locked.payable);
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: locked.order.id,
        provider: input.provider,
        idempotencyKey: randomUUID(),
        amountMinor: locked.order.totalMinor,
        currency: locked.order.currency,
        saveMethod: input.saveMethod,
        vaultToken: input.vaultToken,
      })
      .returning();
    if (!payment) throw new Error('Inserting the payment returned no row.');
    const created = await providerCall(() =>
      provider.createOrder({
        reference: locked.order.orderSn,
        amount: { amountMinor: locked.order.totalMinor, currency: locked.order.currency },
        description: `ArtToy Club mystery box, order ${locked.order.orderSn}`,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        saveMethod: input.saveMethod,
        vaultToken: input.vaultToken,
        // Its own key: PayPal-Request-Id must not repeat across different calls.
        requestId: `create-${payment.idempotencyKey}`,
        db: tx,
      }),
    );
    const [stored] = await tx
      .update(payments)
      .set({ providerOrderId: created.providerOrderId, approvalUrl: created.approvalUrl, providerStatus: created.providerStatus, status: created.capture ? 'approved' : 'created', updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!stored) throw new Error(`Payment ${payment.id} vanished.`);
    const applied = created.capture ? await applyCapture(tx, locked.order, stored, created.capture) : null;
    return { orderId: locked.order.id, paymentId: payment.id, stored, approvalUrl: created.approvalUrl, applied };
  });
  if (outcome.applied?.kind === 'fulfilled') deps.changes.changed('box_model_figures');
  if (outcome.applied?.kind === 'refused') throw outcome.applied.error;
  // A capture at once (a saved method) changed the payment after `stored` was read.
  const [payment] = outcome.applied ? await deps.db.select().from(payments).where(eq(payments.id, outcome.paymentId)) : [outcome.stored];
  if (!payment) throw new Error(`Payment ${outcome.paymentId} vanished.`);
  return {
    payment: toPaymentSummary(payment),
    approvalUrl: outcome.applied ? null : outcome.approvalUrl,
    result: outcome.applied ? await captureResult(deps, outcome.orderId) : null,
  };
}

/**
 * Captures the payment the buyer approved (`token` = the provider's order id) and fulfils the order.
 * `userId` null: a verified webhook completing it for a buyer who never came back.
 */
export async function capturePayment(deps: PaymentDeps, token: string, userId: number | null): Promise<CaptureResult> {
  let orderId = 0;
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // The order first, then its payment: the order that every other path locks first.
    const ofPayment = sql`(select ${payments.orderId} from ${payments} where ${payments.providerOrderId} = ${token} limit 1)`;
    const locked = await lockOrder(tx, and(eq(orders.id, ofPayment), userId === null ? undefined : eq(orders.userId, userId)));
    if (!locked) throw notFound(`Payment ${token}`, `Start the payment from your order (${ORDERS_HINT})`);
    orderId = locked.order.id;
    const [payment] = await tx.select().from(payments).where(and(eq(payments.providerOrderId, token), eq(payments.orderId, orderId))).limit(1).for('update');
    if (!payment) throw new Error(`Payment ${token} lost its order.`);
    const provider = providerOf(deps.providers, payment.provider);
    // A retry (or a webhook after the buyer's return): the first capture's result stands.
    if (locked.order.status === 'fulfilled' && payment.status === 'captured') return { kind: 'fulfilled' };
    assertPayable(locked.order, locked.payable);
    const capture = await providerCall(() => provider.capture({ providerOrderId: token, requestId: payment.idempotencyKey, db: tx }));
    return applyCapture(tx, locked.order, payment, capture);
  });
  if (outcome.kind === 'refused') throw outcome.error;
  deps.changes.changed('box_model_figures');
  return captureResult(deps, orderId);
}
