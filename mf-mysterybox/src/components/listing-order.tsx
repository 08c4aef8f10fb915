import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@arttoy/shared/contracts';
import type { CaptureResult, Order, OrderListing } from '@arttoy/shared/contracts/api';

/** The figure's page in the gallery, where its other listings are. */
const figurePath = (listing: OrderListing) =>
  `/gallery/style/detail/${encodeURIComponent(listing.figure.slug)}`;

/**
 * A paid listing: nothing to reveal (the figure was known when bought), so the news is that it is
 * the buyer's now. Focus goes to it, as the reveal's does, for keyboard and screen reader users.
 */
export function ListingPaid({ result, listing }: { result: CaptureResult; listing: OrderListing }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mb-panel" aria-labelledby="mb-listing-paid">
      <p className="mb-notice" role="status">
        Payment received for order {result.order.orderSn}. Thank you!
      </p>
      <h2 id="mb-listing-paid" ref={heading} tabIndex={-1}>
        {`It's yours: ${listing.figure.name} is in your locker`}
      </h2>
      <p>
        Bought from @{listing.sellerHandle}. It keeps its history: where it was pulled and every sale since.
      </p>
      <div className="mb-actions">
        <Link className="ui-button ui-button--primary" to="/locker">
          Go to my locker
        </Link>
        <Link className="ui-button ui-button--secondary" to={`/orders/${result.order.orderSn}`}>
          See the receipt
        </Link>
      </div>
    </section>
  );
}

/** A listing's order that can no longer be paid: the figure is the buyer's, or back on sale. */
export function ClosedListing({ order, listing }: { order: Order; listing: OrderListing }) {
  if (order.status === 'fulfilled' || order.status === 'paid') {
    return (
      <div className="mb-notice" role="status">
        <p>{`This order is paid. It's yours: ${listing.figure.name} is in your locker.`}</p>
        <Link className="ui-button ui-button--primary" to="/locker">
          Go to my locker
        </Link>
      </div>
    );
  }
  const why: Record<string, string> = {
    expired: `The time to pay ran out${order.expiredAt ? ` at ${formatDateTime(order.expiredAt)}` : ''}, so the figure went back on sale. Nothing was charged.`,
    cancelled: 'This order was cancelled and nothing was charged. The figure is back on sale.',
    refunded: `This order was refunded in full: ${listing.figure.name} did not come to your locker. Its page shows who else sells one.`,
  };
  return (
    <div className="mb-notice" role="status">
      <p>{why[order.status]}</p>
      <Link className="ui-button ui-button--primary" to={figurePath(listing)}>
        Back to {listing.figure.name}
      </Link>
    </div>
  );
}
