import { Link, useParams } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { HttpError } from '@arttoy/shared/http';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { receiptRead } from '../api/orders';
import { ReceiptView } from '../orders/receipt-view';
import { ReadError } from '../shared/read-error';
import { SignedOutPanel } from '../shared/signed-out-panel';
import { useSignInGate } from '../shared/use-sign-in-gate';
import '../locker/locker.css';
import '../orders/orders.css';

/** /orders/:order_sn: one order's receipt, with a Print button; printing leaves the site's chrome and the buttons out. */
export function ReceiptPage() {
  const orderSn = useParams().order_sn ?? '';
  const { signedIn, authLoading, loginPath } = useSignInGate(`/orders/${orderSn}`);
  const state = useAccountQuery((uid) => receiptRead(uid, orderSn), signedIn);
  usePageHead({ title: `Receipt ${orderSn}` });
  let body;
  if (!authLoading && !signedIn)
    body = <SignedOutPanel loginPath={loginPath}>Log in to see this receipt</SignedOutPanel>;
  else if (authLoading || state.status === 'pending')
    body = <Skeleton lines={8} label="Loading your receipt" />;
  else if (state.status === 'error' && state.error instanceof HttpError && state.error.status === 404) {
    body = (
      <div className="locker-panel" role="alert">
        <p>
          <strong>No order {orderSn} in your account.</strong> Check the number, or find it among your orders.
        </p>
        <Link className="ui-button ui-button--secondary" to="/orders">
          Your orders
        </Link>
      </div>
    );
  } else if (state.status === 'error')
    body = <ReadError title="This receipt could not be loaded." error={state.error} onRetry={state.retry} />;
  else body = <ReceiptView order={state.data.order} draw={state.data.draw} />;
  return (
    <article className="locker receipt-page" data-route="orders-order_sn" data-owner="mf_account">
      <div className="locker-head">
        <h1>Receipt for order {orderSn}</h1>
        <div className="locker-actions no-print">
          {state.status === 'success' ? <Button onClick={() => window.print()}>Print</Button> : null}
          <Link to="/orders">All orders</Link>
        </div>
      </div>
      {body}
    </article>
  );
}
