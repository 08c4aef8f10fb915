/**
 * Paying an order: start a payment with a provider, capture it on the server (amount, currency and
 * order checked against ours), fulfil the order in the same transaction. Before the provider is asked
 * for money, the order's capture is marked started and committed (capture-hold.ts), so it keeps its
 * box however long the provider takes; the transaction then holds the order's row lock across the
 * provider call, so a second capture of the same order waits for it and then sees the outcome.
 * Captures are idempotent: the provider gets the payment's idempotency key (PayPal-Request-Id), and a
 * fulfilled order returns the first result. A paid order that cannot be fulfilled is refunded. A saved
 * method pays at once when its payment is created: that payment is recorded (committed) before the
 * provider is asked, so an answer lost on the way back leaves a record that the buyer's retry and
 * reconciliation ask about again, under the same request id.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { CaptureResult, PaymentProvider, StartPaymentResult } from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { fromJsonRow } from '../../db/json-row';
import { orders, paymentMethods, payments, serverSeeds } from '../../db/schema';
import { ApiError, apiError } from '../../errors';
import type { CatalogueUrls } from '../catalogue/urls';
import { findDrawOfOrder } from '../draws/draw-proof';
import type { CommerceOutcomes } from '../outcomes';
import type { DataChanges } from '../../cache/data-changes';
import { type DrawInputs, fulfilOrder, type StockLine, UnfulfillableOrderError } from '../draws/fulfil';
import { findOrderWithPayments, toPaymentSummary } from '../orders/order-view';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS, holdsItsBox } from '../orders/reservation';
import {
  assertPending,
  type CaptureClaim,
  claimCapture,
  claimCaptureOfPayment,
  expired,
  refundPaid,
  releaseClaim,
} from './capture-hold';
import {
  type CreateProviderOrderInput,
  type InDatabaseProvider,
  PaymentDeclinedError,
  type PaymentProviderAdapter,
  type ProviderCapture,
  type ProviderOrder,
  ProviderOutageError,
  ProviderUnavailableError,
} from './provider';

export type PaymentProviders = Record<PaymentProvider, PaymentProviderAdapter | null>;

export interface PaymentDeps {
  db: Db;
  providers: PaymentProviders;
  urls: CatalogueUrls;
  /** Told once a fulfilment (a draw takes a figure from stock) has committed, so cached stock is never served after it. */
  changes: DataChanges;
  /** Told of each payment settled and each order paid or refunded, once committed (the metrics). Default: nobody. */
  outcomes?: CommerceOutcomes;
}

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

// The statements a payment sends in its transactions are named (`.prepare(name).execute()`): built by
// drizzle each time (a transaction's statements run on its own connection, so they cannot be built
// once like db/prepared.ts's), but on PostgreSQL each pooled connection parses and plans a named
// statement once, where an unnamed one is parsed and planned on every purchase. A name is one text:
// one shape of query each (pg refuses a name sent with another text).

const ORDERS_HINT = 'GET /api/orders lists your orders.';

/** What the provider's page says the buyer pays for. */
const DESCRIPTIONS: Record<OrderRow['kind'], string> = {
  box: 'mystery box',
  ship_out: 'ship-out fee',
  listing: "collector's figure",
};

/**
 * The order row, locked, with whether it still holds its box (its time plus the grace, or a capture's
 * hold). `name` names the statement's shape (one per `where` shape): see named() below.
 */
async function lockOrder(tx: Db, where: SQL | undefined, name: string) {
  const [row] = await tx
    .select({ order: orders, payable: holdsItsBox })
    .from(orders)
    .where(where)
    .for('update')
    .prepare(name)
    .execute();
  return row ?? null;
}

function assertPayable(order: Parameters<typeof assertPending>[0], payable: boolean): void {
  assertPending(order);
  if (!payable) throw expired(order);
}

function providerOf(providers: PaymentProviders, name: PaymentProvider): PaymentProviderAdapter {
  const provider = providers[name];
  if (!provider) throw apiError('provider_not_set_up', { provider: name });
  return provider;
}

