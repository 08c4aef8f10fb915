import { Link } from 'react-router';
import { formatPrice, formatShortDate } from '@arttoy/shared/contracts';
import { MAX_OPEN_LISTINGS, type ListingStatus, type MyListing } from '@arttoy/shared/contracts/api';
import { useAccountQuery } from '../api/account-read';
import { myListingsRead } from '../api/market';

import { ReadError } from '../shared/read-error';

const LISTING_STATUS: Record<ListingStatus, string> = {
  open: 'For sale',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};

function ListingRow({ listing }: { listing: MyListing }) {
  const closed = listing.closedAt ? ` · ${listing.status} ${formatShortDate(listing.closedAt)}` : '';
  return (
    <li data-status={listing.status}>
      <span>
        <strong>{listing.figure.name}</strong> <span className="locker-muted">{listing.series.name}</span>
        <br />
        <span className="locker-muted">
          listed {formatShortDate(listing.createdAt)}
          {closed}
        </span>
      </span>
      <span>
        {formatPrice(listing.price)} · {listing.status === 'sold' ? 'you received' : 'you receive'}{' '}
        {formatPrice(listing.proceeds)} after the {formatPrice(listing.fee)} fee ·{' '}
        <strong className={`locker-status locker-status--${listing.status}`}>
          {LISTING_STATUS[listing.status]}
        </strong>
        {listing.reserved ? <span className="market-badge"> Reserved by a buyer</span> : null}
      </span>
    </li>
  );
}

/** Every listing of mine, open and closed: price, what I receive, its state, and whether a buyer holds it now. */
export function MyListings() {
  const state = useAccountQuery(myListingsRead);
  let body;
  if (state.status === 'pending') body = <p className="locker-muted">Loading your listings…</p>;
  else if (state.status === 'error')
    body = <ReadError title="Your listings could not be loaded." error={state.error} onRetry={state.retry} />;
  else if (state.data.items.length === 0) {
    body = (
      <p>
        No listings yet. Sell a figure from <Link to="/locker">your locker</Link>: it stays there, ready to
        ship, until someone buys it.
      </p>
    );
  } else {
    const open = state.data.items.filter((listing) => listing.status === 'open').length;
    body = (
      <>
        <p className="locker-muted">
          {open} of {MAX_OPEN_LISTINGS} open listings. Change a price or withdraw a listing from{' '}
          <Link to="/locker">your locker</Link>.
        </p>
        <ul className="market-rows" aria-label="Your listings">
          {state.data.items.map((listing) => (
            <ListingRow key={listing.id} listing={listing} />
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className="locker-panel" aria-labelledby="profile-listings">
      <h2 id="profile-listings">Your listings</h2>
      {body}
    </section>
  );
}
