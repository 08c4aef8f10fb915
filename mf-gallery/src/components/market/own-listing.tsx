import { type FormEvent, useId, useState } from 'react';
import { formatPrice } from '@arttoy/shared/contracts';
import {
  LISTING_PRICE_MAX_MINOR,
  LISTING_PRICE_MIN_MINOR,
  MARKET_CURRENCY,
  type PublicListing,
} from '@arttoy/shared/contracts/api';
import { isApiError } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { repriceMyListing, withdrawMyListing } from '../../api/market';
import { explain } from '../load-state';

const usd = (amountMinor: number) => formatPrice({ amountMinor, currency: MARKET_CURRENCY });

/** "25", "24.99" or "$1250.5" → minor units (integer arithmetic); null for anything else. */
export function dollarsToMinor(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Why a typed price cannot be a listing's, or null. */
function priceProblem(priceMinor: number | null): string | null {
  if (priceMinor === null) return 'Enter the price in dollars, such as 25 or 24.99.';
  if (priceMinor < LISTING_PRICE_MIN_MINOR || priceMinor > LISTING_PRICE_MAX_MINOR)
    return `A price must be from ${usd(LISTING_PRICE_MIN_MINOR)} to ${usd(LISTING_PRICE_MAX_MINOR)}.`;
  return null;
}

/**
 * The visitor's own listing among a figure's listings: theirs, never to buy; its price can be
 * changed and it can be withdrawn (back to their locker) unless a buyer's order holds it.
 * `onChanged` reads the listings again.
 */
export function OwnListingActions({ listing, onChanged }: { listing: PublicListing; onChanged: () => void }) {
  const fieldId = useId();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const run = async (task: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await task();
      setEditing(false);
      onChanged();
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
      // Held, sold or withdrawn meanwhile: the listings on screen are out of date.
      if (isApiError(error, 'listing_held', 'listing_not_open')) onChanged();
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceMinor = dollarsToMinor(price);
    const why = priceProblem(priceMinor);
    setProblem(why);
    if (why === null && priceMinor !== null) void run(() => repriceMyListing(listing.id, priceMinor));
  };
  if (listing.reserved) {
    return (
      <span className="gallery-listing__own">
        <strong>Your listing</strong> A buyer is paying for it: it cannot be changed now.
      </span>
    );
  }
  return (
    <span className="gallery-listing__own">
      <strong>Your listing</strong>
      {editing ? (
        <form className="gallery-listing__form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>New price in dollars</label>
          <input
            id={fieldId}
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save price'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
            Cancel
          </Button>
          {problem ? (
            <span id={`${fieldId}-problem`} className="gallery-listing__problem">
              {problem}
            </span>
          ) : null}
        </form>
      ) : (
        <>
          <Button
            variant="secondary"
            onClick={() => {
              const minor = listing.price.amountMinor;
              setPrice(`${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);
              setProblem(null);
              setEditing(true);
            }}
            disabled={busy}
          >
            Change price
          </Button>
          <Button
            variant="secondary"
            onClick={() => void run(() => withdrawMyListing(listing.id))}
            disabled={busy}
          >
            {busy ? 'Withdrawing…' : 'Withdraw'}
          </Button>
        </>
      )}
      {failure ? (
        <span className="gallery-state gallery-state--error" role="alert">
          {isApiError(failure, 'listing_held')
            ? 'A buyer is paying for it right now: it can be changed again if their order ends unpaid.'
            : explain(failure)}
        </span>
      ) : null}
    </span>
  );
}