/** Why a completed capture cannot be accepted for this order, or null when it matches. */
function mismatch(order: OrderRow, capture: ProviderCapture): string | null {
  if (capture.reference !== order.orderSn) return `it is for ${capture.reference}, not ${order.orderSn}`;
  if (capture.amount.currency !== order.currency)
    return `its currency is ${capture.amount.currency}, not ${order.currency}`;
  if (capture.amount.amountMinor !== order.totalMinor)
    return `its amount is ${capture.amount.amountMinor}, not ${order.totalMinor} minor units`;
  return null;
}

/**
 * `settled`: what this call decided, for the metrics (none when it only read a decision made before,
 * or the payment is still completing at the provider).
 */
export type Outcome =
  | { kind: 'fulfilled'; settled?: 'captured' }
  | { kind: 'refused'; error: ApiError; settled?: 'refunded' | 'mismatch' | 'declined' };

/** Tells `outcomes` what an Outcome settled, after its transaction committed. */
function tell(outcomes: CommerceOutcomes | undefined, provider: string, outcome: Outcome): void {
  if (!outcomes || !outcome.settled) return;
  if (outcome.settled === 'captured') {
    outcomes.payment(provider, 'captured');
    outcomes.order('paid');
  } else if (outcome.settled === 'refunded') {
    outcomes.payment(provider, 'refused');
    outcomes.order('refused');
  } else outcomes.payment(provider, outcome.settled === 'declined' ? 'declined' : 'refused');
}

/**
 * Records a capture on the locked order and payment: fulfils, refunds (the box is gone: `claim` is
 * 'settle', or nothing is left to draw), or refuses (kept as failed) when it does not match.
 */
async function applyCapture(
  tx: Db,
  provider: PaymentProviderAdapter,
  order: OrderRow,
  payment: PaymentRow,
  capture: ProviderCapture,
  claim: CaptureClaim,
): Promise<Outcome> {
  const problem = mismatch(order, capture);
  if (problem || !capture.completed) {
    await tx
      .update(payments)
      .set({
        status: problem ? 'failed' : payment.status,
        providerStatus: capture.providerStatus,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    // Not matching is final for this payment; one still completing (PENDING) keeps its hold.
    if (problem) await releaseClaim(tx, order.id);
    const error = problem
      ? apiError('payment_mismatch', {
          orderSn: order.orderSn,
          problem,
          providerStatus: capture.providerStatus,
        })
      : apiError('payment_pending', { providerStatus: capture.providerStatus });
    return problem ? { kind: 'refused', error, settled: 'mismatch' } : { kind: 'refused', error };
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
    .where(eq(payments.id, payment.id))
    .prepare('mark_payment_captured')
    .execute();
  if (capture.vault) {
    await tx
      .insert(paymentMethods)
      .values({
        userId: order.userId,
        provider: payment.provider,
        vaultToken: capture.vault.token,
        label: capture.vault.label,
      })
      .onConflictDoNothing();
  }
  return fulfilCaptured(tx, provider, order, payment, capture, claim);
}

/**
 * Fulfils the locked order whose payment is marked captured, or refunds it (the box is gone: `claim`
 * is 'settle', or nothing is left to draw). `drawInputs`: the buyer's seed and the box's stock when
 * the capture's statement read them.
 */
async function fulfilCaptured(
  tx: Db,
  provider: PaymentProviderAdapter,
  order: OrderRow,
  payment: PaymentRow,
  capture: ProviderCapture,
  claim: CaptureClaim,
  drawInputs?: DrawInputs,
): Promise<Outcome> {
  if (claim === 'settle')
    return {
      kind: 'refused',
      error: await refundPaid(tx, provider, order, payment, capture),
      settled: 'refunded',
    };
  try {
    await fulfilOrder(tx, order, drawInputs);
  } catch (error) {
    if (!(error instanceof UnfulfillableOrderError)) throw error;
    return {
      kind: 'refused',
      error: await refundPaid(tx, provider, order, payment, capture),
      settled: 'refunded',
    };
  }
  return { kind: 'fulfilled', settled: 'captured' };
}

/** Turns a provider's refusal into a 409 and its outage into a 503. */
function providerError(error: unknown): unknown {
  if (error instanceof PaymentDeclinedError)
    return apiError('payment_declined', { problem: error.message, providerStatus: error.providerStatus });
  if (error instanceof ProviderUnavailableError)
    return new ProviderOutageError(
      apiError('provider_unavailable', {
        problem: `${error.message} Nothing was charged twice; retry shortly.`,
      }),
    );
  return error;
}

/** Runs a provider call, turning its refusals into 409s and its outages into 503s. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * The result every capture of this order returns (the first and every retry). A box order's draw is
 * read beside the order (two statements at once); a ship-out has nothing to reveal (its request is
 * with the warehouse), nor a bought listing (its item is in the buyer's locker).
 */
export async function captureResult(
  deps: PaymentDeps,
  order: { id: number; kind: OrderRow['kind'] },
): Promise<CaptureResult> {
  const [found, draw] = await Promise.all([
    findOrderWithPayments(deps.db, order.id),
    order.kind === 'box' ? findDrawOfOrder(deps.db, order.id, deps.urls) : null,
  ]);
  if (!found) throw new Error(`Order ${order.id} vanished.`);
  const captured = found.payments.find((payment) => payment.status === 'captured');
  const vaultToken = captured?.vaultToken ?? null;
  if (found.order.kind !== 'box') return { order: found.order, draw: null, vaultToken };
  if (!draw) throw new Error(`Order ${order.id} has no draw to show.`);
  return { order: found.order, draw, vaultToken };
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
  const mine = and(eq(orders.userId, input.userId), eq(orders.orderSn, input.orderSn));
  if (input.vaultToken) return payWithSavedMethod(deps, input, input.vaultToken, mine);
  if (input.provider === 'sandbox' && provider.inDatabase)
    return startSandboxPayment(deps.db, provider.inDatabase, input);
  // Nothing is taken until the buyer approves: the provider's order is created in the transaction
  // that records it, and one that was created but never recorded cannot be approved.
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, mine, 'lock_order_of_user');
    if (!locked) throw apiError('order_not_found', { orderSn: input.orderSn, hint: ORDERS_HINT });
    assertPayable(locked.order, locked.payable);
    const payment = await insertPayment(tx, locked.order, input);
    const created = await providerCall(() =>
      provider.createOrder(createOrderInput(locked.order, payment, input, tx)),
    );
    return recordCreated(tx, payment.id, created);
  });
  return { payment: toPaymentSummary(stored), approvalUrl: stored.approvalUrl, result: null };
}

