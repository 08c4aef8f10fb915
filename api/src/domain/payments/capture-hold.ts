/**
 * What keeps a buyer's money and a box together while a provider takes the money.
 *
 * - Before a provider is asked to take money (a capture, a payment with a saved method), the order's
 *   capture is marked started in a statement of its own that commits first (arttoy_claim_capture,
 *   migration 0007): from then on the order holds its box for CAPTURE_HOLD_SECONDS, whatever its own
 *   time says, so a second buyer cannot reserve the box while the first buyer's provider answers.
 * - A paid order that still cannot be fulfilled (stock lowered by hand; a capture settled after its
 *   hold ran out and the box was sold) is refunded in full through the provider, and the order reads
 *   `refunded`: the buyer gets a 409 saying so, never a 500 with their money kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { orders, payments } from '../../db/schema';
import { type ApiError, apiError } from '../../errors';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS } from '../orders/reservation';
import {
  PaymentDeclinedError,
  type PaymentProviderAdapter,
  type ProviderCapture,
  ProviderOutageError,
  ProviderUnavailableError,
} from './provider';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** What became of a paid order's goods that made it unfulfillable, and what to do next, by kind of order. */
const GONE: Record<OrderRow['kind'], { gone: string; next: string }> = {
  box: { gone: 'the box was gone before it could be drawn', next: 'choose another box' },
  ship_out: {
    gone: 'its ship request was cancelled before the fee could be applied',
    next: 'request the ship-out again',
  },
  listing: {
    gone: 'the listing was sold to another buyer or withdrawn before your payment could settle it',
    next: 'look for another listing of the figure',
  },
};

/** What an unpaid order past its time gave back, and how to order again, by kind of order. */
const LAPSED: Record<OrderRow['kind'], { freed: string; again: string }> = {
  box: { freed: 'its box went back on sale', again: 'Order the box again' },
  ship_out: {
    freed: 'its ship request is cancelled and its items go back to your locker',
    again: 'Request the ship-out again',
  },
  listing: {
    freed: 'the listing is free for other buyers again',
    again: "Order it again from the figure's page if it is still on sale",
  },
};

/** 'held': the order has its box; 'settle': a capture begun earlier outlived its hold and the box went, so money taken is refunded. */
export type CaptureClaim = 'held' | 'settle';

/** Refuses an order that is not waiting for payment, saying what became of it. */
export function assertPending(order: {
  orderSn: string;
  status: OrderStatus;
  kind?: OrderRow['kind'];
}): void {
  const kind = order.kind ?? 'box';
  if (order.status === 'fulfilled' || order.status === 'paid')
    throw apiError('order_already_paid', { orderSn: order.orderSn, status: order.status });
  if (order.status === 'refunded') {
    const { gone, next } = GONE[kind];
    throw apiError('order_refunded', { orderSn: order.orderSn, gone, next, status: order.status });
  }
  if (order.status !== 'pending_payment') {
    throw apiError('order_not_payable', {
      orderSn: order.orderSn,
      again: LAPSED[kind].again,
      status: order.status,
    });
  }
}

/** An unpaid order past its time, paid too late: said by its kind (a box, a listing, a ship-out fee). */
export const expired = (order: { orderSn: string; kind?: OrderRow['kind'] }) => {
  const { freed, again } = LAPSED[order.kind ?? 'box'];
  return apiError('order_expired', { orderSn: order.orderSn, freed, again });
};

/**
 * Marks the order's capture started, committed before the caller asks the provider for money. Null
 * when the order stopped waiting for payment meanwhile (a concurrent capture of it fulfilled it): the
 * caller's locked read then decides (a retry gets the first result; anything else its 409).
 */
export async function claimCapture(
  db: Db,
  order: { id: number; orderSn: string; kind: OrderRow['kind'] },
): Promise<CaptureClaim | null> {
  const answer = await db.execute(sql`select decision, order_status as "status"
    from arttoy_claim_capture(${order.id}::bigint, ${CAPTURE_GRACE_SECONDS}::int, ${CAPTURE_HOLD_SECONDS}::int)`);
  return claimOf(rowsOf<{ decision: string; status: OrderStatus | null }>(answer)[0]?.decision, order);
}

