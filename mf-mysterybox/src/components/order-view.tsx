import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import type { CaptureResult, Order, PaymentProvider } from '@arttoy/shared/contracts/api';
import { invalidatePageReads, usePageQuery } from '@arttoy/shared/query';
import { paymentStore, useAuthStore, usePaymentStore } from '@arttoy/shared/stores';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { cancelOrder, orderRead, paymentMethodsRead, startPayment } from '../api/account';
import { paymentProvidersRead } from '../api/catalogue';
import { PaidView } from './capture-view';
import { Countdown } from './countdown';
import { PayForm, type PayChoice } from './pay-form';
import { PaymentProgress } from './payment-progress';
import { ClosedListing } from './listing-order';
import { goToProvider } from './provider-redirect';
import { ErrorNotice } from './states';

/** Offered until the API says which pay ways it takes (and if it cannot say): the built-in one. */
const FALLBACK_PROVIDERS: readonly PaymentProvider[] = ['sandbox'];

/** What the order pays for, as its section heading: the box, a collector's figure, or "Ship-out of 2 figures to London". */
export function orderSubject(order: Order): string {
  if (order.listing) return order.listing.figure.name;
  if (order.shipOut)
    return `Ship-out of ${order.shipOut.figures} figure${order.shipOut.figures === 1 ? '' : 's'} to ${order.shipOut.city}`;
  return order.boxModel?.name ?? `Order ${order.orderSn}`;
}

/** A ship-out's order that is no longer payable: its figures are with the warehouse, or back in the locker. */
function ClosedShipOut({ order }: { order: Order }) {
  const why: Record<string, string> = {
    fulfilled:
      'This ship-out is paid and with the warehouse. Your locker shows its tracking number once it ships.',
    paid: 'This ship-out is paid and with the warehouse. Your locker shows its tracking number once it ships.',
    expired: `The time to pay ran out${order.expiredAt ? ` at ${formatDateTime(order.expiredAt)}` : ''}, so the ship-out was cancelled and your figures are back in your locker. Nothing was charged.`,
    cancelled: 'This ship-out was cancelled and nothing was charged. Your figures are back in your locker.',
    refunded:
      'This ship-out was cancelled and its fee refunded in full. Your figures are back in your locker.',
  };
  return (
    <div className="mb-notice" role="status">
      <p>{why[order.status]}</p>
      <Link className="ui-button ui-button--primary" to="/locker">
        Back to my locker
      </Link>
    </div>
  );
}

/** What the order holds while it waits for payment, as the countdown says it. */
function held(order: Order): string {
  if (order.listing) return 'This figure is';
  return order.shipOut ? 'Your figures are' : 'Your box is';
}

/** The order's line under its heading: what kind of charge, and the total. */
function chargeLabel(order: Order): string {
  if (order.listing) return `From @${order.listing.sellerHandle}`;
  return order.shipOut ? 'Shipping fee' : `Qty ${order.quantity}`;
}

/** An order that is no longer payable, in plain words, with the way on. */
function Closed({ order }: { order: Order }) {
  if (order.listing) return <ClosedListing order={order} listing={order.listing} />;
  if (!order.boxModel) return <ClosedShipOut order={order} />;
  const again = (
    <Link className="ui-button ui-button--primary" to={`/mysterybox/${order.boxModel.id}`}>
      Back to {order.boxModel.name}
    </Link>
  );
  if (order.status === 'fulfilled' || order.status === 'paid') {
    return (
      <div className="mb-notice">
        <p>
          This order is paid{order.status === 'paid' ? ' and your figure is being drawn' : ''}. Your figure is
          in your locker.
        </p>
        <div className="mb-actions">
          <Link className="ui-button ui-button--primary" to="/locker">
            Go to my locker
          </Link>
          {order.drawId ? <Link to={`/mysterybox/test?draw=${order.drawId}`}>Check the draw</Link> : null}
        </div>
      </div>
    );
  }
  const why: Record<string, string> = {
    expired: `The time to pay ran out${order.expiredAt ? ` at ${formatDateTime(order.expiredAt)}` : ''}, so the box went back on sale. Nothing was charged.`,
    cancelled: 'This order was cancelled and nothing was charged. The box is back on sale.',
    refunded: 'This order was refunded.',
  };
  return (
    <div className="mb-notice" role="status">
      <p>{why[order.status]}</p>
      {again}
    </div>
  );
}

