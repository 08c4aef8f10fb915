import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { orderSnSchema } from '@arttoy/shared/contracts/api';
import { paymentStore, selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Skeleton } from '@arttoy/shared/ui';
import { CaptureView } from '../components/capture-view';
import { OrderView } from '../components/order-view';
import { PaymentProgress } from '../components/payment-progress';
import { RevealShown } from '../components/reveal';
import { SignInNotice } from '../components/states';

/**
 * /payment/order_pay: the order being paid (`?order=` or the payment store's orderSn), and where
 * providers return the buyer: `?token=` → capture and reveal; `&cancelled=1` → back to the order.
 */
export function OrderPayPage() {
  // While the figure is revealed, the reveal's heading is the page's.
  const [revealing, setRevealing] = useState(false);
  usePageHead({ title: revealing ? 'Your figure' : 'Payment' });
  const query = new URLSearchParams(useLocation().search);
  const signedIn = useAuthStore(selectIsLoggedIn);
  const authLoading = useAuthStore((state) => state.loading);
  // The order this visit is about, pinned: finishing or cancelling it clears the store's orderSn.
  const [storedSn] = useState(() => paymentStore.getState().orderSn);
  const token = query.get('token');
  const cancelled = query.get('cancelled') === '1';
  const fromQuery = query.get('order');
  const orderSn = fromQuery && orderSnSchema.safeParse(fromQuery).success ? fromQuery : storedSn;
  const returned = token !== null && !cancelled;
  let content;
  // Back from approving: the capture waits for the sign-in to be known, and says so from the first frame.
  if (authLoading && returned) content = <PaymentProgress orderSn={orderSn} />;
  else if (authLoading) content = <Skeleton lines={4} label="Checking your sign-in" />;
  else if (!signedIn)
    content = <SignInNotice>Log in to pay for your order. You will come straight back here.</SignInNotice>;
  else if (returned && token) content = <CaptureView token={token} orderSn={orderSn} />;
  else if (orderSn) content = <OrderView orderSn={orderSn} cancelledAtProvider={cancelled} />;
  else {
    content = (
      <div className="mb-notice">
        <p>There is no order waiting for payment in this browser. Pick a box to start one.</p>
        <Link className="ui-button ui-button--primary" to="/mysterybox">
          See the boxes
        </Link>
      </div>
    );
  }
  return (
    <article className="mb-page mb-pay" data-route="payment-order_pay" data-owner="mf_mysterybox">
      {revealing ? null : <h1>Payment</h1>}
      <RevealShown.Provider value={setRevealing}>{content}</RevealShown.Provider>
    </article>
  );
}
