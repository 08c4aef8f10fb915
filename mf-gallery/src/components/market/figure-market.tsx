import { useMemo } from 'react';
import type { Figure } from '@arttoy/shared/contracts/api';
import { useAuthStore } from '@arttoy/shared/stores';
import { Skeleton } from '@arttoy/shared/ui';
import { figureMarket, myOpenListings, myReservations } from '../../api/market';
import { usePageQuery } from '@arttoy/shared/query';
import { explain, LoadError } from '../load-state';
import { CollectorListings, type CollectorListingsProps } from './collector-listings';
import { RecentSales } from './recent-sales';
import { useBuyListing } from './use-buy-listing';

/**
 * "From collectors": the figure's open listings with a way to buy each (the visitor's own, to
 * reprice or withdraw instead), and what it sold for lately. Rendered on the server from the figure
 * page's first reads (an answer seconds old), and read again on every visit (prices change by the
 * second); a refused order reads it again, since the listing that was clicked is sold or reserved by then.
 */
export function FigureMarketSection({ figure }: { figure: Figure }) {
  const market = usePageQuery(figureMarket(figure.slug));
  const { state: buying, buy, signedIn, authLoading } = useBuyListing(market.refresh);
  const uid = useAuthStore((auth) => auth.user?.uid ?? null);
  const anyReserved = market.status === 'success' && market.data.listings.some((listing) => listing.reserved);
  // The visitor's own listings, read once there is a listing to tell apart.
  const anyListing = market.status === 'success' && market.data.listings.length > 0;
  const mine = usePageQuery(uid !== null && anyListing ? myOpenListings(uid) : null);
  const own = useMemo(
    () => new Set(mine.status === 'success' ? mine.data.keys() : []),
    [mine.status, mine.data],
  );
  const ownChanged = () => {
    market.refresh();
    mine.refresh();
  };
  return (
    <section aria-labelledby="collectors-heading" className="gallery-section gallery-market">
      <h2 id="collectors-heading">From collectors</h2>
      {market.status === 'pending' ? (
        <Skeleton lines={3} label="Loading what collectors are selling" />
      ) : null}
      {market.status === 'error' ? (
        <LoadError what="What collectors are selling" error={market.error} onRetry={market.retry} />
      ) : null}
      {market.status === 'success' ? (
        <>
          <ListingsOf
            uid={anyReserved ? uid : null}
            listings={market.data.listings}
            busyId={buying.status === 'busy' ? buying.listingId : null}
            waiting={authLoading}
            onBuy={(listingId) => void buy(listingId)}
            own={own}
            onOwnChanged={ownChanged}
          />
          {buying.status === 'error' ? (
            <div className="gallery-state gallery-state--error" role="alert">
              <p>
                <strong>Your order could not be placed.</strong> {explain(buying.error)}
              </p>
            </div>
          ) : null}
          {!signedIn && !authLoading && market.data.listings.length > 0 ? (
            <p className="gallery-market__note">
              Buying needs an account: Buy takes you to log in, then straight back here.
            </p>
          ) : null}
          <RecentSales market={market.data} figureName={figure.name} />
        </>
      ) : null}
    </section>
  );
}

/** A signed-in visitor's own reservations, read only when a listing shows as reserved. */
function MyReservedListings({ uid, ...props }: CollectorListingsProps & { uid: string }) {
  const reservations = usePageQuery(myReservations(uid));
  return (
    <CollectorListings {...props} mine={reservations.status === 'success' ? reservations.data : undefined} />
  );
}

/** The listings, with the visitor's reservations when `uid` is set. */
function ListingsOf({ uid, ...props }: CollectorListingsProps & { uid: string | null }) {
  return uid ? <MyReservedListings uid={uid} {...props} /> : <CollectorListings {...props} />;
}