/** What arttoy_start_sandbox_payment answers (migration 0018): the order's state, and the payment it made (null fields when refused). */
interface StartedRow {
  orderStatus: OrderRow['status'];
  orderKind: OrderRow['kind'];
  payable: boolean;
  id: number | null;
  status: PaymentRow['status'];
  providerOrderId: string;
  approvalUrl: string;
  amountMinor: number;
  currency: string;
  createdAt: string | Date;
  capturedAt: string | Date | null;
}

/**
 * A sandbox payment started in one statement (arttoy_start_sandbox_payment, migration 0018): the
 * order locked and checked as lockOrder and assertPayable do, and the sandbox's checkout and the
 * payment written as createOrder and recordCreated write them, under the same request id.
 */
async function startSandboxPayment(
  db: Db,
  sandbox: InDatabaseProvider,
  input: StartPaymentInput,
): Promise<StartPaymentResult> {
  const idempotencyKey = randomUUID();
  const { providerOrderId, approvalUrl } = sandbox.orderFor(createRequestId(idempotencyKey));
  const answer =
    await db.execute(sql`select order_status as "orderStatus", order_kind as "orderKind", payable, payment_id as "id",
      payment_status as "status", provider_order_id as "providerOrderId", approval_url as "approvalUrl", amount_minor as "amountMinor", currency,
      created_at as "createdAt", captured_at as "capturedAt"
    from arttoy_start_sandbox_payment(${input.userId}::bigint, ${input.orderSn}, ${idempotencyKey}, ${providerOrderId}, ${approvalUrl},
      ${input.saveMethod}, ${input.returnUrl}, ${input.cancelUrl}, ${CAPTURE_GRACE_SECONDS}::int, ${CAPTURE_HOLD_SECONDS}::int)`);
  const [row] = rowsOf<StartedRow>(answer);
  if (!row) throw apiError('order_not_found', { orderSn: input.orderSn, hint: ORDERS_HINT });
  assertPayable({ orderSn: input.orderSn, status: row.orderStatus, kind: row.orderKind }, row.payable);
  if (row.id === null) throw new Error(`Order ${input.orderSn} was payable, and no payment was made for it.`);
  const payment = {
    id: Number(row.id),
    provider: input.provider,
    status: row.status,
    providerOrderId: row.providerOrderId,
    approvalUrl: row.approvalUrl,
    amountMinor: Number(row.amountMinor),
    currency: row.currency,
    createdAt: new Date(row.createdAt),
    capturedAt: row.capturedAt === null ? null : new Date(row.capturedAt),
  };
  return { payment: toPaymentSummary(payment), approvalUrl: payment.approvalUrl, result: null };
}