/** The order a provider's payment (`token`) pays, of `userId` unless null (a webhook). */
export interface PaymentOrder {
  id: number;
  orderSn: string;
  kind: OrderRow['kind'];
  status: OrderStatus;
}

/**
 * The order of a provider's payment and, when it waits for payment, its capture claimed (as
 * claimCapture): one statement, committed before the provider is asked. Null when there is no such
 * payment of this buyer. The claim is made only for an order waiting for payment (CASE evaluates
 * its branch only when chosen); `claim` is null for any other order, whose locked read decides.
 */
export async function claimCaptureOfPayment(
  db: Db,
  token: string,
  userId: number | null,
): Promise<{ order: PaymentOrder; claim: CaptureClaim | null } | null> {
  const answer = await db.execute(sql`select o.id, o.order_sn as "orderSn", o.kind, o.status,
      case when o.status = 'pending_payment' then
        (select c.decision from arttoy_claim_capture(o.id, ${CAPTURE_GRACE_SECONDS}::int, ${CAPTURE_HOLD_SECONDS}::int) c) end as decision
    from orders o
    where o.id = (select p.order_id from payments p where p.provider_order_id = ${token} limit 1)
      and (${userId}::bigint is null or o.user_id = ${userId}::bigint)`);
  const [row] = rowsOf<PaymentOrder & { decision: string | null }>(answer);
  if (!row) return null;
  const { decision, ...order } = row;
  return {
    order: { ...order, id: Number(order.id) },
    claim: decision === null ? null : claimOf(decision, order),
  };
}

/** What arttoy_claim_capture's decision means for the caller: a claim, null (no longer pending), or the buyer's 409 or 404. */
function claimOf(
  decision: string | undefined,
  order: { orderSn: string; kind: OrderRow['kind'] },
): CaptureClaim | null {
  switch (decision) {
    case 'held':
    case 'settle':
      return decision;
    case 'expired':
      throw expired(order);
    case 'not_pending':
      return null;
    default:
      throw apiError('order_not_found', {
        orderSn: order.orderSn,
        hint: 'GET /api/orders lists your orders.',
      });
  }
}

/** The provider said no for good (not approved, cancelled, not matching): the order goes back to its own time. */
export async function releaseClaim(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ captureStartedAt: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')));
}

/**
 * Gives a captured payment back in full and closes the order as refunded, in the caller's
 * transaction (the payment row was just marked captured). Returns the buyer's 409. If the provider
 * cannot refund now, the whole transaction is undone (a 503): the capture stays marked started, so
 * reconciliation asks again (the same capture and refund request ids) until it is refunded.
 */
export async function refundPaid(
  tx: Db,
  provider: PaymentProviderAdapter,
  order: OrderRow,
  payment: PaymentRow,
  capture: ProviderCapture,
): Promise<ApiError> {
  let refund;
  try {
    refund = await provider.refund({
      captureId: capture.captureId,
      amount: capture.amount,
      requestId: `refund-${payment.idempotencyKey}`,
      db: tx,
    });
  } catch (error) {
    if (!(error instanceof PaymentDeclinedError || error instanceof ProviderUnavailableError)) throw error;
    const pending = apiError('refund_pending', {
      orderSn: order.orderSn,
      gone: GONE[order.kind].gone,
      provider: payment.provider,
      problem: error.message,
    });
    // An outage stops reconciliation asking that provider this run; a refused refund is this order's alone.
    throw error instanceof ProviderUnavailableError ? new ProviderOutageError(pending) : pending;
  }
  await tx
    .update(payments)
    .set({ status: 'refunded', providerStatus: refund.providerStatus, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  await tx
    .update(orders)
    .set({
      status: 'refunded',
      paidAt: sql`now()`,
      refundedAt: sql`now()`,
      captureStartedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id));
  return apiError('order_refunded_unfulfillable', {
    orderSn: order.orderSn,
    gone: GONE[order.kind].gone,
    next: GONE[order.kind].next,
    refundId: refund.refundId,
  });
}
