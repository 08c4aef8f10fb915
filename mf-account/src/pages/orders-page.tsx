import { Link, useLocation } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Pagination, Skeleton } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { ordersRead } from '../api/orders';
import { OrderList } from '../orders/order-list';
import { ReadError } from '../shared/read-error';
import { SignedOutPanel } from '../shared/signed-out-panel';
import { useSignInGate } from '../shared/use-sign-in-gate';
import { AccountPage } from '../shared/account-page';
import '../locker/locker.css';
import '../orders/orders.css';

/** `?page=` as a page number (1 when absent or not one). */
function pageParam(search: string): number {
  const value = Number(new URLSearchParams(search).get('page') ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : 1;
}

const pageHref = (page: number) => (page === 1 ? '/orders' : `/orders?page=${page}`);

/** /orders: every order of the visitor, newest first, a page at a time, each with its receipt and draw proof. */
export function OrdersPage() {
  const { signedIn, authLoading, loginPath } = useSignInGate('/orders');
  const page = pageParam(useLocation().search);
  // While sign-in is unknown, the list kept from the visitor's last visit shows at once.
  const state = useAccountQuery((uid) => ordersRead(uid, page), signedIn || authLoading);
  usePageHead({ title: 'Your orders' });
  let body;
  if (!authLoading && !signedIn)
    body = <SignedOutPanel loginPath={loginPath}>Log in to see your orders</SignedOutPanel>;
  else if (state.status === 'pending') body = <Skeleton lines={6} label="Loading your orders" />;
  else if (state.status === 'error')
    body = <ReadError title="Your orders could not be loaded." error={state.error} onRetry={state.retry} />;
  else if (state.data.items.length === 0) {
    body = (
      <div className="locker-panel">
        <p>
          <strong>No orders yet.</strong>{' '}
          {state.data.total > 0
            ? 'There are fewer pages of orders than that.'
            : 'Boxes you buy are listed here, each with its receipt.'}
        </p>
        <Link className="ui-button ui-button--primary" to={state.data.total > 0 ? '/orders' : '/mysterybox'}>
          {state.data.total > 0 ? 'See your latest orders' : 'Find a mystery box'}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="locker-muted">
          {state.data.total} order{state.data.total === 1 ? '' : 's'}, newest first.
        </p>
        <OrderList orders={state.data.items} />
        <Pagination
          page={state.data.page}
          pageCount={state.data.totalPages}
          hrefFor={pageHref}
          Link={Link}
          label="Pages of orders"
        />
      </>
    );
  }
  return (
    <AccountPage
      route="orders"
      className="locker"
      title="Your orders"
      aside={<Link to="/locker">Your locker</Link>}
    >
      {body}
    </AccountPage>
  );
}
