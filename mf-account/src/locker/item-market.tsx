import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '@arttoy/shared/contracts';
import type { LockerItem, MyListing } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { createListing, repriceListing, withdrawListing } from '../api/market';
import { ActionProblem } from '../market/action-problem';
import { amountText, usd } from '../market/amount';
import { PriceForm } from './price-form';

type Mode = 'idle' | 'sell' | 'reprice';

/**
 * An item's place in the market: one in the locker can be put up for sale; one listed shows its
 * price and can be repriced or withdrawn, unless a buyer's order holds it. After a change `onChanged`
 * says what happened (the page reads the locker and listings again); after a 409 it is called
 * without a notice, since the page's view is out of date (a buyer reserved it meanwhile). Focus stays
 * in the card: back on the button that opened a form, or on the card once the item changed.
 */
export function ItemMarket({
  item,
  listing,
  onChanged,
}: {
  item: LockerItem;
  listing: MyListing | undefined;
  onChanged: (notice: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const focusBack = useRef<'button' | 'box' | null>(null);
  const [mode, setMode] = useState<Mode>('idle');
  const [withdraw, setWithdraw] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  useEffect(() => {
    if (mode !== 'idle' || !focusBack.current) return;
    if (focusBack.current === 'box') box.current?.focus();
    else box.current?.querySelector('button')?.focus();
    focusBack.current = null;
  }, [mode]);
  const close = (after: 'button' | 'box') => {
    focusBack.current = after;
    setMode('idle');
  };
  const {
    listingId,
    figure: { name },
  } = item;
  // A listed item always names its listing (the contract); anything else has no place in the market.
  if (item.status !== 'in_locker' && (item.status !== 'listed' || listingId === null)) return null;
  /** Runs a change; a refusal for the listing's state (409) reads the page again, and is still shown. */
  const refreshOnConflict = async <T,>(change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) onChanged(null);
      throw error;
    }
  };
  const sell = async (priceMinor: number) => {
    await refreshOnConflict(createListing(item.id, priceMinor));
    close('box');
    onChanged(
      `${name} is listed at ${usd(priceMinor)}. It stays in your locker until someone buys it; you can change the price or withdraw it meanwhile.`,
    );
  };
  const reprice = async (priceMinor: number) => {
    await refreshOnConflict(repriceListing(listingId as number, priceMinor));
    close('box');
    onChanged(`${name} is now listed at ${usd(priceMinor)}.`);
  };
  const takeBack = async () => {
    setWithdraw({ busy: true, error: null });
    try {
      await refreshOnConflict(withdrawListing(listingId as number));
      setWithdraw({ busy: false, error: null });
      focusBack.current = 'box';
      box.current?.focus();
      onChanged(`${name} is no longer for sale: it is back in your locker.`);
    } catch (error) {
      setWithdraw({ busy: false, error });
    }
  };
  let body;
  if (item.status === 'in_locker') {
    body =
      mode === 'sell' ? (
        <PriceForm
          name={`Sell ${name}`}
          submitLabel="List for sale"
          busyLabel="Listing…"
          onSubmit={sell}
          onCancel={() => close('button')}
        />
      ) : (
        <Button variant="secondary" aria-label={`Sell ${name}`} onClick={() => setMode('sell')}>
          Sell
        </Button>
      );
  } else {
    const reserved = listing?.reserved === true;
    body = (
      <>
        <p className="market-listed">
          {listing ? `Listed at ${formatPrice(listing.price)}` : 'Listed for sale'}
        </p>
        {reserved ? (
          <p className="market-reserved">
            Reserved by a buyer: you can change the price or withdraw it if their order ends unpaid.
          </p>
        ) : null}
        {mode === 'reprice' ? (
          <PriceForm
            name={`Change the price of ${name}`}
            initial={listing ? amountText(listing.price.amountMinor) : ''}
            submitLabel="Save price"
            busyLabel="Saving…"
            onSubmit={reprice}
            onCancel={() => close('button')}
          />
        ) : (
          <div className="locker-actions">
            <Button
              variant="secondary"
              aria-label={`Change the price of ${name}`}
              disabled={reserved || withdraw.busy}
              onClick={() => setMode('reprice')}
            >
              Change price
            </Button>
            <Button
              variant="secondary"
              aria-label={`Withdraw ${name}`}
              disabled={reserved || withdraw.busy}
              onClick={() => void takeBack()}
            >
              {withdraw.busy ? 'Withdrawing…' : 'Withdraw'}
            </Button>
          </div>
        )}
        {withdraw.error ? <ActionProblem error={withdraw.error} action="Withdraw" /> : null}
      </>
    );
  }
  return (
    <div className="market-item" ref={box} tabIndex={-1} role="group" aria-label={`Sale of ${name}`}>
      {body}
    </div>
  );
}
