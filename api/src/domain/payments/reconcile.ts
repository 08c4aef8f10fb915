/**
 * Payments in doubt, settled at start-up and then periodically (reconcile-schedule.ts). A capture
 * calls the provider inside the transaction that fulfils the order: if the API dies after the
 * provider captured but before that transaction committed, the provider holds the buyer's money
 * while our order still waits for payment, and nobody may come back for it (the buyer closed the
 * tab; a webhook can be lost). So every payment of an order still waiting within its time, or whose
 * capture had started, is asked of its provider again, through the same idempotent capture (same
 * PayPal-Request-Id): a capture that already happened returns its first result and the order is
 * fulfilled exactly once; one that never happened stays as it was (not approved) or completes an
 * approval the buyer gave, as the provider's webhook would. A saved method's payment is recorded before
 * the provider is asked to pay it at once; one with no answer recorded is asked again under the same
 * request id, which returns the provider's first answer (or makes the payment, if it never arrived).
 *
 * Two kinds of failure, kept apart: a provider that cannot answer (network, 5xx: ProviderOutageError)
 * is not asked again in this run, since every call would wait for its timeout; a failure of ours
 * with one order (its fulfilment threw) is logged with the order and the reason, counted, and the
 * next order is settled. Either is asked again by the next run.
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { ApiError } from '../../errors';
import { CAPTURE_GRACE_SECONDS } from '../orders/reservation';
import {
  capturePayment,
  type PaymentDeps,
  savedMethodInDoubt,
  settleSavedMethodPayment,
} from './payment-service';
import { ProviderOutageError } from './provider';

export interface ReconcileLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ReconcileReport {
  /** Payments asked about. */
  checked: number;
  /** Orders fulfilled by this run (their provider had completed or approved the payment). */
  fulfilled: number;
  /** Payments not settled because a provider could not answer (outage; a provider that fails once is not asked again in the run): the next run, a retry or a webhook settles them. */
  unavailable: number;
  /** Payments whose settling failed on our side, one order at a time (logged with the order and the reason); the next run asks again. */
  failed: number;
}

/** The innermost error's message: a failed query's is the database's own words, not the statement. */
function reasonOf(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message : String(innermost);
}

export async function reconcilePayments(deps: PaymentDeps, log: ReconcileLog): Promise<ReconcileReport> {
  const configured = Object.entries(deps.providers).flatMap(([name, provider]) =>
    provider ? [name as keyof PaymentDeps['providers']] : [],
  );
  const stillHeld = and(
    eq(orders.status, 'pending_payment'),
    // An order whose capture had started is never swept as expired while a payment of it is in doubt: only this settles it.
    or(
      sql`now() < ${orders.expiresAt} + ${sql.raw(`interval '${CAPTURE_GRACE_SECONDS} seconds'`)}`,
      isNotNull(orders.captureStartedAt),
    ),
    inArray(payments.provider, configured),
  );
  const inDoubt = await deps.db
    .select({
      id: payments.id,
      token: payments.providerOrderId,
      provider: payments.provider,
      orderSn: orders.orderSn,
    })
    .from(payments)
    .innerJoin(orders, eq(payments.orderId, orders.id))
    .where(
      and(
        stillHeld,
        or(
          // Created or approved at the provider: its capture is asked again.
          and(inArray(payments.status, ['created', 'approved']), isNotNull(payments.providerOrderId)),
          // A saved method's payment recorded, its box held, and no answer of the provider recorded:
          // the API stopped while asking it. The provider is asked again under the same request id.
          and(savedMethodInDoubt, isNotNull(orders.captureStartedAt)),
        ),
      ),
    )
    .orderBy(asc(payments.id));
  const report: ReconcileReport = { checked: inDoubt.length, fulfilled: 0, unavailable: 0, failed: 0 };
  // A provider that is down is not asked again in this run: each call would hold the run up for a timeout.
  const down = new Set<string>();
  for (const { id, token, provider, orderSn } of inDoubt) {
    if (down.has(provider)) {
      report.unavailable += 1;
      continue;
    }
    try {
      if (token) await capturePayment(deps, token, null);
      else {
        const outcome = await settleSavedMethodPayment(deps, id);
        if (outcome.kind === 'refused') throw outcome.error;
      }
      report.fulfilled += 1;
      log.info({ orderSn, provider }, 'payment in doubt: captured at the provider, order fulfilled');
    } catch (error) {
      if (error instanceof ProviderOutageError) {
        down.add(provider);
        report.unavailable += 1;
        log.warn(
          { orderSn, provider, err: error },
          'payment in doubt: the provider could not say; its other payments wait for the next run, a retry or its webhook',
        );
      } else if (error instanceof ApiError && error.statusCode < 500) {
        // Not approved, cancelled, declined, not matching, or refunded: settled, with nothing of ours to fulfil.
      } else {
        report.failed += 1;
        const reason = reasonOf(error);
        log.error(
          { orderSn, provider, reason, err: error },
          `payment in doubt: settling order ${orderSn} failed (${reason}); the other orders go on, and the next run asks again`,
        );
      }
    }
  }
  if (report.checked > 0)
    log[report.failed > 0 ? 'warn' : 'info']({ ...report }, 'payments in doubt reconciled');
  return report;
}
