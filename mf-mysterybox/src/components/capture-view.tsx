import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CaptureResult } from '@arttoy/shared/contracts/api';
import { invalidatePageReads, usePageQuery } from '@arttoy/shared/query';
import { paymentStore, useAuthStore } from '@arttoy/shared/stores';
import { captureRead } from '../api/account';
import { ListingPaid } from './listing-order';
import { PaymentProgress } from './payment-progress';
import { Reveal } from './reveal';
import { ErrorNotice } from './states';

/** Records a finished purchase in the payment store: authorised, the saved method, the item; the order is done. */
export function rememberPaid(result: CaptureResult): void {
  const store = paymentStore.getState();
  // The item the order put in the locker: a box's draw, or a collector's figure (a ship-out puts none).
  const itemId = result.draw?.lockerItemId ?? (result.order.listing ? result.order.lockerItemId : null);
  store.set({
    isAuthorized: true,
    vaultToken: result.vaultToken ?? '',
    ...(itemId ? { itemId: String(itemId) } : {}),
    orderId: String(result.order.id),
  });
  store.clearOrderSn();
  // What the payment changed: the order, the locker (and its ship-outs), a saved method.
  for (const changed of ['/orders', '/locker', '/me']) invalidatePageReads(changed);
}

/** A paid ship-out: nothing to reveal; the request is with the warehouse, followed from the locker. */
function ShipOutPaid({ result }: { result: CaptureResult }) {
  const shipOut = result.order.shipOut;
  return (
    <div className="mb-notice" role="status">
      <p>Payment received for order {result.order.orderSn}. Thank you!</p>
      <p>
        Your ship-out
        {shipOut
          ? ` of ${shipOut.figures} figure${shipOut.figures === 1 ? '' : 's'} to ${shipOut.city}`
          : ''}{' '}
        is requested: the warehouse packs it next, and your locker shows its tracking number once it ships.
      </p>
      <Link className="ui-button ui-button--primary" to="/locker">
        Back to my locker
      </Link>
    </div>
  );
}

/** The reveal of a paid order (a box), or the confirmation of a paid listing or ship-out (no draw). */
export function PaidView({ result }: { result: CaptureResult }) {
  useEffect(() => rememberPaid(result), [result]);
  if (!result.draw && result.order.listing)
    return <ListingPaid result={result} listing={result.order.listing} />;
  if (!result.draw) return <ShipOutPaid result={result} />;
  return (
    <>
      <p className="mb-notice" role="status">
        Payment received for order {result.order.orderSn}. Thank you!
      </p>
      <Reveal
        figure={result.draw.figure}
        drawId={result.draw.id}
        orderSn={result.order.orderSn}
        boxModelId={result.order.boxModel?.id ?? null}
      />
    </>
  );
}

/**
 * Back from the provider with `?token=`: the server captures (checking amount, currency and order)
 * and draws the figure. Capturing is idempotent, so a reload or a retry shows the same figure.
 * Shown signed in only (the page says to sign in otherwise).
 */
export function CaptureView({ token, orderSn }: { token: string; orderSn: string }) {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const capture = usePageQuery(uid === null ? null : captureRead(uid, token));
  if (capture.status === 'success') return <PaidView result={capture.data} />;
  if (capture.status === 'error') {
    return (
      <ErrorNotice title="Your payment could not be completed." error={capture.error} onRetry={capture.retry}>
        {orderSn ? (
          <Link
            className="ui-button ui-button--secondary"
            to={`/payment/order_pay?order=${encodeURIComponent(orderSn)}`}
          >
            Back to my order
          </Link>
        ) : null}
        <Link to="/mysterybox">See the boxes</Link>
      </ErrorNotice>
    );
  }
  return <PaymentProgress orderSn={orderSn} />;
}
