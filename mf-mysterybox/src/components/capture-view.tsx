import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CaptureResult } from '@arttoy/shared/contracts/api';
import { paymentStore } from '@arttoy/shared/stores';
import { Skeleton } from '@arttoy/shared/ui';
import { capturePayment } from '../api/account';
import { useResource } from '../api/use-resource';
import { Reveal } from './reveal';
import { ErrorNotice } from './states';

/** Records a finished purchase in the payment store: authorised, the saved method, the item; the order is done. */
export function rememberPaid(result: CaptureResult): void {
  const store = paymentStore.getState();
  store.set({ isAuthorized: true, vaultToken: result.vaultToken ?? '', itemId: String(result.draw.lockerItemId), orderId: String(result.order.id) });
  store.clearOrderSn();
}

/** The reveal of a paid order. */
export function PaidView({ result }: { result: CaptureResult }) {
  useEffect(() => rememberPaid(result), [result]);
  return (
    <>
      <p className="mb-notice" role="status">
        Payment received for order {result.order.orderSn}. Thank you!
      </p>
      <Reveal figure={result.draw.figure} drawId={result.draw.id} />
    </>
  );
}

/**
 * Back from the provider with `?token=`: the server captures (checking amount, currency and order)
 * and draws the figure. Capturing is idempotent, so a reload or a retry shows the same figure.
 */
export function CaptureView({ token, orderSn }: { token: string; orderSn: string }) {
  const capture = useResource(`capture-${token}`, () => capturePayment(token));
  if (capture.state.status === 'ready') return <PaidView result={capture.state.data} />;
  if (capture.state.status === 'error') {
    return (
      <ErrorNotice title="Your payment could not be completed." error={capture.state.error} onRetry={capture.reload}>
        {orderSn ? (
          <Link className="ui-button ui-button--secondary" to={`/payment/order_pay?order=${encodeURIComponent(orderSn)}`}>
            Back to my order
          </Link>
        ) : null}
        <Link to="/mysterybox">See the boxes</Link>
      </ErrorNotice>
    );
  }
  return <Skeleton lines={4} label="Confirming your payment" />;
}
