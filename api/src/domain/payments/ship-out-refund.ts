/**
 * A paid ship-out cancelled before it shipped: its fee goes back in full through the provider that
 * took it, in the caller's transaction (its order and request locked), so the request is cancelled
 * only with its refund recorded. The refund's request id is the payment's own, so a cancel retried
 * after a lost answer is refunded once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentProvider } from '@arttoy/shared/contracts/api';
import { orders, payments } from '../../db/schema';
import { conflict } from '../../errors';
import type { RefundFee } from '../ship-requests';
import {
  PaymentDeclinedError,
  type PaymentProviderAdapter,
  ProviderOutageError,
  ProviderUnavailableError,
} from './provider';

export function shipOutFeeRefunder(
  providers: Record<PaymentProvider, PaymentProviderAdapter | null>,
): RefundFee {
  return async (tx, order) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')))
      .limit(1)
      .for('update');
    if (!payment?.captureId)
      throw new Error(`Paid ship-out order ${order.orderSn} has no captured payment to refund.`);
    const provider = providers[payment.provider];
    if (!provider)
      throw conflict(
        `Order ${order.orderSn} was paid with ${payment.provider}, which is not set up on this server now, so its fee cannot be refunded here. Contact support.`,
      );
    let refund;
    try {
      refund = await provider.refund({
        captureId: payment.captureId,
        amount: { amountMinor: payment.amountMinor, currency: payment.currency },
        requestId: `refund-${payment.idempotencyKey}`,
        db: tx,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw new ProviderOutageError(
          `${payment.provider} could not refund the ship-out fee of order ${order.orderSn} just now (${error.message}); nothing was cancelled. Try again shortly.`,
        );
      if (error instanceof PaymentDeclinedError)
        throw conflict(
          `${payment.provider} refused to refund the ship-out fee of order ${order.orderSn} (${error.message}); nothing was cancelled. Contact support.`,
          { providerStatus: error.providerStatus },
        );
      throw error;
    }
    await tx
      .update(payments)
      .set({ status: 'refunded', providerStatus: refund.providerStatus, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return refund.refundId;
  };
}
