/**
 * Payments in doubt, settled at start-up. A capture calls the provider inside the transaction that
 * fulfils the order: if the API dies after the provider captured but before that transaction
 * committed, the provider holds the buyer's money while our order still waits for payment, and
 * nobody may come back for it (the buyer closed the tab; a webhook can be lost). So on start, every
 * payment of an order still waiting within its time is asked of its provider again, through the
 * same idempotent capture (same PayPal-Request-Id): a capture that already happened returns its
 * first result and the order is fulfilled exactly once; one that never happened stays as it was
 * (not approved) or completes an approval the buyer gave, as the provider's webhook would.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { ApiError } from '../../errors';
import { CAPTURE_GRACE_SECONDS } from '../orders/reservation';
import { capturePayment, type PaymentDeps } from './payment-service';

export interface ReconcileLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReconcileReport {
  /** Payments asked about. */
  checked: number;
  /** Orders fulfilled by this run (their provider had completed or approved the payment). */
  fulfilled: number;
  /** Payments not settled because a provider could not answer (outage; a provider that fails once is not asked again in the run): the next start, a retry or a webhook settles them. */
  unavailable: number;
}

export async function reconcilePayments(deps: PaymentDeps, log: ReconcileLog): Promise<ReconcileReport> {
  const configured = Object.entries(deps.providers).flatMap(([name, provider]) => (provider ? [name as keyof PaymentDeps['providers']] : []));
  const inDoubt = await deps.db
    .select({ token: payments.providerOrderId, provider: payments.provider, orderSn: orders.orderSn })
    .from(payments)
    .innerJoin(orders, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        sql`now() < ${orders.expiresAt} + ${sql.raw(`interval '${CAPTURE_GRACE_SECONDS} seconds'`)}`,
        inArray(payments.status, ['created', 'approved']),
        isNotNull(payments.providerOrderId),
        inArray(payments.provider, configured),
      ),
    );
  const report: ReconcileReport = { checked: inDoubt.length, fulfilled: 0, unavailable: 0 };
  // A provider that is down is not asked again in this run: each call would hold the start up for a timeout.
  const down = new Set<string>();
  for (const { token, provider, orderSn } of inDoubt) {
    if (down.has(provider)) {
      report.unavailable += 1;
      continue;
    }
    try {
      await capturePayment(deps, token ?? '', null);
      report.fulfilled += 1;
      log.info({ orderSn, provider }, 'payment in doubt: captured at the provider, order fulfilled');
    } catch (error) {
      // Not approved, cancelled, declined or not matching: nothing was taken that is ours to fulfil.
      if (error instanceof ApiError && error.statusCode < 500) continue;
      down.add(provider);
      report.unavailable += 1;
      log.warn({ orderSn, provider, err: error }, 'payment in doubt: the provider could not say; left for the next start, a retry or its webhook');
    }
  }
  if (report.checked > 0) log.info({ ...report }, 'payments in doubt reconciled');
  return report;
}