/** A pending order: what it is, the time left, how to pay; or why it can no longer be paid. Shown signed in only. */
export function OrderView({
  orderSn,
  cancelledAtProvider,
}: {
  orderSn: string;
  cancelledAtProvider: boolean;
}) {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const order = usePageQuery(uid === null ? null : orderRead(uid, orderSn));
  const methods = usePageQuery(uid === null ? null : paymentMethodsRead(uid));
  const providers = usePageQuery(paymentProvidersRead);
  const payWay = usePaymentStore((state) => state.payWayChecked);
  // `confirming`: a saved method is paying at once; the answer is the capture and the draw.
  const [action, setAction] = useState<{
    busy: boolean;
    confirming?: boolean;
    error: Error | null;
    paid: CaptureResult | null;
  }>({ busy: false, error: null, paid: null });
  if (action.paid) return <PaidView result={action.paid} />;
  if (order.status === 'error')
    return <ErrorNotice title="Your order could not be loaded." error={order.error} onRetry={order.retry} />;
  if (order.status !== 'success') return <Skeleton lines={5} label="Loading your order" />;
  const data = order.data;
  const run = async (task: () => Promise<void>, confirming = false) => {
    setAction({ busy: true, confirming, error: null, paid: null });
    try {
      await task();
    } catch (error) {
      setAction({
        busy: false,
        error: error instanceof Error ? error : new Error(String(error)),
        paid: null,
      });
    }
  };
  const pay = (choice: PayChoice) =>
    run(async () => {
      paymentStore.getState().set({
        payWayChecked: choice.vaultToken ? `vault:${choice.vaultToken}` : choice.provider,
        orderSn: data.orderSn,
        orderId: String(data.id),
      });
      const started = await startPayment(
        data.orderSn,
        choice.vaultToken
          ? { provider: choice.provider, vaultToken: choice.vaultToken }
          : { provider: choice.provider, saveMethod: choice.saveMethod },
      );
      if (started.result) {
        setAction({ busy: false, error: null, paid: started.result });
        return;
      }
      if (!started.approvalUrl)
        throw new Error('The payment provider gave no page to approve the payment on. Please try again.');
      paymentStore
        .getState()
        .set({ approvalUrl: started.approvalUrl, currentToken: started.payment.token ?? '' });
      goToProvider(started.approvalUrl);
    }, Boolean(choice.vaultToken));
  const cancel = () =>
    run(async () => {
      order.replace(await cancelOrder(data.orderSn));
      // The box is back on sale; a ship-out's figures are back in the locker.
      invalidatePageReads('/box-models');
      invalidatePageReads('/locker');
      paymentStore.getState().clearOrderSn();
      setAction({ busy: false, error: null, paid: null });
    });
  return (
    <>
      <section className="mb-panel" aria-labelledby="mb-order-title">
        <h2 id="mb-order-title">{orderSubject(data)}</h2>
        {/* One line that keeps together: the quantity never wraps away from the price. */}
        <p className="mb-order-line" data-testid="order-line">
          {chargeLabel(data)} · <strong>{formatPrice(data.total)}</strong>
        </p>
        <p className="mb-muted">Order {data.orderSn}</p>
        {data.status === 'pending_payment' ? (
          <Countdown until={data.expiresAt} onExpired={order.refresh} what={held(data)} />
        ) : (
          <Closed order={data} />
        )}
      </section>
      {data.status === 'pending_payment' ? (
        <>
          {cancelledAtProvider ? (
            <p className="mb-notice" role="status">
              You cancelled the payment, so nothing was charged. {held(data)} still held: pay below, or cancel
              the order.
            </p>
          ) : null}
          {action.confirming ? (
            <PaymentProgress orderSn={data.orderSn} kind={data.kind} />
          ) : methods.status === 'pending' ? (
            // The saved methods decide which way is checked: the form waits for them (not for a failed read).
            <Skeleton lines={3} label="Loading your payment methods" />
          ) : (
            <PayForm
              providers={
                providers.data && providers.data.providers.length > 0
                  ? providers.data.providers
                  : FALLBACK_PROVIDERS
              }
              saved={methods.data?.items ?? []}
              initial={payWay}
              busy={action.busy}
              onPay={(choice) => void pay(choice)}
            />
          )}
          {action.error ? <ErrorNotice title="The payment could not start." error={action.error} /> : null}
          {action.confirming ? null : (
            <Button variant="secondary" onClick={() => void cancel()} disabled={action.busy}>
              Cancel order
            </Button>
          )}
        </>
      ) : null}
    </>
  );
}
