/**
 * A paid ship-out cancelled before it shipped: its fee goes back in full through the provider that
 * took it, in the caller's transaction (its order and request locked), so the request is cancelled
 * only with its refund recorded. The refund's request id is the payment's own, so a cancel retried
 * after a lost answer is refunded once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentProvider } from '@arttoy/shared/contracts/api';
import { orders, payments } from '../../db/schema';
import { apiError } from '../../errors';
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
      throw apiError('ship_fee_provider_missing', { orderSn: order.orderSn, provider: payment.provider });
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
          apiError('ship_fee_refund_unavailable', {
            orderSn: order.orderSn,
            provider: payment.provider,
            problem: error.message,
          }),
        );
      if (error instanceof PaymentDeclinedError)
        throw apiError('ship_fee_refund_refused', {
          orderSn: order.orderSn,
          provider: payment.provider,
          problem: error.message,
          providerStatus: error.providerStatus,
        });
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
