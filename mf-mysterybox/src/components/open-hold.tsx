import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@arttoy/shared/contracts/api';
import { invalidatePageReads, usePageQuery } from '@arttoy/shared/query';
import { paymentStore } from '@arttoy/shared/stores';
import { Button } from '@arttoy/shared/ui';
import { cancelOrder, recentOrdersRead } from '../api/account';
import { Countdown } from './countdown';
import { ErrorNotice } from './states';

/** The buyer's order for this box that still holds it and can be paid: awaiting payment within its time. */
export function openHoldOf(orders: readonly Order[], boxModelId: number, now = Date.now()): Order | null {
  return (
    orders.find(
      (order) =>
        order.kind === 'box' &&
        order.boxModel?.id === boxModelId &&
        order.status === 'pending_payment' &&
        Date.parse(order.expiresAt) > now,
    ) ?? null
  );
}

/** The signed-in buyer's open hold on the box `boxModelId`, or null (none, or not known yet). */
export function useOpenHold(uid: string | null, boxModelId: number) {
  const orders = usePageQuery(uid === null ? null : recentOrdersRead(uid));
  const hold = orders.status === 'success' ? openHoldOf(orders.data.items, boxModelId) : null;
  return { hold, refresh: orders.refresh };
}

/** The pay page of an order, with the payment store filled as a new order's is. */
export function payPathOf(order: Pick<Order, 'id' | 'orderSn'>): string {
  paymentStore.getState().set({
    orderId: String(order.id),
    orderSn: order.orderSn,
    payWayChecked: paymentStore.getState().payWayChecked || 'sandbox',
  });
  return `/payment/order_pay?order=${encodeURIComponent(order.orderSn)}`;
}

/**
 * The box the buyer already holds: the time left, "Pay now" (the pay page of that order) and
 * "Cancel" (the box goes back on sale). Shown instead of the buy button: a second Buy would only
 * resume this order.
 */
export function OpenHold({ hold, onChanged }: { hold: Order; onChanged: () => void }) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ busy: boolean; error: Error | null }>({ busy: false, error: null });
  const cancel = async () => {
    setState({ busy: true, error: null });
    try {
      await cancelOrder(hold.orderSn);
      paymentStore.getState().clearOrderSn();
      invalidatePageReads('/box-models');
      onChanged();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  };
  return (
    <div className="mb-hold" role="group" aria-labelledby="mb-hold-title">
      <p id="mb-hold-title">
        <strong>You are holding one of these boxes.</strong> Order {hold.orderSn} awaits payment.
      </p>
      <Countdown until={hold.expiresAt} onExpired={onChanged} />
      <div className="mb-actions">
        <Button onClick={() => void navigate(payPathOf(hold))} disabled={state.busy}>
          Pay now
        </Button>
        <Button variant="secondary" onClick={() => void cancel()} disabled={state.busy}>
          {state.busy ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      {state.error ? <ErrorNotice title="Your order could not be cancelled." error={state.error} /> : null}
    </div>
  );
}