/** The request id a payment's provider order is created under: its own key (PayPal-Request-Id must not repeat across different calls). */
const createRequestId = (idempotencyKey: string) => `create-${idempotencyKey}`;

async function insertPayment(tx: Db, order: OrderRow, input: StartPaymentInput): Promise<PaymentRow> {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: input.provider,
      idempotencyKey: randomUUID(),
      amountMinor: order.totalMinor,
      currency: order.currency,
      saveMethod: input.saveMethod,
      vaultToken: input.vaultToken,
    })
    .returning()
    .prepare('insert_payment')
    .execute();
  if (!payment) throw new Error('Inserting the payment returned no row.');
  return payment;
}

/** What the provider is asked for a payment; the same every time it is asked (same PayPal-Request-Id). */
function createOrderInput(
  order: OrderRow,
  payment: PaymentRow,
  urls: { returnUrl: string; cancelUrl: string },
  db: Db,
): CreateProviderOrderInput {
  return {
    reference: order.orderSn,
    amount: { amountMinor: payment.amountMinor, currency: payment.currency },
    description: `ArtToy Club ${DESCRIPTIONS[order.kind]}, order ${order.orderSn}`,
    returnUrl: urls.returnUrl,
    cancelUrl: urls.cancelUrl,
    saveMethod: payment.saveMethod,
    vaultToken: payment.vaultToken,
    requestId: createRequestId(payment.idempotencyKey),
    db,
  };
}

async function recordCreated(tx: Db, paymentId: number, created: ProviderOrder): Promise<PaymentRow> {
  const [stored] = await tx
    .update(payments)
    .set({
      providerOrderId: created.providerOrderId,
      approvalUrl: created.approvalUrl,
      providerStatus: created.providerStatus,
      status: created.capture ? 'approved' : 'created',
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId))
    .returning()
    .prepare('record_provider_order')
    .execute();
  if (!stored) throw new Error(`Payment ${paymentId} vanished.`);
  return stored;
}

/**
 * A saved method pays at once, so nothing of it may live only in a transaction that could be lost:
 * the box is held and the payment recorded (both committed) before the provider is asked, and the
 * provider's answer is applied in a transaction of its own. If the API dies in between, the payment
 * is there for reconciliation, which asks again under the same request id (settleSavedMethodPayment):
 * the provider returns its first answer, and nothing is charged twice.
 */
async function payWithSavedMethod(
  deps: PaymentDeps,
  input: StartPaymentInput,
  vaultToken: string,
  mine: SQL | undefined,
): Promise<StartPaymentResult> {
  const [saved] = await deps.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, input.userId),
        eq(paymentMethods.provider, input.provider),
        eq(paymentMethods.vaultToken, vaultToken),
      ),
    );
  if (!saved)
    throw apiError('payment_method_not_found', {
      method: `${input.provider} method`,
      hint: 'GET /api/me/payment-methods lists yours; or pay without one.',
    });
  const [order] = await deps.db
    .select({ id: orders.id, orderSn: orders.orderSn, kind: orders.kind })
    .from(orders)
    .where(mine);
  if (!order) throw apiError('order_not_found', { orderSn: input.orderSn, hint: ORDERS_HINT });
  const claim = await claimCapture(deps.db, order);
  // Its time ran out and its box went: no new payment may take money for it.
  if (claim === 'settle') throw expired(order);
  const payment = await deps.db
    .transaction(async (tx) => {
      const locked = await lockOrder(tx, mine, 'lock_order_of_user');
      if (!locked) throw apiError('order_not_found', { orderSn: input.orderSn, hint: ORDERS_HINT });
      assertPending(locked.order);
      // A payment of this order with a saved method may be in doubt (its answer was lost): it is asked
      // again under its own request id, never made a second time beside it.
      const [inDoubt] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, locked.order.id), savedMethodInDoubt))
        .limit(1)
        .for('update');
      return inDoubt ?? insertPayment(tx, locked.order, input);
    })
    .catch(async (error: unknown) => {
      // Not waiting for payment any more (paid by a concurrent request, or cancelled): nothing was asked of the provider.
      if (claim && error instanceof ApiError && error.statusCode === 409)
        await releaseClaim(deps.db, order.id);
      throw error;
    });
  const outcome = await settleSavedMethodPayment(
    deps,
    payment.id,
    { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl },
    claim,
  );
  if (outcome.kind === 'refused') throw outcome.error;
  const [settled] = await deps.db.select().from(payments).where(eq(payments.id, payment.id));
  if (!settled) throw new Error(`Payment ${payment.id} vanished.`);
  return { payment: toPaymentSummary(settled), approvalUrl: null, result: await captureResult(deps, order) };
}

