import { formatPrice } from '@arttoy/shared/contracts';
import type { PublicListing } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';
import { Empty } from '../load-state';
import { ShellLink } from '../shell-link';
import { OwnListingActions } from './own-listing';

export interface CollectorListingsProps {
  listings: readonly PublicListing[];
  /** The listing whose order is being placed: its button says so, and no other can start meanwhile. */
  busyId: number | null;
  /** True until the buyer's sign-in is known (Buy would otherwise send a signed-in buyer to log in). */
  waiting: boolean;
  onBuy: (listingId: number) => void;
  /** The listings the visitor reserved with an unpaid order of theirs: listing id → its order number. */
  mine?: ReadonlyMap<number, string>;
  /** The ids of the visitor's own listings: shown as theirs, with Change price and Withdraw, never Buy. */
  own?: ReadonlySet<number>;
  /** A listing of the visitor's changed (repriced, withdrawn): the listings are read again. */
  onOwnChanged?: () => void;
}

/**
 * The open listings, cheapest first, each with its seller's public handle and its Buy button (the
 * visitor's own: "Your listing", to reprice or withdraw). Each
 * button's name ends with the price and the seller (visually hidden), so a screen reader's list of
 * buttons tells the several Buy buttons apart; the visible word starts it (WCAG 2.5.3).
 */
export function CollectorListings({
  listings,
  busyId,
  waiting,
  onBuy,
  mine,
  own,
  onOwnChanged = () => undefined,
}: CollectorListingsProps) {
  if (listings.length === 0)
    return <Empty>No one is selling this figure yet. Pull one from a box or check back later.</Empty>;
  // The API answers cheapest first; sorted here too, as the page promises it whatever the answer's order.
  const cheapestFirst = listings.toSorted((a, b) => a.price.amountMinor - b.price.amountMinor);
  return (
    <ul className="gallery-listings">
      {cheapestFirst.map((listing) => {
        const price = formatPrice(listing.price);
        const about = (
          <span className="visually-hidden">{` for ${price} from @${listing.sellerHandle}`}</span>
        );
        return (
          <li key={listing.id} className="gallery-listing">
            <span className="gallery-listing__price">{price}</span>
            <span className="gallery-listing__seller">@{listing.sellerHandle}</span>
            {own?.has(listing.id) ? (
              <OwnListingActions listing={listing} onChanged={onOwnChanged} />
            ) : listing.reserved && mine?.has(listing.id) ? (
              <ShellLink
                to={`/payment/order_pay?order=${mine.get(listing.id)}`}
                className="ui-button ui-button--primary"
              >
                Reserved for you: pay now{about}
              </ShellLink>
            ) : listing.reserved ? (
              <Button
                variant="secondary"
                disabled
                title="Another buyer is paying for it; it is back on sale if they do not."
              >
                Reserved{about}
              </Button>
            ) : (
              <Button onClick={() => onBuy(listing.id)} disabled={waiting || busyId !== null}>
                {busyId === listing.id ? 'Reserving…' : 'Buy'}
                {about}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