/** A saved method's payment recorded, and no answer of its provider recorded: the provider may have taken it. */
export const savedMethodInDoubt = and(
  eq(payments.status, 'created'),
  isNull(payments.providerOrderId),
  isNotNull(payments.vaultToken),
);

/** A saved method is paid at once and never sends the buyer anywhere: reconciliation has no page to name. */
const SAVED_METHOD_URLS = { returnUrl: '/payment/order_pay', cancelUrl: '/payment/order_pay' };

/**
 * Asks the provider to pay a recorded saved-method payment (again, under its first request id) and
 * applies the answer: fulfilled, refunded when the box is gone, or refused. A refusal by the provider
 * marks the payment failed and gives the order back its own time; an outage leaves the payment in
 * doubt, holding its box, for the next reconciliation round.
 */
export async function settleSavedMethodPayment(
  deps: PaymentDeps,
  paymentId: number,
  urls = SAVED_METHOD_URLS,
  claimed?: CaptureClaim | null,
): Promise<Outcome> {
  const [row] = await deps.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(payments.orderId, orders.id))
    .where(eq(payments.id, paymentId));
  if (!row) throw new Error(`Payment ${paymentId} not found.`);
  const provider = providerOf(deps.providers, row.payment.provider);
  // Held (again) before the provider is asked; 'settle' when the hold ran out and the box went: what
  // the provider takes then is refunded (it may have taken it before the API stopped).
  const claim = claimed === undefined ? await claimCapture(deps.db, row.order) : claimed;
  let created: ProviderOrder;
  try {
    created = await provider.createOrder(createOrderInput(row.order, row.payment, urls, deps.db));
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ status: 'failed', providerStatus: error.providerStatus, updatedAt: sql`now()` })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
        await releaseClaim(tx, row.order.id);
      });
      deps.outcomes?.payment(row.payment.provider, 'declined');
    }
    throw providerError(error);
  }
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockOrder(tx, eq(orders.id, row.order.id), 'lock_order_by_id');
    if (!locked) throw new Error(`Order ${row.order.id} vanished.`);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`Payment ${paymentId} vanished.`);
    // Asked twice at once (the buyer's request and a reconciliation round): the first answer applied stands.
    if (payment.status === 'captured' && locked.order.status === 'fulfilled') return { kind: 'fulfilled' };
    assertPending(locked.order);
    const stored = await recordCreated(tx, paymentId, created);
    if (!created.capture) {
      return {
        kind: 'refused',
        error: apiError('saved_method_not_immediate', { providerStatus: created.providerStatus }),
      };
    }
    return applyCapture(tx, provider, locked.order, stored, created.capture, claim ?? 'held');
  });
  tell(deps.outcomes, row.payment.provider, outcome);
  if (outcome.kind === 'fulfilled') deps.changes.changed('box_model_figures', 'orders');
  return outcome;
}

/** What arttoy_begin_capture answers (migration 0018): rows as to_jsonb gives them. */
interface BegunCaptureRow {
  order: Record<string, unknown>;
  payment: Record<string, unknown>;
  captured: boolean;
  checkout: Record<string, unknown> | null;
  seed: Record<string, unknown> | null;
  lines: StockLine[] | null;
}

interface BegunCapture {
  order: OrderRow;
  payment: PaymentRow;
  /** Set when the statement took the sandbox's capture and marked the payment captured. */
  taken: { capture: ProviderCapture; drawInputs: DrawInputs | undefined } | null;
}

/**
 * A capture's first statement in its transaction (arttoy_begin_capture, migration 0018): the order
 * and its payment locked, the order first (the order every other path locks first); null when either
 * is gone. For the common capture (a box order claimed 'held', paid through the sandbox, its checkout
 * approved and matching the order) the same statement takes it as the sandbox's capture and
 * applyCapture would (checkout completed, payment marked captured, method saved) and reads the
 * buyer's seed, locked, with the box's stock, as fulfilOrder would: `taken`. Otherwise only the locks
 * are taken, and the capture goes the general way.
 */
async function beginCapture(
  tx: Db,
  sandbox: InDatabaseProvider | null,
  orderId: number,
  token: string,
  claim: CaptureClaim | null,
): Promise<BegunCapture | null> {
  const ids = sandbox?.newCapture() ?? { captureId: null, vaultToken: null };
  const answer =
    await tx.execute(sql`select order_row as "order", payment_row as "payment", captured, checkout_row as "checkout", seed_row as "seed", lines
    from arttoy_begin_capture(${orderId}::bigint, ${token}, ${sandbox ? claim : null}::text, ${ids.captureId}::text, ${ids.vaultToken}::text)`);
  const [row] = rowsOf<BegunCaptureRow>(answer);
  if (!row) return null;
  const order = fromJsonRow(orders, row.order);
  const payment = fromJsonRow(payments, row.payment);
  if (!row.captured || !sandbox || !row.checkout) return { order, payment, taken: null };
  const drawInputs =
    row.seed && row.lines ? { seed: fromJsonRow(serverSeeds, row.seed), lines: row.lines } : undefined;
  return { order, payment, taken: { capture: sandbox.toCapture(row.checkout), drawInputs } };
}

/**
 * Captures the payment the buyer approved (`token` = the provider's order id) and fulfils the order.
 * `userId` null: a verified webhook completing it for a buyer who never came back.
 */
export async function capturePayment(
  deps: PaymentDeps,
  token: string,
  userId: number | null,
): Promise<CaptureResult> {
  // Found and claimed in one statement, committed before the provider is asked: the order keeps its box however long the provider takes.
  const claimed = await claimCaptureOfPayment(deps.db, token, userId);
  if (!claimed)
    throw apiError('payment_not_found', {
      token,
      hint: `Start the payment from your order (${ORDERS_HINT})`,
    });
  const { order: found, claim } = claimed;
  let providerName = '';
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const locked = await beginCapture(tx, deps.providers.sandbox?.inDatabase ?? null, found.id, token, claim);
    if (!locked) throw new Error(`Order ${found.id} or its payment ${token} vanished.`);
    const { payment } = locked;
    const provider = providerOf(deps.providers, payment.provider);
    providerName = payment.provider;
    // A retry (or a webhook after the buyer's return): the first capture's result stands.
    if (locked.order.status === 'fulfilled' && payment.status === 'captured') return { kind: 'fulfilled' };
    assertPending(locked.order);
    if (!claim) throw new Error(`Order ${found.orderSn} is waiting for payment again after it was not.`);
    // Taken by the locking statement (the sandbox's approved checkout, matching the order): the payment is marked captured.
    if (locked.taken)
      return fulfilCaptured(
        tx,
        provider,
        locked.order,
        payment,
        locked.taken.capture,
        claim,
        locked.taken.drawInputs,
      );
    let capture: ProviderCapture;
    try {
      capture = await provider.capture({ providerOrderId: token, requestId: payment.idempotencyKey, db: tx });
    } catch (error) {
      // Not approved, cancelled, declined: nothing was taken, and the order goes back to its own time.
      if (!(error instanceof PaymentDeclinedError)) throw providerError(error);
      await releaseClaim(tx, found.id);
      return { kind: 'refused', error: providerError(error) as ApiError, settled: 'declined' };
    }
    return applyCapture(tx, provider, locked.order, payment, capture, claim);
  });
  tell(deps.outcomes, providerName, outcome);
  if (outcome.kind === 'refused') throw outcome.error;
  deps.changes.changed('box_model_figures', 'orders');
  return captureResult(deps, found);
}
